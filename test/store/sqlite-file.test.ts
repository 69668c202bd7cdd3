import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, LATEST_SCHEMA_VERSION, migrate, migrations, openDatabase, openSqliteStores, schemaVersion } from '../../src/store/sqlite/index.js';
import { SHORT_BUSY_MS } from '../../src/store/sqlite/busy.js';
import { auditEvent, tempDir } from './helpers.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

describe('sqlite file store', () => {
  it('creates <dataDir>/svc.db with private permissions and the durability PRAGMAs', async () => {
    const dataDir = join(dir, 'nested', 'data');
    const stores = openSqliteStores(dataDir);
    try {
      expect(stores.kind).toBe('sqlite');
      expect(stores.location).toBe(join(dataDir, DB_FILE_NAME));
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(stores.location).mode & 0o777).toBe(0o600);
      expect(stores.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(stores.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(stores.db.pragma('foreign_keys', { simple: true })).toBe(1);
      // Short once open: a locked database is waited for between attempts, off the event loop (busy.ts).
      expect(stores.db.pragma('busy_timeout', { simple: true })).toBe(SHORT_BUSY_MS);
      expect(schemaVersion(stores.db)).toBe(LATEST_SCHEMA_VERSION);
      await stores.ping();
    } finally {
      await stores.close();
    }
  });

  it('keeps data across close and reopen, and reopening is idempotent', async () => {
    const e = auditEvent();
    const first = openSqliteStores(dir);
    await first.audit.append('t1', e);
    await first.close();
    for (let i = 0; i < 2; i++) {
      const again = openSqliteStores(dir);
      expect(schemaVersion(again.db)).toBe(LATEST_SCHEMA_VERSION);
      expect(await again.audit.all('t1')).toEqual([e]);
      await again.close();
    }
  });

  it('migrates a database written by an older version, keeping its rows', async () => {
    const file = join(dir, DB_FILE_NAME);
    const old = openDatabase(file);
    expect(migrate(old, migrations.slice(0, 1))).toBe(1);
    old
      .prepare('INSERT INTO audit_events (id, tenant_id, created_at, type, actor, trade_date, source, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run('6f1c1c2e-1d2b-4c8e-9a6f-0a1b2c3d4e5f', 't1', '2024-12-01T00:00:00.000Z', 'csv_imported', 'a', '01.12.2024', 'file', '{"rows":24}');
    expect(old.prepare("SELECT name FROM sqlite_master WHERE name = 'api_keys'").get()).toBeUndefined();
    old.close();

    const stores = openSqliteStores(dir);
    try {
      expect(schemaVersion(stores.db)).toBe(LATEST_SCHEMA_VERSION);
      const events = await stores.audit.all('t1');
      expect(events.map((e) => e.id)).toEqual(['6f1c1c2e-1d2b-4c8e-9a6f-0a1b2c3d4e5f']);
      expect(events[0]?.metadata).toEqual({ rows: 24 });
      // Tables of later migrations now exist and work.
      expect(await stores.apiKeys.listActive('t1')).toEqual([]);
      expect(await stores.profiles.list('t1', 'a')).toEqual([]);
      expect(await stores.subscriptions.list('t1')).toEqual([]);
      // New events continue after the migrated ones.
      await stores.audit.append('t1', auditEvent());
      expect(await stores.audit.all('t1')).toHaveLength(2);
    } finally {
      await stores.close();
    }
  });

  it('refuses a database from a newer svc with 503 store_schema_newer', () => {
    const db = openDatabase(join(dir, DB_FILE_NAME));
    migrate(db);
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSqliteStores(dir)).toThrow(expect.objectContaining({ code: 'unavailable', reason: 'store_schema_newer' }));
  });

  it('a failing migration rolls back whole, leaving the previous version', () => {
    const db = openDatabase(join(dir, DB_FILE_NAME));
    const broken = [...migrations.slice(0, 1), { version: 2, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT nope FROM missing;' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });

  it('declares migrations with unique, contiguous versions from 1', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    expect(LATEST_SCHEMA_VERSION).toBe(migrations.length);
  });

  it('close() is idempotent and later calls fail rather than silently succeed', async () => {
    const stores = openSqliteStores(dir);
    await stores.close();
    await stores.close();
    await expect(stores.ping()).rejects.toThrow();
    expect(existsSync(join(dir, DB_FILE_NAME))).toBe(true);
  });
});
