/**
 * The route guard: a route's one onRequest hook, run before its body is read. It sets the common
 * headers (headers.ts) and the security mode, then, on a guarded route, finds out who is calling
 * (auth.ts: 401/503) and counts the call against the caller's rate limit (rate-limit.ts: 429).
 * What the caller may do is decided later by invoke(), after validation.
 *
 * One hook per route, callback style, with no closure or promise on the common path (a caller that
 * resolves without I/O, the in-process limiter): this runs on every request.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { SvcError } from '../domain/errors.js';
import type { Access, Caller, Operation } from '../ops/types.js';
import { nodeStoreOf, setCommonHeaders } from './headers.js';
import type { ServerKit } from './kit.js';
import { applyDecision, countHit, FixedWindowLimiter, storeDecision } from './rate-limit.js';
import { rateKey } from './caller-key.js';
import { rootPlugin } from './plugin.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the route's guard admitted; null on routes without a guard (anonymous). */
    svcCaller: Caller | null;
  }
}

type Done = (error?: Error) => void;
/** The window of SVC_PUBLIC_RATE_LIMIT_PER_MINUTE. */
const PUBLIC_WINDOW_MS = 60_000;
/** What a route's guard reads of an operation. */
export type Guarded = Pick<Operation, 'access' | 'permission'>;

export interface Guards {
  /**
   * The hook of a route: open (common headers, and the security mode unless `modeNeutral`) or
   * guarded; an open route that does work may be limited per client address (`addressLimited`).
   */
  of(op: Guarded, modeNeutral?: boolean, addressLimited?: boolean): onRequestHookHandler;
  /** The guard of an access rule, for further doors: auth, then rate limit. */
  access(access: Access): onRequestHookHandler;
}

export function createGuards(kit: ServerKit): Guards {
  const { auth, limiter, lifecycle, config } = kit;
  const windowMs = config.rateLimitWindowMs;
  const syncLimiter = limiter instanceof FixedWindowLimiter ? limiter : undefined;

  const admit = (request: FastifyRequest, caller: Caller, done: Done): void => {
    request.svcCaller = caller;
    done();
  };

  /** Rate limit once the caller is known (429). */
  const limitThen = (op: Guarded, caller: Caller, request: FastifyRequest, reply: FastifyReply, done: Done): void => {
    if (op.access === 'public') return admit(request, caller, done);
    if (syncLimiter) {
      // The in-process limiter answers synchronously: no closure or promise on the hot path.
      const decision = syncLimiter.hit(rateKey(caller, request.ip));
      const store = nodeStoreOf(reply);
      const limited = store === undefined ? applyDecision(decision, windowMs, reply) : storeDecision(decision, windowMs, store, reply);
      return limited ? done(limited) : admit(request, caller, done);
    }
    countHit(limiter, rateKey(caller, request.ip), windowMs, (name, value) => reply.header(name, value), (limited) =>
      limited ? done(limited) : admit(request, caller, done),
    );
  };

  /** Failed credentials count against the address, so guessing keys is rate limited too. */
  const rejected = (error: unknown, request: FastifyRequest, reply: FastifyReply, done: Done): void => {
    if (!(error instanceof SvcError && error.code === 'unauthorized')) return done(error as Error);
    countHit(limiter, `ip:${request.ip}`, windowMs, (name, value) => reply.header(name, value), (limited) => done(limited ?? error));
  };

  const guarded = (op: Guarded): onRequestHookHandler =>
    function guard(request, reply, done) {
      setCommonHeaders(reply, lifecycle, auth.securityMode);
      let resolved: Caller | Promise<Caller>;
      try {
        resolved = auth.resolve(op.access, request.headers);
      } catch (error) {
        rejected(error, request, reply, done);
        return;
      }
      if (resolved instanceof Promise) {
        resolved.then(
          (caller) => limitThen(op, caller, request, reply, done),
          (error: unknown) => rejected(error, request, reply, done),
        );
      } else {
        limitThen(op, resolved, request, reply, done);
      }
    };

  /** Public routes that do work (receipt verification): a per-process count per client address, apart from callers' limits. */
  let addressLimiter: FixedWindowLimiter | undefined;
  const addressLimited = (): onRequestHookHandler => {
    addressLimiter ??= new FixedWindowLimiter(config.publicRateLimitPerMinute, PUBLIC_WINDOW_MS);
    const limiter = addressLimiter;
    return function addressLimitedOpen(request, reply, done) {
      setCommonHeaders(reply, lifecycle, auth.securityMode);
      done(applyDecision(limiter.hit(`ip:${request.ip}`), PUBLIC_WINDOW_MS, reply));
    };
  };

  return {
    of(op, modeNeutral = false, perAddress = false) {
      if (op.access !== 'public' || op.permission) return guarded(op);
      if (perAddress) return addressLimited();
      if (modeNeutral) {
        return function open(_request, reply, done) {
          setCommonHeaders(reply, lifecycle);
          done();
        };
      }
      return function open(_request, reply, done) {
        setCommonHeaders(reply, lifecycle, auth.securityMode);
        done();
      };
    },
    access: (access) => guarded({ access }),
  };
}

/** The request property the guard fills, declared up front (fastify keeps the request shape stable). */
export const guardPlugin = rootPlugin<ServerKit>('svc-guard', (app, _kit, done) => {
  app.decorateRequest('svcCaller', null);
  done();
});
