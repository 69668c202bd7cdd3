/**
 * Response headers of the HTTP door. `X-Svc-API-Version` carries the surface's major, `v1`, the
 * same value as health's `app.apiVersion`; the exact description version (1.0.0) is in the
 * OpenAPI document's info.version. Anonymous health and the OpenAPI document omit
 * `X-Svc-Security-Mode` (spec: status and interface-description metadata stay mode-neutral).
 */
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import { rootPlugin } from './plugin.js';

/** The door's one piece of mutable state: set once when the server starts closing. */
export interface Lifecycle {
  closing: boolean;
}

export const API_VERSION_HEADER = 'x-svc-api-version';
export const API_VERSION = 'v1';
export const SECURITY_MODE_HEADER = 'x-svc-security-mode';
export const REQUEST_ID_HEADER = 'x-request-id';
export const CACHE_CONTROL = 'no-store';

export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const;

export const OPENAPI_PATH = '/api/openapi.json';

/** A reply's headers as fastify keeps them until it writes them (lower-case names). */
export type HeaderRecord = Record<string, string | number | string[]>;

/**
 * fastify's own symbol for that record (lib/symbols.js), found once; undefined should a fastify
 * version not have it, and then every header goes through `reply.header` as before.
 */
const REPLY_HEADERS: symbol | undefined = (() => {
  try {
    const symbol = (createRequire(import.meta.url)('fastify/lib/symbols.js') as { kReplyHeaders?: unknown }).kReplyHeaders;
    return typeof symbol === 'symbol' ? symbol : undefined;
  } catch {
    return undefined;
  }
})();

/** The reply's header record when it is fastify's plain object, so headers can be stored in it directly. */
export function headerRecord(reply: FastifyReply): HeaderRecord | undefined {
  if (REPLY_HEADERS === undefined) return undefined;
  const record = (reply as unknown as Record<symbol, unknown>)[REPLY_HEADERS];
  return record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as HeaderRecord) : undefined;
}

function isEmpty(record: HeaderRecord): boolean {
  for (const _ in record) return false;
  return true;
}

/**
 * The headers every response carries (request id, no caching, API version, nosniff, the security
 * mode unless `securityMode` is undefined, and `connection: close` once the server is closing), set
 * once per request: by the route's onRequest hook (guard.ts), or, for a request no route took (404,
 * 405, a framework error), by the error handler.
 *
 * On a reply with no header yet (every route's hook) they are set in one step: fastify's record
 * is replaced by one object literal of lower-case names, the same for every request, instead of
 * five `reply.header` calls (each lower-cases its name and adds a property to a fresh object). Its
 * names are written out, not computed (`[REQUEST_ID_HEADER]`): a computed key would put the literal
 * on V8's slower definition path (tick-shape.ts).
 * fastify writes the record as it did (`writeHead`); the headers and their values are the same.
 */
export function setCommonHeaders(reply: FastifyReply, lifecycle: Lifecycle, securityMode?: string): void {
  const record = headerRecord(reply);
  if (record !== undefined && isEmpty(record)) {
    (reply as unknown as Record<symbol, HeaderRecord>)[REPLY_HEADERS as symbol] =
      securityMode === undefined
        ? { 'x-request-id': reply.request.id, 'cache-control': CACHE_CONTROL, 'x-svc-api-version': API_VERSION, 'x-content-type-options': 'nosniff' }
        : { 'x-request-id': reply.request.id, 'cache-control': CACHE_CONTROL, 'x-svc-api-version': API_VERSION, 'x-content-type-options': 'nosniff', 'x-svc-security-mode': securityMode };
  } else {
    reply.header(REQUEST_ID_HEADER, reply.request.id);
    reply.header('cache-control', CACHE_CONTROL);
    reply.header(API_VERSION_HEADER, API_VERSION);
    reply.header('x-content-type-options', 'nosniff');
    if (securityMode !== undefined) reply.header(SECURITY_MODE_HEADER, securityMode);
  }
  if (lifecycle.closing) reply.header('connection', 'close');
}

/**
 * Graceful close: in-flight requests finish, and their keep-alive connections are told to close
 * (`connection: close` on every reply sent from then on), so close() does not wait for idle
 * sockets to time out.
 */
export const lifecyclePlugin = rootPlugin<{ lifecycle: Lifecycle }>('svc-lifecycle', (app, kit, done) => {
  app.addHook('preClose', (closed) => {
    kit.lifecycle.closing = true;
    closed();
  });
  done();
});
