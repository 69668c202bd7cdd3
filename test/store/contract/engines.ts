/**
 * The engines the store contract runs on: SQLite (in memory), embedded PostgreSQL (PGlite, always)
 * and a PostgreSQL server when SVC_TEST_DATABASE_URL is set. Each test gets fresh, empty stores:
 * a new in-memory database, or a new schema (unique per run) on the shared PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { openPostgresStores } from '../../../src/store/postgres/index.js';
import { openPgliteStores } from '../../../src/store/postgres/pglite.js';
import { openMemoryStores } from '../../../src/store/sqlite/index.js';
import type { Stores } from '../../../src/store/types.js';

export interface StoreEngine {
  name: string;
  /** Why the engine does not run here, or undefined when it does. */
  skipReason?: string;
  setup(): Promise<void>;
  open(): Promise<Stores>;
  teardown(): Promise<void>;
}

/** A schema name unique to this process and run. */
export function uniqueSchema(prefix = 'svc_test'): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export const TEST_DATABASE_URL = process.env.SVC_TEST_DATABASE_URL?.trim() || undefined;

function sqliteEngine(): StoreEngine {
  return { name: 'sqlite (in memory)', setup: async () => {}, open: async () => openMemoryStores(), teardown: async () => {} };
}

function pgliteEngine(): StoreEngine {
  let db: PGlite | undefined;
  return {
    name: 'postgres (embedded PGlite)',
    async setup() {
      const { PGlite } = await import('@electric-sql/pglite');
      db = new PGlite();
      await db.waitReady;
    },
    async open() {
      if (!db) throw new Error('setup first');
      return openPgliteStores(db, uniqueSchema(), { keepOpen: true });
    },
    async teardown() {
      await db?.close();
    },
  };
}

function serverEngine(): StoreEngine {
  const schemas: string[] = [];
  return {
    name: 'postgres (server at SVC_TEST_DATABASE_URL)',
    ...(TEST_DATABASE_URL === undefined
      ? { skipReason: 'SVC_TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test): the store contract against a PostgreSQL server was skipped' }
      : {}),
    setup: async () => {},
    async open() {
      const schema = uniqueSchema();
      schemas.push(schema);
      return openPostgresStores({ url: TEST_DATABASE_URL ?? '', schema, poolMax: 4 });
    },
    async teardown() {
      if (TEST_DATABASE_URL === undefined || schemas.length === 0) return;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

export const STORE_ENGINES: StoreEngine[] = [sqliteEngine(), pgliteEngine(), serverEngine()];
