/**
 * Admission control and deadlines (docs/security.md, "Admission control"):
 *
 * - Deadlines. Every request has SVC_REQUEST_TIMEOUT_MS from its arrival. Past it, a request not
 *   yet answered gets 503 `deadline_exceeded` with Retry-After and the one error body (never a
 *   dropped socket: the connection timeout is longer, server.ts), and its work is cancelled: the
 *   request's AbortSignal (OpContext.signal) aborts, which stops the forecast pool's tasks and the
 *   long loops that watch it. A client that goes away aborts it too.
 * - Admission. An operation declares its cost class (ops/types.ts `cost`, ops/cost.ts). A heavy
 *   request runs only under a global limit (SVC_HEAVY_CONCURRENCY running at once) and a
 *   per-caller limit (SVC_HEAVY_PER_CALLER running or waiting, per key, signed-in user or
 *   address); past the per-caller limit it is 429 `heavy_concurrency`, and when SVC_HEAVY_QUEUE
 *   requests already wait, 503 `heavy_queue_full`, both with Retry-After. A waiting request
 *   leaves the queue at its deadline. Light requests never wait here, so `/api/health` answers
 *   while heavy work fills the pool.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { SvcConfig } from '../config/config.js';
import { SvcError } from '../domain/errors.js';
import { costOf } from '../ops/cost.js';
import type { Caller, OperationInfo } from '../ops/types.js';
import { sendError } from './error-handler.js';
import type { ServerKit } from './kit.js';
import { rootPlugin } from './plugin.js';
import { rateKey } from './caller-key.js';
import { Deadline, DeadlineQueue } from './deadline.js';


declare module 'fastify' {
  interface FastifyRequest {
    /** The request's deadline (admission.ts); null before the first hook. */
    svcDeadline: Deadline | null;
  }
}

export interface AdmissionLimits {
  concurrency: number;
  perCaller: number;
  queue: number;
}

interface Waiter {
  key: string;
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export type Release = () => void;

/** The counters of heavy work in one process: running, waiting, and per caller (running or waiting). */
export class Admission {
  running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly perCaller = new Map<string, number>();
  constructor(readonly limits: AdmissionLimits) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** A slot for caller `key`, now or when one frees up; 429/503 past the limits; rejected with the signal's reason if it aborts while waiting. */
  async acquire(key: string, signal?: AbortSignal): Promise<Release> {
    signal?.throwIfAborted();
    const mine = this.perCaller.get(key) ?? 0;
    if (mine >= this.limits.perCaller) {
      throw new SvcError('rate_limited', `this caller already has ${mine} heavy request(s) running or waiting (at most ${this.limits.perCaller}); retry when one has been answered`, { reason: 'heavy_concurrency' });
    }
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) {
        throw new SvcError('unavailable', `the server is busy with heavy requests (${this.running} running, ${this.waiting.length} waiting); retry later`, { reason: 'heavy_queue_full' });
      }
      this.perCaller.set(key, mine + 1);
      try {
        await this.wait(key, signal);
      } catch (error) {
        this.forget(key);
        throw error;
      }
    } else {
      this.perCaller.set(key, mine + 1);
      this.running++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.forget(key);
      this.running--;
      this.next();
    };
  }

  private wait(key: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private next(): void {
    while (this.running < this.limits.concurrency) {
      const w = this.waiting.shift();
      if (!w) return;
      w.signal?.removeEventListener('abort', w.onAbort);
      this.running++;
      w.resolve();
    }
  }

  private forget(key: string): void {
    const n = (this.perCaller.get(key) ?? 1) - 1;
    if (n <= 0) this.perCaller.delete(key);
    else this.perCaller.set(key, n);
  }
}

/** Admission of one request's work (RequestContext.admit, called by invoke()). */
export interface AdmissionGate {
  readonly admission: Admission;
  /** undefined when the work is light; else the release of the slot once admitted (rejected past the limits or at the deadline). */
  admit(op: OperationInfo, request: FastifyRequest, input: unknown): Promise<Release> | undefined;
}

export function createAdmissionGate(config: Pick<SvcConfig, 'admission'>, anonymous: Caller): AdmissionGate {
  const admission = new Admission(config.admission);
  const admitted = async (request: FastifyRequest): Promise<Release> => {
    const deadline = request.svcDeadline;
    const release = await admission.acquire(rateKey(request.svcCaller ?? anonymous, request.ip), deadline?.signal);
    // Admitted after its deadline passed (its timer not yet run on a busy loop): nobody waits for it.
    if (deadline?.expired) {
      release();
      throw new SvcError('unavailable', 'the request deadline passed while it waited for a heavy-work slot', { reason: 'deadline_exceeded' });
    }
    return release;
  };
  return {
    admission,
    admit(op, request, input) {
      if (op.cost === undefined || op.cost === 'light') return undefined;
      const bytes = Number(request.headers['content-length'] ?? 0) || 0;
      return costOf(op, input, bytes) === 'light' ? undefined : admitted(request);
    },
  };
}

/** The deadline of a raw response, for the listener below (which gets no request object). */
const DEADLINE = Symbol('svcDeadline');
type WithDeadline = { [DEADLINE]?: Deadline };

/**
 * The response is written: its deadline has nothing left to guard. Its connection is gone before
 * it was (the client left, the server closed it): nobody waits for the work any more. A request
 * whose body was read whole is not `aborted` to Node when its socket goes, so this, not the
 * request's close, is what cancels a heavy POST whose client left (and, on `close()` with no
 * grace, the server's running and waiting work instead of letting it run on unseen).
 *
 * The request's own `close` is not listened to: it adds nothing. A client that leaves while its
 * body is still arriving closes the connection, which closes the response too (this listener); the
 * one case that does not (a pipelined request behind another, cut off mid-body) has started no
 * work, since a handler runs only once the body is whole, and its deadline expires on its own.
 * One listener fewer also keeps the request's own listeners as fastify left them (its body reader
 * removes three; ≈ 1,400 instructions a request, docs/benchmarks.md "seventh session").
 */
function clearOnClose(this: ServerResponse & WithDeadline): void {
  if (this.writableFinished) this[DEADLINE]?.clear();
  else this[DEADLINE]?.abort(clientClosed());
}

const clientClosed = (): SvcError => new SvcError('unavailable', 'the client closed the connection', { reason: 'client_closed' });

/**
 * The deadline of every request: set at arrival (onRequest, before the guard), cleared once the
 * response is written (the response's `close`, which also comes when the connection breaks); at expiry an unanswered request gets the 503 and its signal aborts.
 *
 * One onRequest hook and one listener that is the same function for every request: no closure
 * is made per request, and no onResponse/onRequestAbort hook, each of which made fastify attach
 * its own per-request closures and listeners (bench/http-cpu.bench.ts, docs/benchmarks.md).
 */
export const admissionPlugin = rootPlugin<ServerKit>('svc-admission', (app, kit, done) => {
  const ms = kit.config.requestTimeoutMs;
  const onExpiry = (deadline: Deadline): void => {
    const { request, reply } = deadline;
    const error = new SvcError('unavailable', `no answer within the request deadline (${ms} ms); the work was cancelled`, { reason: 'deadline_exceeded' });
    deadline.abort(error);
    if (request === undefined || reply === undefined || reply.sent || reply.raw.headersSent) return;
    // Still receiving the body: that is Node's request timeout (the same ms), answered 408
    // request_timeout by client-errors.ts, not a computation past its deadline.
    if (!request.raw.complete) return;
    sendError(kit, error, request, reply);
  };
  const queue = new DeadlineQueue(ms, onExpiry);
  app.decorateRequest('svcDeadline', null);
  app.addHook('onRequest', (request, reply, next) => {
    const deadline = new Deadline(queue, request, reply);
    request.svcDeadline = deadline;
    const res = reply.raw as ServerResponse & WithDeadline;
    res[DEADLINE] = deadline;
    res.on('close', clearOnClose);
    next();
  });
  done();
});
