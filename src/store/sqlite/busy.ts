/**
 * Bounded waiting for another process's write lock. better-sqlite3 waits for a lock inside SQLite's
 * busy handler, synchronously: with a long busy_timeout one blocked write freezes the whole event
 * loop, and every request queued behind it inherits the wait (the 10-second tails of issue 26).
 * So the connection's own busy_timeout is short (SHORT_BUSY_MS, a brief lock passes unnoticed) and
 * the rest of the wait happens here, between attempts, with the event loop free: a store call that
 * meets SQLITE_BUSY/SQLITE_LOCKED is tried again with growing pauses until BUSY_WAIT_MS has passed,
 * then fails as 503 `store_unavailable` (the HTTP door adds Retry-After). A call that met the lock
 * changed nothing (its statement or transaction was rolled back), so trying again is safe.
 */
import { storeUnavailable } from '../errors.js';

/** SQLite's own wait inside one attempt (ms). */
export const SHORT_BUSY_MS = 20;
/** The whole wait of one store call for another writer's lock before 503 (ms). */
export const BUSY_WAIT_MS = 2_000;

export function isBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work`, again after pauses while the database is locked, for at most `waitMs`. */
export async function retryWhileBusy<T>(work: () => Promise<T>, waitMs = BUSY_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw storeUnavailable('SQLite database locked by another writer', error);
      await pause(Math.min(delay, left));
    }
  }
}

/** The store with every method run through retryWhileBusy. */
export function boundedBusy<T extends object>(store: T, waitMs = BUSY_WAIT_MS): T {
  const methods = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      let method = methods.get(key);
      if (!method) {
        const fn = value as (...args: unknown[]) => Promise<unknown>;
        method = (...args: unknown[]) => retryWhileBusy(() => fn.apply(target, args), waitMs);
        methods.set(key, method);
      }
      return method;
    },
  });
}
