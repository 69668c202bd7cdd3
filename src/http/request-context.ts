/** What an operation sees of the world for one HTTP request (OpContext), and the rate-limit key of a caller. */
import type { FastifyRequest } from 'fastify';
import type { SvcConfig } from '../config.js';
import type { Caller, Logger, OpContext } from '../ops/types.js';
import type { Stores } from '../ops/facade/stores.js';
import type { RateLimiter } from './rate-limit.js';

/** The request's pino logger behind the ops' Logger interface (a class: no closures per request). */
class RequestLogger implements Logger {
  constructor(private readonly request: FastifyRequest) {}
  info(msg: string, fields?: Record<string, unknown>): void {
    this.request.log.info(fields ?? {}, msg);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.request.log.warn(fields ?? {}, msg);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.request.log.error(fields ?? {}, msg);
  }
}

/** What an op sees of the world for one request. */
export class RequestContext implements OpContext {
  readonly logger: Logger;
  constructor(
    readonly now: () => Date,
    readonly newId: () => string,
    readonly config: SvcConfig,
    readonly caller: Caller,
    request: FastifyRequest,
    private readonly opened: Promise<Stores>,
    private readonly limiter: RateLimiter,
  ) {
    this.logger = new RequestLogger(request);
  }
  stores(): Promise<Stores> {
    return this.opened;
  }
  rateLimitStatus() {
    return this.limiter.status();
  }
}

/** Per key, per signed-in user, master, service token, or else per client address. */
export function rateKey(caller: Caller, ip: string): string {
  if (caller.keyId) return `key:${caller.keyId}`;
  if (caller.via === 'jwt') return `user:${caller.tenantId}:${caller.actorId}`;
  if (caller.via === 'masterKey') return 'master';
  if (caller.via === 'serviceToken') return 'service';
  return `ip:${ip}`;
}
