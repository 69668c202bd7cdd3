/**
 * Response headers of the HTTP door. `X-Svc-API-Version` carries the surface's major, `v1`, the
 * same value as health's `app.apiVersion`; the exact description version (1.0.0) is in the
 * OpenAPI document's info.version. Anonymous health and the OpenAPI document omit
 * `X-Svc-Security-Mode` (spec: status and interface-description metadata stay mode-neutral).
 */
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

/**
 * The headers every response carries (request id, no caching, API version, nosniff, and
 * `connection: close` once the server is closing), set once per request: by the route's
 * onRequest hook (guard.ts), or, for a request no route took (404, 405, a framework error), by the
 * error handler.
 */
export function setCommonHeaders(reply: FastifyReply, lifecycle: Lifecycle): void {
  reply.header(REQUEST_ID_HEADER, reply.request.id);
  reply.header('cache-control', CACHE_CONTROL);
  reply.header(API_VERSION_HEADER, API_VERSION);
  reply.header('x-content-type-options', 'nosniff');
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
