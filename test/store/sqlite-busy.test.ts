/**
 * SQLITE_BUSY under load (issue 26): another connection holds the write lock. A store call waits a
 * bounded time with the event loop free (reads and timers go on), then fails as 503
 * `store_unavailable`; when the lock is released within the wait, the write commits. Also group
 * commit: concurrent appends share transactions yet each gets its own answer.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openSqliteStores, type SqliteStores } from '../../src/store/sqlite/index.js';
import { harness, post } from '../http/harness.js';
import { auditEvent, tempDir } from './helpers.js';

let dir: string;
let cleanup: () => void;
let stores: SqliteStores;
let other: Database.Database;
beforeEach(() => {
  ({ dir, cleanup } = tempDir('svc-busy-'));
  stores = openSqliteStores(dir, { busyWaitMs: 400 });
  other = new Database(join(dir, DB_FILE_NAME));
});
afterEach(async () => {
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  await stores.close();
  cleanup();
});

/** Counts timer ticks until stopped: proof the event loop ran while a call was waiting. */
function ticker(): { stop(): number } {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  return { stop: () => (clearInterval(timer), ticks) };
}

describe('sqlite: another writer holds the lock', () => {
  it('a write waits with the event loop free, then fails 503 store_unavailable; nothing is written; reads go on', async () => {
    const before = auditEvent();
    await stores.audit.append('t1', before);
    other.exec('BEGIN IMMEDIATE');
    const ticks = ticker();
    const blocked = stores.audit.append('t1', auditEvent()).then(() => 'committed', (error: unknown) => error);
    const key = stores.apiKeys.touch('k', '2025-03-01T00:00:00.000Z').then(() => 'committed', (error: unknown) => error);
    // WAL: a reader is not blocked by the writer's lock, and answers while the writes wait.
    expect((await stores.audit.all('t1')).map((e) => e.id)).toEqual([before.id]);
    expect(await blocked).toMatchObject({ code: 'unavailable', reason: 'store_unavailable' });
    expect(await key).toMatchObject({ code: 'unavailable', reason: 'store_unavailable' });
    expect(ticks.stop()).toBeGreaterThan(3);
    other.exec('ROLLBACK');
    expect((await stores.audit.all('t1')).map((e) => e.id)).toEqual([before.id]);
  });

  it('a write that meets the lock commits once the lock is released within the wait', async () => {
    other.exec('BEGIN IMMEDIATE');
    const e = auditEvent();
    const pending = stores.audit.append('t1', e);
    setTimeout(() => other.exec('COMMIT'), 50);
    await pending;
    expect((await stores.audit.all('t1')).map((x) => x.id)).toEqual([e.id]);
  });
});

describe('sqlite: group commit', () => {
  it('concurrent appends each get their own answer: a duplicate id is 409 alone, the rest commit in order', async () => {
    const first = auditEvent();
    await stores.audit.append('t1', first);
    const events = Array.from({ length: 20 }, (_, i) => auditEvent({ source: `g${i}` }));
    const results = await Promise.allSettled([
      ...events.slice(0, 10).map((e) => stores.audit.append('t1', e)),
      stores.audit.append('t1', first),
      stores.audit.append('t1', { ...auditEvent(), id: 'not-a-uuid' }),
      ...events.slice(10).map((e) => stores.audit.append('t1', e)),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code))).toEqual([
      ...Array(10).fill('ok'), 'conflict', 'validation_error', ...Array(10).fill('ok'),
    ]);
    expect((await stores.audit.all('t1')).map((e) => e.id)).toEqual([first.id, ...events.map((e) => e.id)]);
    const page = await stores.audit.list('t1', { limit: 1 });
    expect(page.events[0]?.id).toBe(events[19]?.id);
  });
});

describe('sqlite locked, over HTTP', () => {
  it('an audit write answers 503 with the one error body and Retry-After, then 201 once the lock is gone', async () => {
    const h = await harness({ stores });
    try {
      const body = { type: 'prices_loaded', tradeDate: '02.03.2026', source: 'busy' };
      other.exec('BEGIN IMMEDIATE');
      const refused = await h.inject(post('/api/audit/events', body));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(h.json(refused)).toMatchObject({ error: { code: 'unavailable', reason: 'store_unavailable' } });
      other.exec('ROLLBACK');
      expect((await h.inject(post('/api/audit/events', body))).statusCode).toBe(201);
    } finally {
      await h.app.close();
    }
  });
});
