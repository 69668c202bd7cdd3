/**
 * PGlite (embedded PostgreSQL compiled to WebAssembly) as a SqlClient: the contract tests and the
 * bench run the PostgreSQL stores on it without a server. PGlite is one connection, so a
 * transaction holds it exclusively, and `search_path` is set once for the whole instance.
 */
import type { PGlite } from '@electric-sql/pglite';
import { buildPgStores, type PgStores } from './index.js';
import { quoteIdent, type SqlClient, type SqlQueryable } from './sql.js';

interface PgliteLike {
  query: PGlite['query'];
  exec: PGlite['exec'];
}

function wrap(db: PgliteLike): SqlQueryable {
  return {
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await db.query<R>(text, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
    async exec(script: string) {
      await db.exec(script);
    },
  };
}

/** Wraps an open PGlite instance; `close` closes it unless `keepOpen` (a shared test instance). */
export function pgliteClient(db: PGlite, options: { keepOpen?: boolean } = {}): SqlClient {
  return {
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    async close() {
      if (!options.keepOpen) await db.close();
    },
  };
}

/**
 * The PostgreSQL stores on a PGlite instance, in their own schema (search_path is set for the
 * whole instance, so one instance serves one store at a time).
 */
export async function openPgliteStores(db: PGlite, schema: string, options: { keepOpen?: boolean } = {}): Promise<PgStores> {
  const sql = pgliteClient(db, options);
  const stores = await buildPgStores(sql, `pglite (schema ${schema})`, { schema });
  await db.exec(`SET search_path TO ${quoteIdent(schema)}`);
  return stores;
}
