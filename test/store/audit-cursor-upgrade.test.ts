/**
 * Schema version 8 numbers audit events per tenant (the cursor no longer carries the store-wide
 * counter). On both engines: a journal written at version 7, interleaving two tenants, is numbered
 * 1..n per tenant in its old order, and a v1 cursor handed out before the upgrade continues the walk
 * with every remaining event exactly once, the next cursors being v2.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeAuditCursor } from '../../src/store/cursor.js';
import { openPgliteStores, pgliteClient } from '../../src/store/postgres/pglite.js';
import { pgMigrate, pgMigrations } from '../../src/store/postgres/index.js';
import { numbered } from '../../src/store/sql/placeholders.js';
import { DB_FILE_NAME, migrate, migrations, openDatabase, openSqliteStores } from '../../src/store/sqlite/index.js';
import type { Stores } from '../../src/store/types.js';
import { uniqueSchema } from './contract/engines.js';
import { auditEvent, tempDir } from './helpers.js';

const V7_INSERT = 'INSERT INTO audit_events (id, tenant_id, created_at, type, actor, trade_date, source, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
/** Twelve events at version 7: tenant a at odd, b at even insertions. */
const OLD = Array.from({ length: 12 }, (_, i) => ({ tenant: i % 2 === 0 ? 'a' : 'b', event: auditEvent({ source: `old-${i}` }) }));
const params = (o: (typeof OLD)[number]) => [o.event.id, o.tenant, o.event.createdAt, o.event.type, o.event.actor, o.event.tradeDate, o.event.source, JSON.stringify(o.event.metadata)];
const v1 = (seq: number) => Buffer.from(`v1:${seq}`).toString('base64url');

async function walk(stores: Stores, tenant: string, before: string | undefined): Promise<{ ids: string[]; cursors: string[] }> {
  const ids: string[] = [];
  const cursors: string[] = [];
  for (let guard = 0; guard < 20; guard++) {
    const page = await stores.audit.list(tenant, { limit: 2, before });
    ids.push(...page.events.map((e) => e.id));
    if (page.nextBefore === null) return { ids, cursors };
    cursors.push(page.nextBefore);
    before = page.nextBefore;
  }
  throw new Error('walk did not end');
}

async function checkUpgraded(stores: Stores): Promise<void> {
  const a = OLD.filter((o) => o.tenant === 'a').map((o) => o.event.id);
  // Numbered per tenant: a's six events are positions 1..6, in their old order.
  expect((await stores.audit.all('a')).map((e) => e.id)).toEqual(a);
  const first = await stores.audit.list('a', { limit: 1 });
  expect(decodeAuditCursor(first.nextBefore ?? '')).toEqual({ position: 6 });
  // A pre-upgrade cursor: "before store-wide seq 8" (a's 4th event is seq 7): a's first three, then v2 cursors.
  const rest = await walk(stores, 'a', v1(8));
  expect(rest.ids).toEqual(a.slice(0, 4).reverse());
  expect(rest.cursors.map(decodeAuditCursor)).toEqual([{ position: 3 }]);
  // New events continue the tenant's numbering.
  await stores.audit.append('b', auditEvent());
  const b = await stores.audit.list('b', { limit: 1 });
  expect(decodeAuditCursor(b.nextBefore ?? '')).toEqual({ position: 7 });
}

let done: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of done.reverse()) await f();
  done = [];
});

describe('audit numbering per tenant: upgrading a version-7 journal', () => {
  it('sqlite', async () => {
    const { dir, cleanup } = tempDir();
    done.push(cleanup);
    const db = openDatabase(join(dir, DB_FILE_NAME));
    migrate(db, migrations.slice(0, 7));
    const insert = db.prepare(V7_INSERT);
    for (const o of OLD) insert.run(...params(o));
    db.close();
    const stores = openSqliteStores(dir);
    done.push(() => stores.close());
    await checkUpgraded(stores);
  });

  it('postgres (PGlite)', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite();
    done.push(() => pglite.close());
    const schema = uniqueSchema();
    const sql = pgliteClient(pglite, { keepOpen: true });
    await pgMigrate(sql, schema, pgMigrations.slice(0, 7));
    await pglite.exec(`SET search_path TO ${schema}`);
    for (const o of OLD) await sql.query(numbered(V7_INSERT), params(o));
    const stores = await openPgliteStores(pglite, schema, { keepOpen: true });
    await checkUpgraded(stores);
  }, 120_000);
});
