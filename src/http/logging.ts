/**
 * Logging of the HTTP door: pino JSON lines (stderr under `svc serve`), the request line's
 * credential-like query values redacted (request-meta.ts).
 *
 * At `info` and `debug` every request is logged ("incoming request", "request completed"), and
 * fastify's own request logging does it. At the default `warn` (and `error`, `silent`) no request
 * line is ever written, yet fastify with a logger still pays for one on every request: a pino
 * child logger (its bindings serialised), two response listeners, two clock reads and two log
 * calls that write nothing; in the server under load that was the largest cost the door added to
 * a plan. So at those levels fastify runs without a logger (`request.log` writes nothing) and the
 * door logs through its own pino logger: `requestLog(request)` is a lazy child, made only if
 * something is logged for that request (a warning, an unexpected error), with the same `reqId`.
 */
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactedRequest } from './request-meta.js';

type LogMethod = (...args: unknown[]) => void;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A request's logger, made a pino child of the root on its first enabled log call. */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: Logger | undefined;
  constructor(
    private readonly root: Logger,
    private readonly bindings: Bindings,
  ) {}
  private get log(): Logger {
    this.made ??= this.root.child(this.bindings);
    return this.made;
  }
  /** True once the child exists (for tests: nothing is made for a request that logs nothing). */
  get materialised(): boolean {
    return this.made !== undefined;
  }
  get level(): string {
    return this.made?.level ?? this.root.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  private write(level: Level, args: unknown[]): void {
    if (!(this.made ?? this.root).isLevelEnabled(level)) return;
    (this.log[level] as LogMethod)(...args);
  }
  // Methods on the prototype, not arrow fields: a request that logs nothing allocates nothing more.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

export interface DoorLogging {
  /** What the fastify constructor takes. */
  fastify: Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'>;
  /** Where the door's own messages (rate-limiter warnings) go; undefined when fastify logs. */
  root: Logger | undefined;
  /** The logger of one request: its fastify logger, or a lazy child of the root with its `reqId`. */
  requestLog(request: FastifyRequest): FastifyBaseLogger;
}

const fastifyLog = (request: FastifyRequest): FastifyBaseLogger => request.log;

/** Levels at which fastify's own per-request lines are written. */
const REQUEST_LEVELS = new Set(['info', 'debug', 'trace']);

const SERIALIZERS = { req: redactedRequest, res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }), err: pino.stdSerializers.err };

/**
 * The logging of a server built with `logger` (BuildServerOptions.logger) at `level` (the
 * configuration's, unless `logger` names one).
 */
export function doorLogging(logger: FastifyServerOptions['logger'], level: string): DoorLogging {
  if (logger === false || logger === undefined || logger === null) return { fastify: { logger: false }, root: undefined, requestLog: fastifyLog };
  const options = (typeof logger === 'object' ? logger : {}) as LoggerOptions & { stream?: DestinationStream };
  const effective = options.level ?? level;
  if (REQUEST_LEVELS.has(effective)) {
    return { fastify: { logger: { ...options, level: effective, serializers: { req: redactedRequest } } }, root: undefined, requestLog: fastifyLog };
  }
  const { stream, ...rest } = options;
  const root = pino({ ...rest, level: effective, serializers: SERIALIZERS }, stream ?? process.stdout);
  return {
    // logger false: fastify writes no request line (its deprecated disableRequestLogging is not needed: FSTDEP023).
    fastify: { logger: false },
    root,
    requestLog: (request) => new LazyRequestLogger(root, { reqId: request.id }),
  };
}
