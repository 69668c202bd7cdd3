/**
 * Response headers of the HTTP door. `X-Svc-API-Version` carries the surface's major, `v1`, the
 * same value as health's `app.apiVersion`; the exact description version (1.0.0) is in the
 * OpenAPI document's info.version. Anonymous health and the OpenAPI document omit
 * `X-Svc-Security-Mode` (spec: status and interface-description metadata stay mode-neutral).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
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

/** The reply's header record when it is fastify's plain object: read (never written) to tell a reply with no header yet, without the copy `getHeaders()` makes. */
export function headerRecord(reply: FastifyReply): HeaderRecord | undefined {
  if (REPLY_HEADERS === undefined) return undefined;
  const record = (reply as unknown as Record<symbol, unknown>)[REPLY_HEADERS];
  return record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as HeaderRecord) : undefined;
}

function isEmpty(record: HeaderRecord): boolean {
  for (const _ in record) return false;
  return true;
}

/** Node's store of a response's headers: `{ [key]: [name, value] }` (http.OutgoingMessage), written as `name: value` lines. */
export type NodeHeaderStore = Record<string, [string, string | number]>;

/**
 * The keys under which svc puts its blocks of header lines in Node's store. A space is not a token
 * character, so no header name is ever one of them: `setHeader`, `getHeader` and `removeHeader` of
 * any real name never meet a block, and a block is never replaced by a header of the same name.
 */
export const COMMON_BLOCK = ' svc-common';
export const RATE_LIMIT_BLOCK = ' svc-rate-limit';

/**
 * Node's own symbol for a response's header store (`kOutHeaders`), found once and proven at start
 * on responses of its own: fresh, it is null; `setHeader` fills it as `{name: [name, value]}`; and
 * `writeHead` writes each entry it holds as `name: value` followed by CRLF, as it is, before the
 * headers it is given. Undefined should a Node version differ in any of these, and then the common
 * headers go through fastify's record as before.
 *
 * Why: Node checks every header it is handed against the token and value rules on `writeHead` (two
 * regular expressions per header) and lower-cases every name of 4 to 17 characters to look for the
 * few it treats specially; then it joins the lines one by one. svc's headers are its constants, the
 * request id it generated (request-id.ts; a client's id is never taken) and the limiter's integers:
 * none needs a check or is one Node treats specially. So each block of them is one entry whose
 * "name" is every line but the last one's value (docs/benchmarks.md, 2026-12-07 and "seventh session").
 */
const OUT_HEADERS: symbol | undefined = (() => {
  try {
    const probe = new ServerResponse(new IncomingMessage(new Socket()));
    const symbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'kOutHeaders');
    if (symbol === undefined) return undefined;
    const slots = probe as unknown as Record<symbol, unknown>;
    if (slots[symbol] !== null) return undefined;
    probe.setHeader('X-Probe', 'a');
    const stored = slots[symbol] as Record<string, unknown> | null;
    const entry = stored?.['x-probe'];
    if (!Array.isArray(entry) || entry[0] !== 'X-Probe' || entry[1] !== 'a') return undefined;
    const fresh = new ServerResponse(new IncomingMessage(new Socket()));
    (fresh as unknown as Record<symbol, unknown>)[symbol] = { __proto__: null, [COMMON_BLOCK]: ['x-a: 1\r\nx-probe', 7] };
    fresh.writeHead(200, { 'content-type': 'text/plain' });
    const head = (fresh as unknown as { _header?: unknown })._header;
    return typeof head === 'string' && head.includes('\r\nx-a: 1\r\nx-probe: 7\r\ncontent-type: text/plain\r\n') ? symbol : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * The prototype of the stores svc fills: empty and itself without a prototype, so a store reads as
 * Node's own (`{ __proto__: null }`: no inherited name answers `getHeader`), while V8 keeps it in
 * fast mode (an object made without any prototype is a dictionary, slower to fill and to walk).
 */
const STORE_PROTOTYPE: object = Object.create(null) as object;

/** Node's header store of the reply when it may be filled directly and holds nothing yet. */
function emptyNodeStore(reply: FastifyReply): boolean {
  return OUT_HEADERS !== undefined && (reply.raw as unknown as Record<symbol, unknown>)[OUT_HEADERS] === null;
}

/** Node's header store of the reply when the common headers were put there (setCommonHeaders). */
export function nodeStoreOf(reply: FastifyReply): NodeHeaderStore | undefined {
  if (OUT_HEADERS === undefined) return undefined;
  const store = (reply.raw as unknown as Record<symbol, unknown>)[OUT_HEADERS] as NodeHeaderStore | null;
  return store !== null && store[COMMON_BLOCK] !== undefined ? store : undefined;
}

/** Whether the reply carries the common headers already (in fastify's record or Node's store). */
export function hasCommonHeaders(reply: FastifyReply): boolean {
  return reply.hasHeader(REQUEST_ID_HEADER) || nodeStoreOf(reply) !== undefined;
}

/**
 * The lines after the request id's, but for the last one's value: `cache-control` to
 * `x-content-type-options` (mode-neutral) or to `x-svc-security-mode`, whose value is the mode.
 */
const NEUTRAL_LINES = `\r\ncache-control: ${CACHE_CONTROL}\r\n${API_VERSION_HEADER}: ${API_VERSION}\r\nx-content-type-options`;
const MODE_LINES = `${NEUTRAL_LINES}: nosniff\r\n${SECURITY_MODE_HEADER}`;

/**
 * The headers every response carries (request id, no caching, API version, nosniff, the security
 * mode unless `securityMode` is undefined, and `connection: close` once the server is closing), set
 * once per request: by the route's onRequest hook (guard.ts), or, for a request no route took (404,
 * 405, a framework error), by the error handler.
 *
 * On a reply with no header yet (every route's hook) they are one block in Node's header store
 * (above) under COMMON_BLOCK, in place of five `reply.header` calls; fastify's own headers (content
 * type and length, any set later) follow it when fastify writes the head. Without that store (a
 * Node whose store is not the one proven above), and on a reply that has headers already, they go
 * through `reply.header`. The headers, their values and their order are the same on every path
 * (test/http/headers.test.ts). A route must not set one of these names again (it would be written
 * twice; test/http/listen.test.ts asserts that no route of the server does).
 */
export function setCommonHeaders(reply: FastifyReply, lifecycle: Lifecycle, securityMode?: string): void {
  const record = headerRecord(reply);
  if (record !== undefined && isEmpty(record) && emptyNodeStore(reply)) {
    const store = Object.create(STORE_PROTOTYPE) as NodeHeaderStore;
    const id = reply.request.id as string;
    store[COMMON_BLOCK] = securityMode === undefined ? [`${REQUEST_ID_HEADER}: ${id}${NEUTRAL_LINES}`, 'nosniff'] : [`${REQUEST_ID_HEADER}: ${id}${MODE_LINES}`, securityMode];
    (reply.raw as unknown as Record<symbol, NodeHeaderStore>)[OUT_HEADERS as symbol] = store;
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
