/**
 * What the plugins of the HTTP door share, built once per server by `buildServer` and handed to each
 * plugin as its options: the configuration, who is calling (the authenticator), the rate limiter,
 * the door's lifecycle, and the one way to build a request's OpContext.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SvcConfig } from '../config/config.js';
import type { OpContext, Operation } from '../ops/types.js';
import type { Authenticator } from './auth.js';
import type { HttpDoor } from './door.js';
import type { Lifecycle } from './headers.js';
import type { JsonLimits } from './json-body.js';
import type { RateLimiter } from './rate-limit.js';

export interface ServerKit {
  config: SvcConfig;
  operations: readonly Operation[];
  doors: readonly HttpDoor[];
  newId: () => string;
  auth: Authenticator;
  limiter: RateLimiter;
  /** True when this server created the limiter and so closes it. */
  ownsLimiter: boolean;
  lifecycle: Lifecycle;
  jsonLimits: JsonLimits;
  /** The request's logger (logging.ts). */
  requestLog(request: FastifyRequest): FastifyBaseLogger;
  /** The request's OpContext for the caller its guard admitted (request-context.ts). */
  contextOf(request: FastifyRequest): OpContext;
}
