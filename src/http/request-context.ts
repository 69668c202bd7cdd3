/** What an operation sees of the world for one HTTP request (OpContext), and the rate-limit key of a caller. */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SvcConfig } from '../config/config.js';
import type { Caller, Logger, OpContext, OperationInfo } from '../ops/types.js';
import type { AdmissionGate, Release } from './admission.js';
import type { Stores } from '../ops/facade/stores.js';
import type { RateLimiter } from './rate-limit.js';

/** The request's pino logger behind the ops' Logger interface (a class: no closures per request). */
class RequestLogger implements Logger {
  constructor(private readonly log: FastifyBaseLogger) {}
  info(msg: string, fields?: Record<string, unknown>): void {
    this.log.info(fields ?? {}, msg);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.log.warn(fields ?? {}, msg);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.log.error(fields ?? {}, msg);
  }
}

/** What every request's context shares: built once per server. */
export interface ContextDeps {
  now: () => Date;
  newId: () => string;
  config: SvcConfig;
  stores: Promise<Stores>;
  limiter: RateLimiter;
  /** The request's logger (logging.ts). */
  requestLog(request: FastifyRequest): FastifyBaseLogger;
  /** Admission of heavy work (admission.ts); absent: every op runs at once. */
  gate?: AdmissionGate;
}

/** What an op sees of the world for one request. */
export class RequestContext implements OpContext {
  private log: Logger | undefined;
  /** True once this request's work was admitted: the ops it invokes in turn run in its slot. */
  private admitted = false;
  readonly now: () => Date;
  readonly newId: () => string;
  readonly config: SvcConfig;
  constructor(
    private readonly deps: ContextDeps,
    readonly caller: Caller,
    private readonly request: FastifyRequest,
  ) {
    this.now = deps.now;
    this.newId = deps.newId;
    this.config = deps.config;
  }
  /** Made on first use: most operations log nothing. */
  get logger(): Logger {
    this.log ??= new RequestLogger(this.deps.requestLog(this.request));
    return this.log;
  }
  stores(): Promise<Stores> {
    return this.deps.stores;
  }
  rateLimitStatus() {
    return this.deps.limiter.status();
  }
  admit(op: OperationInfo, input: unknown): Promise<Release> | undefined {
    if (this.admitted || !this.deps.gate) return undefined;
    const slot = this.deps.gate.admit(op, this.request, input);
    if (slot) this.admitted = true;
    return slot;
  }
  /** Aborted at the request's deadline or when the client goes away (admission.ts). */
  get signal(): AbortSignal | undefined {
    return this.request.svcDeadline?.signal;
  }
}

/**
 * The one way the door builds a request's context (operation routes and further doors alike), for
 * the caller its guard admitted (anonymous on routes without a guard).
 */
export function contextFactory(deps: ContextDeps, anonymous: Caller): (request: FastifyRequest) => RequestContext {
  return (request) => new RequestContext(deps, request.svcCaller ?? anonymous, request);
}
