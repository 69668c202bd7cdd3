/**
 * The HTTP door: one fastify route per registry operation that has an `http` binding, plus the
 * OpenAPI document. No product route is written by hand. Per request: common headers, then the
 * route's guard (authentication → rate limit) before the body is even parsed, then the JSON body
 * checked against the body limits (json-body.ts), then `invoke` — permission, validation by the
 * op's zod schema (compiled by zod, input.ts; 400 with each failing path), `run`, output rounding —
 * then the output written exactly as JSON.stringify would (serialize.ts) with the op's status and
 * headers.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { SvcConfig } from '../config.js';
import { SvcError } from '../domain/errors.js';
import type { Stores } from '../ops/facade/stores.js';
import type { Access, Caller, Operation } from '../ops/types.js';
import { RequestContext, rateKey } from './request-context.js';
import { ANONYMOUS, createAuthenticator, type Authenticator } from './auth.js';
import { errorBody, toSvcError } from './errors.js';
import { applyDecision, countHit, createRateLimiter, FixedWindowLimiter, type RateLimiter } from './rate-limit.js';
import { inputOf, inputParser } from './input.js';
import { serializerFor } from './serialize.js';
import { invoke } from '../ops/invoke.js';
import { buildOpenApi } from './openapi.js';
import { DEFAULT_JSON_LIMITS, registerJsonBody } from './json-body.js';
import { answerUnmetExpectations, clientErrorHandler } from './client-errors.js';
import { methodTable, redactedRequest, trustProxyOption } from './request-meta.js';
import type { HttpDoor } from './door.js';
import { checkJsonLimits } from './json-body.js';
import {
  API_VERSION,
  API_VERSION_HEADER,
  CACHE_CONTROL,
  OPENAPI_PATH,
  REQUEST_ID_HEADER,
  SECURITY_MODE_HEADER,
} from './headers.js';

const HEALTH_PATH = '/api/health';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the route's guard admitted; null on routes without a guard (anonymous). */
    svcCaller: Caller | null;
  }
}

export interface BuildServerOptions {
  config: SvcConfig;
  stores: Stores;
  operations: readonly Operation[];
  now?: () => Date;
  newId?: () => string;
  /** Further doors served by this server (svc serve passes the MCP and narrator door, src/mcp). */
  doors?: readonly HttpDoor[];
  /** Fastify logger options (pino); default: JSON lines at config.logLevel on stderr (stdout is for results). */
  logger?: FastifyServerOptions['logger'];
  /** Rate-limit backend; default: the configured one (Redis with SVC_REDIS_URL), closed with the server. */
  rateLimiter?: RateLimiter;
}

/** Routes whose responses omit X-Svc-Security-Mode (anonymous status and interface metadata). */
const MODE_NEUTRAL = new Set([HEALTH_PATH, OPENAPI_PATH]);
type Done = (error?: Error) => void;
/** What a route's guard reads of an operation. */
type Guarded = Pick<Operation, 'access' | 'permission'>;

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config, stores, operations } = options;
  const doors = options.doors ?? [];
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const auth: Authenticator = await createAuthenticator(config, stores, now);
  let warnLimiter = (message: string): void => void process.stderr.write(`${message}\n`);
  const limiter = options.rateLimiter ?? (await createRateLimiter(config, () => now().getTime(), (m) => warnLimiter(m)));
  const storesReady = Promise.resolve(stores);

  const logger = options.logger ?? { level: config.logLevel, stream: process.stderr };
  const app = Fastify({
    // The request line is logged with credential-like query values redacted (a key put in a URL by mistake).
    logger: typeof logger === 'object' && logger !== null ? { ...logger, serializers: { req: redactedRequest } } : logger,
    genReqId: () => newId(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    // A hop count or proxy list: the client address is the one those proxies appended (proxy-addr),
    // never the client's own left-most X-Forwarded-For entry.
    trustProxy: trustProxyOption(config.trustProxy),
    exposeHeadRoutes: false,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // While closing, requests already on open connections are served (with `connection: close`)
    // rather than answered by fastify's own 503 body, which is not our error body.
    return503OnClosing: false,
    // Errors before routing (a malformed URL) get the one error body too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    // So do the parser's own errors (431, 400, 408) that come before any request object exists.
    clientErrorHandler: clientErrorHandler(newId, auth.securityMode),
  });
  answerUnmetExpectations(app.server, newId, auth.securityMode);
  warnLimiter = (message) => app.log.warn(message);
  const syncLimiter = limiter instanceof FixedWindowLimiter ? limiter : undefined;
  if (!options.rateLimiter) app.addHook('onClose', async () => limiter.close());
  // A request property declared up front (fastify keeps the request shape stable), cheaper than a
  // WeakMap entry per request.
  app.decorateRequest('svcCaller', null);
  // Only JSON bodies: anything else, text/plain included, is 415; JSON is checked against the body limits.
  app.removeContentTypeParser('text/plain');
  const jsonLimits = { ...DEFAULT_JSON_LIMITS, maxNodes: Math.max(DEFAULT_JSON_LIMITS.maxNodes, Math.floor(config.bodyLimitBytes / 4)) };
  registerJsonBody(app, jsonLimits);
  // Every open socket costs a descriptor: beyond the cap, new connections are closed at accept.
  app.server.maxConnections = config.maxConnections;
  // Node answers a request whose headers take longer with 408: a slow-header client cannot hold a socket.
  app.server.headersTimeout = config.headersTimeoutMs;

  const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const svc = toSvcError(error);
    if (svc.status >= 500 && !(error instanceof SvcError)) request.log.error({ err: error }, 'unexpected error');
    // Idempotent: errors raised before the onRequest hook (framework errors) still carry them.
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header('cache-control', CACHE_CONTROL);
    reply.header(API_VERSION_HEADER, API_VERSION);
    if (closing) reply.header('connection', 'close');
    return reply.code(svc.status).type('application/json; charset=utf-8').send(errorBody(svc, String(request.id)));
  };

  // Graceful close: in-flight requests finish, and their keep-alive connections are told to close
  // (set where every reply is sent), so close() does not wait for idle sockets to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style, not async: this runs on every request and a promise per hook is measurable.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header('cache-control', CACHE_CONTROL);
    reply.header(API_VERSION_HEADER, API_VERSION);
    reply.header('x-content-type-options', 'nosniff');
    if (closing) reply.header('connection', 'close');
    done();
  });
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  const allowedMethods = methodTable(operations, [{ method: 'GET', path: OPENAPI_PATH }, ...doors.flatMap((d) => d.routes)]);
  app.setNotFoundHandler((request, reply) => {
    reply.header(SECURITY_MODE_HEADER, auth.securityMode);
    const path = request.url.split('?')[0] ?? '';
    // A path that exists under other methods is a 405 with Allow (RFC 9110 15.5.6), not a 404.
    const allow = allowedMethods(path);
    if (allow.length > 0) {
      reply.header('allow', allow.join(', '));
      return sendError(new SvcError(405, 'method_not_allowed', `${request.method} is not allowed on ${path.slice(0, 200)}; allowed: ${allow.join(', ')}`, { reason: 'method_not_allowed' }), request, reply);
    }
    return sendError(new SvcError(404, 'not_found', `no route for ${request.method} ${path.slice(0, 200)}`, { reason: 'unknown_route' }), request, reply);
  });

  const openapi = buildOpenApi(operations, config, doors);
  app.get(OPENAPI_PATH, async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
    return openapi;
  });

  /** Sets the security-mode header; public ops have nothing else to check, so this stays synchronous. */
  const markMode = (_request: FastifyRequest, reply: FastifyReply, done: Done) => {
    reply.header(SECURITY_MODE_HEADER, auth.securityMode);
    done();
  };

  /** Failed credentials count against the address, so guessing keys is rate limited too. */
  const rejected = (error: unknown, request: FastifyRequest, reply: FastifyReply, done: Done): void => {
    if (!(error instanceof SvcError && error.status === 401)) return done(error as Error);
    limit(`ip:${request.ip}`, reply, (limited) => done(limited ?? (error as Error)));
  };

  /**
   * auth → rate limit → permission, before the body is read. Callback style: most callers resolve
   * without I/O, and then no promise is made at all.
   */
  const guardFor = (op: Guarded) => (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    reply.header(SECURITY_MODE_HEADER, auth.securityMode);
    let resolved: Caller | Promise<Caller>;
    try {
      resolved = auth.resolve(op.access, request.headers);
    } catch (error) {
      rejected(error, request, reply, done);
      return;
    }
    // No closure on the synchronous path (the common one): it would be allocated per request.
    if (resolved instanceof Promise) {
      resolved.then(
        (caller) => admitThen(op, caller, request, reply, done),
        (error: unknown) => rejected(error, request, reply, done),
      );
    } else {
      admitThen(op, resolved, request, reply, done);
    }
  };

  /** Rate limit once the caller is known (429); what the caller may do is decided by invoke(). */
  const admitThen = (op: Guarded, caller: Caller, request: FastifyRequest, reply: FastifyReply, done: Done) => {
    if (op.access === 'public') {
      request.svcCaller = caller;
      done();
      return;
    }
    if (syncLimiter) {
      // The in-process limiter answers synchronously: no closure or promise on the hot path.
      const limited = applyDecision(syncLimiter.hit(rateKey(caller, request.ip)), config.rateLimitWindowMs, reply);
      if (limited) return done(limited);
      request.svcCaller = caller;
      return done();
    }
    limit(rateKey(caller, request.ip), reply, (limited) => {
      if (limited) return done(limited);
      request.svcCaller = caller;
      done();
    });
  };

  for (const op of operations) {
    const http = op.http;
    if (!http) continue;
    const unguarded = op.access === 'public' && !op.permission;
    const input = inputParser(op);
    const serialize = serializerFor(op.output);
    app.route({
      method: http.method,
      url: http.path,
      // HEAD answers every GET route with its headers and no body (RFC 9110 9.3.2).
      exposeHeadRoute: http.method === 'GET',
      // Per route, because request.routeOptions is rebuilt on every access (too slow for every request).
      onRequest: unguarded ? (MODE_NEUTRAL.has(http.path) ? undefined : markMode) : guardFor(op),
      handler: async (request, reply) => {
        const ctx = new RequestContext(now, newId, config, request.svcCaller ?? ANONYMOUS, request, storesReady, limiter);
        const output: unknown = await invoke(op, ctx, inputOf(op, request), { parse: input.parse });
        reply.code(http.statusOf ? http.statusOf(output) : http.successStatus);
        if (closing) reply.header('connection', 'close');
        if (http.headers) reply.headers(http.headers);
        if (http.headersOf) reply.headers(http.headersOf(output));
        return reply.type('application/json; charset=utf-8').send(serialize(output));
      },
    });
  }

  // Further doors (src/mcp): the same guard, the same context, the same body limits.
  for (const door of doors) {
    door.register(app, {
      operations,
      guard: (access: Access) => guardFor({ access }),
      context: (request) => new RequestContext(now, newId, config, request.svcCaller ?? ANONYMOUS, request, storesReady, limiter),
      checkBody: (value) => checkJsonLimits(value, jsonLimits),
    });
  }

  function limit(key: string, reply: FastifyReply, then: (limited: SvcError | undefined) => void): void {
    countHit(limiter, key, config.rateLimitWindowMs, (name, value) => reply.header(name, value), then);
  }

  return app;
}
