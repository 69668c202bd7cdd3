/**
 * The one thing the PostgreSQL stores need of a database: parameterised queries, multi-statement
 * scripts (migrations) and transactions. A `pg.Pool` (a server) and a PGlite instance (embedded
 * PostgreSQL, tests) both satisfy it through the small adapters here and in pglite.ts, so the
 * stores, their SQL and their contract tests are the same for both.
 */
import type { Pool, PoolClient } from 'pg';
import { SvcError } from '../../domain/errors.js';
import { conflictError, storeUnavailable } from '../errors.js';

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

/**
 * SQLSTATEs and socket codes that mean the database went away, not that the statement was wrong:
 * connection exceptions (08), admin or crash shutdown and "cannot connect now" (57P01-03), too many
 * connections (53300), a database not accepting connections (55000, ALLOW_CONNECTIONS false), and
 * the socket's own failures.
 */
const GONE_STATE = /^(08...|57P0[1-3]|53300|55000)$/;
const GONE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's own messages for a lost or unobtainable connection (they carry no code). */
const GONE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended|Client was closed/i;

/** A driver error that means the connection was lost or could not be had. */
export function isConnectionLoss(error: unknown): boolean {
  const code = sqlState(error);
  if (code !== undefined) return GONE_STATE.test(code) || GONE_SOCKET.has(code);
  return error instanceof Error && GONE_MESSAGE.test(error.message);
}

/** Rethrows a lost connection as 503 `store_unavailable`; anything else unchanged. */
function translate(error: unknown): never {
  if (error instanceof SvcError || !isConnectionLoss(error)) throw error;
  throw storeUnavailable(`PostgreSQL ${sqlState(error) ?? 'connection lost'}`, error);
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return translate(error);
  }
}

function onClient(client: Pick<PoolClient, 'query'>): SqlQueryable {
  return {
    query: <R>(text: string, params: readonly unknown[] = []) =>
      guard(async () => {
        const result = await client.query(text, params as unknown[]);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
      }),
    exec: (script: string) =>
      guard(async () => {
        await client.query(script);
      }),
  };
}

/**
 * A client from the pool with `onLost` listening from the moment it is handed over: a connection
 * made in the same socket read that carries the server's termination notice emits 'error' before
 * any promise continuation could attach a listener, so the listener goes on in the pool's callback.
 */
function checkout(pool: Pool, onLost: () => void): Promise<PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((error, client) => {
      if (error || !client) return reject(error ?? new Error('Connection terminated: no client'));
      client.on('error', onLost);
      resolve(client);
    });
  });
}

/**
 * A `pg.Pool` as a SqlClient; closing it ends the pool. A checked-out client has no listener of the
 * pool's (that one covers idle clients only), so a transaction listens itself: a connection the
 * server terminates mid-transaction emits 'error', which unheard would end the process. The loss is
 * remembered, the client discarded, and the caller gets 503 `store_unavailable`.
 */
export function poolClient(pool: Pool): SqlClient {
  const direct = onClient(pool);
  return {
    ...direct,
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      let lost = false;
      const onLost = (): void => {
        lost = true;
      };
      const client = await guard(() => checkout(pool, onLost));
      let broken = false;
      try {
        const tx = onClient(client);
        await tx.exec('BEGIN');
        const result = await work(tx);
        await tx.exec('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection is unusable: do not return it to the pool
        }
        return translate(error);
      } finally {
        broken ||= lost;
        // A discarded client keeps the listener: the driver may report the same loss again while it closes.
        if (!broken) client.removeListener('error', onLost);
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
    if (sqlState(error) === '23505') throw conflictError(message, error);
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
