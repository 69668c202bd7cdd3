/**
 * The HTTP door: a fastify server made of plugins, one concern a file (docs/architecture.md):
 *
 * | concern | file |
 * |---|---|
 * | logging (pino; lazy per-request children at warn and above) | logging.ts |
 * | lifecycle and the common headers | headers.ts |
 * | limits: connections (global, per address), slow headers and bodies, the rate limiter's lifetime | limits.ts |
 * | deadlines and admission control of heavy work | deadline.ts, admission.ts |
 * | auth + rate limit: the route guard | guard.ts (auth.ts, rate-limit.ts) |
 * | errors: the one error body, 404/405 | error-handler.ts (errors.ts) |
 * | body parsing: JSON only, within the body limits | json-body.ts |
 * | operation routes and the OpenAPI document | routes.ts |
 * | further doors (MCP, narrator) | doors.ts |
 *
 * This file builds what they share (kit.ts) and registers them in order.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { SvcConfig } from '../config/config.js';
import type { Stores } from '../ops/facade/stores.js';
import type { Operation } from '../ops/types.js';
import { ANONYMOUS, createAuthenticator } from './auth.js';
import { admissionPlugin, createAdmissionGate } from './admission.js';
import { DEADLINE_MARGIN_MS } from './deadline.js';
import { answerConnect, answerHostless, answerUnmetExpectations, clientErrorHandler } from './client-errors.js';
import type { HttpDoor } from './door.js';
import { doorsPlugin } from './doors.js';
import { errorsPlugin, sendError } from './error-handler.js';
import { guardPlugin } from './guard.js';
import { lifecyclePlugin, type Lifecycle } from './headers.js';
import { jsonBodyPlugin, jsonLimitsFor } from './json-body.js';
import type { ServerKit } from './kit.js';
import { limitsPlugin, nodeServerOptions } from './limits.js';
import { doorLogging } from './logging.js';
import { createRateLimiter } from './rate-limit.js';
import { contextFactory } from './request-context.js';
import { trustProxyOption } from './request-meta.js';
import { routesPlugin } from './routes.js';
import { requestId } from './request-id.js';
import { keepTickShape } from './tick-shape.js';

export interface BuildServerOptions {
  config: SvcConfig;
  stores: Stores;
  operations: readonly Operation[];
  now?: () => Date;
  /** Ids for both requests and what operations mint (tests); default: request ids from request-id.ts, UUIDs for the rest. */
  newId?: () => string;
  /** Further doors served by this server (svc serve passes the MCP and narrator door, src/mcp). */
  doors?: readonly HttpDoor[];
  /** Fastify logger options (pino); default: JSON lines at config.logLevel on stderr (stdout is for results). */
  logger?: FastifyServerOptions['logger'];
  /** Rate-limit backend; default: the configured one (Redis with SVC_REDIS_URL), closed with the server. */
  rateLimiter?: ServerKit['limiter'];
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config, stores, operations } = options;
  keepTickShape();
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const newRequestId = options.newId ?? requestId;
  const logging = doorLogging(options.logger ?? { level: config.logLevel, stream: process.stderr }, config.logLevel);
  const auth = await createAuthenticator(config, stores, now);
  const lifecycle: Lifecycle = { closing: false };
  const app = Fastify({
    ...logging.fastify,
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    // A hop count or proxy list: the client address is the one those proxies appended (proxy-addr),
    // never the client's own left-most X-Forwarded-For entry.
    trustProxy: trustProxyOption(config.trustProxy),
    exposeHeadRoutes: false,
    requestTimeout: config.requestTimeoutMs,
    // Never shorter than the request deadline (admission.ts): a request past it is answered 503
    // with the error body before the idle socket could be destroyed.
    connectionTimeout: config.requestTimeoutMs + DEADLINE_MARGIN_MS,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Header and body timeouts checked often enough to act when documented; Host checked by us (limits.ts).
    http: nodeServerOptions(config),
    // While closing, requests already on open connections are served (with `connection: close`)
    // rather than answered by fastify's own 503 body, which is not our error body.
    return503OnClosing: false,
    // Errors before routing (a malformed URL) get the one error body too.
    frameworkErrors: (error, request, reply) => sendError({ lifecycle, requestLog: logging.requestLog }, error, request, reply),
    // So do the parser's own errors (431, 400, 408) that come before any request object exists.
    clientErrorHandler: clientErrorHandler(newRequestId, auth.securityMode),
  });
  answerUnmetExpectations(app.server, newRequestId, auth.securityMode);
  answerHostless(app.server, newRequestId, auth.securityMode);
  answerConnect(app.server, newRequestId, auth.securityMode);
  const log = logging.root ?? app.log;
  // The limiter reads the clock on every request: Date.now unless a test clock was given.
  const clock = options.now ? () => now().getTime() : Date.now;
  const limiter = options.rateLimiter ?? (await createRateLimiter(config, clock, (message) => log.warn(message)));
  const kit: ServerKit = {
    config,
    operations,
    doors: options.doors ?? [],
    newId,
    auth,
    limiter,
    ownsLimiter: !options.rateLimiter,
    lifecycle,
    jsonLimits: jsonLimitsFor(config.bodyLimitBytes),
    requestLog: logging.requestLog,
    contextOf: contextFactory({ now, newId, config, stores: Promise.resolve(stores), limiter, requestLog: logging.requestLog, gate: createAdmissionGate(config, ANONYMOUS) }, ANONYMOUS),
  };

  await app.register(lifecyclePlugin, kit);
  await app.register(limitsPlugin, kit);
  await app.register(admissionPlugin, kit);
  await app.register(guardPlugin, kit);
  await app.register(errorsPlugin, kit);
  await app.register(jsonBodyPlugin, kit);
  await app.register(routesPlugin, kit);
  await app.register(doorsPlugin, kit);
  return app;
}
