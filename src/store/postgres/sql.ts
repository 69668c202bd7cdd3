/**
 * The one thing the PostgreSQL stores need of a database: parameterised queries, multi-statement
 * scripts (migrations) and transactions. A `pg.Pool` (a server) and a PGlite instance (embedded
 * PostgreSQL, tests) both satisfy it through the small adapters here and in pglite.ts, so the
 * stores, their SQL and their contract tests are the same for both.
 */
import type { Pool, PoolClient } from 'pg';
import { SvcError } from '../../domain/errors.js';

export interface SqlResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted by the statement. */
  rowCount: number;
}

export interface SqlQueryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
  /** A script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface SqlClient extends SqlQueryable {
  /** Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function onClient(client: Pick<PoolClient, 'query'>): SqlQueryable {
  return {
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await client.query(text, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
    async exec(script: string) {
      await client.query(script);
    },
  };
}

/** A `pg.Pool` as a SqlClient; closing it ends the pool. */
export function poolClient(pool: Pool): SqlClient {
  const direct = onClient(pool);
  return {
    ...direct,
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await work(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection is unusable: do not return it to the pool
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** PostgreSQL's SQLSTATE of a driver error, if any. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs `write`, turning a unique violation (23505) into 409 `conflict` with the given message. */
export async function withConflict<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23505') throw new SvcError('conflict', message, { cause: error });
    throw error;
  }
}

/** A connection URL with its password replaced, fit for logs, health and error messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    for (const key of [...u.searchParams.keys()]) {
      if (/pass|secret|token|key/i.test(key)) u.searchParams.set(key, '***');
    }
    return u.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}

/** A quoted SQL identifier for a schema name already checked by isSchemaName. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
