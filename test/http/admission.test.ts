/**
 * Admission control of heavy work and request deadlines (src/http/admission.ts, docs/security.md
 * "Admission control"): the limits and their answers (429 / 503 with Retry-After and the one error
 * body), light routes never waiting, a deadline answered with the error body instead of a dropped
 * socket, and the request's signal aborting the work.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SvcError } from '../../src/domain/errors.js';
import type { FastifyRequest } from 'fastify';
import { Admission, createAdmissionGate } from '../../src/http/admission.js';
import { Deadline, DeadlineQueue } from '../../src/http/deadline.js';
import { ANONYMOUS } from '../../src/http/auth.js';
import { startServer, type StartedServer } from '../../src/http/listen.js';
import { costOf, LONG_BACKTEST_DAYS } from '../../src/ops/cost.js';
import { invoke } from '../../src/ops/invoke.js';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { receiptVerify } from '../../src/ops/ai/receipt.js';
import { bessPlan, strategyPlan } from '../../src/ops/strategy/plan.js';
import { reportForecast } from '../../src/ops/report/report-forecast.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { allOperations, harness, testConfig, type Harness } from './harness.js';

type ErrBody = { error: { code: string; reason?: string; message: string; requestId: string } };

/** Work the test holds until it lets go: each request names its `tag`. */
const held = new Map<string, () => void>();
const seen: { tag: string; aborted: unknown }[] = [];
const slow = defineOperation({
  id: 'test.slow',
  summary: 'Heavy test work',
  description: 'Held until the test lets go, or until its signal aborts.',
  tags: ['meta'],
  access: 'public',
  cost: 'heavy',
  input: z.strictObject({ tag: z.string(), ignoreSignal: z.enum(['1']).optional(), ms: z.coerce.number().int().optional() }),
  output: z.strictObject({ tag: z.string() }),
  http: { method: 'GET', path: '/api/test/slow', inputFrom: 'query', successStatus: 200, errors: [400] },
  async run(ctx, input) {
    await new Promise<void>((resolve, reject) => {
      held.set(input.tag, resolve);
      if (input.ms) setTimeout(resolve, input.ms);
      if (!input.ignoreSignal) ctx.signal?.addEventListener('abort', () => reject(ctx.signal?.reason), { once: true });
    }).finally(() => seen.push({ tag: input.tag, aborted: ctx.signal?.aborted ? ctx.signal.reason : undefined }));
    return { tag: input.tag };
  },
});
/** A heavy op that invokes another heavy op: the inner one runs in the outer one's slot. */
const outer = defineOperation({
  id: 'test.outer',
  summary: 'Heavy work invoking heavy work',
  description: 'Runs test.slow through invoke.',
  tags: ['meta'],
  access: 'public',
  cost: 'heavy',
  input: z.strictObject({ tag: z.string() }),
  output: z.strictObject({ tag: z.string() }),
  http: { method: 'GET', path: '/api/test/outer', inputFrom: 'query', successStatus: 200, errors: [400] },
  run: (ctx, input) => invoke(slow, ctx, { tag: input.tag, ms: '1' }),
});
/** test.slow with its input in a JSON body: the server has read the whole request when the work starts. */
const slowPost = defineOperation({ ...slow, id: 'test.slow-post', http: { method: 'POST', path: '/api/test/slow', inputFrom: 'body', successStatus: 200, errors: [400] } });
const operations = (): Operation[] => [...allOperations(), slow as unknown as Operation, slowPost as unknown as Operation, outer as unknown as Operation];

let h: Harness | undefined;
let live: StartedServer | undefined;
afterEach(async () => {
  for (const release of held.values()) release();
  held.clear();
  seen.length = 0;
  await h?.close();
  h = undefined;
  await live?.close();
  live = undefined;
});

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!check()) throw new Error('condition never held');
};

describe('Admission: the counters', () => {
  it('runs up to the global limit, queues up to the queue bound, then 503; a caller past its limit is 429', async () => {
    const a = new Admission({ concurrency: 1, perCaller: 2, queue: 1 });
    const first = await a.acquire('x');
    let secondIn = false;
    const second = a.acquire('y').then((r) => ((secondIn = true), r));
    await expect(a.acquire('z')).rejects.toMatchObject({ code: 'unavailable', reason: 'heavy_queue_full' });
    await a.acquire('x').then(
      () => expect.unreachable(),
      (e: SvcError) => expect(e.code).toBe('unavailable'),
    );
    expect([a.running, a.queued, secondIn]).toEqual([1, 1, false]);
    first();
    (await second)();
    expect([a.running, a.queued, secondIn]).toEqual([0, 0, true]);
    // per caller: running or waiting counts
    const b = new Admission({ concurrency: 1, perCaller: 1, queue: 5 });
    const r = await b.acquire('x');
    await expect(b.acquire('x')).rejects.toMatchObject({ code: 'rate_limited', reason: 'heavy_concurrency' });
    r();
    r(); // idempotent
    expect(b.running).toBe(0);
  });

  it('a waiting request whose signal aborts leaves the queue with the reason, and its caller slot', async () => {
    const a = new Admission({ concurrency: 1, perCaller: 1, queue: 5 });
    const first = await a.acquire('x');
    const controller = new AbortController();
    const waiting = a.acquire('y', controller.signal);
    expect(a.queued).toBe(1);
    controller.abort(new SvcError('unavailable', 'late', { reason: 'deadline_exceeded' }));
    await expect(waiting).rejects.toMatchObject({ reason: 'deadline_exceeded' });
    expect(a.queued).toBe(0);
    first();
    (await a.acquire('y'))();
  });
});

describe('cost classes of the operations', () => {
  it('plans are heavy on the forecast only; backtests on the forecast or past the day threshold; verify by body size; reports always', () => {
    expect(costOf(strategyPlan, { planOn: 'forecast' })).toBe('heavy');
    expect(costOf(bessPlan, { planOn: 'actual' })).toBe('light');
    expect(costOf(strategyPlan, 'not an object')).toBe('light');
    const book = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`d${i}`, []]));
    expect(costOf(backtestSummary, { priceBook: book(LONG_BACKTEST_DAYS) })).toBe('light');
    expect(costOf(backtestSummary, { priceBook: book(LONG_BACKTEST_DAYS + 1) })).toBe('heavy');
    expect(costOf(backtestSummary, { priceBook: book(3), planOn: 'forecast' })).toBe('heavy');
    expect(costOf(receiptVerify, {}, 2_000)).toBe('light');
    expect(costOf(receiptVerify, {}, 200_000)).toBe('heavy');
    expect(costOf(reportForecast, {})).toBe('heavy');
  });
});

describe('admission over HTTP', () => {
  it('past the limits: 429 heavy_concurrency for the caller, 503 heavy_queue_full globally, with Retry-After and the error body; health answers meanwhile', async () => {
    h = await harness({ operations: operations(), config: { admission: { concurrency: 1, perCaller: 1, queue: 1 } } });
    const app = h;
    const get = (tag: string, ip: string) => app.inject({ method: 'GET', url: `/api/test/slow?tag=${tag}`, remoteAddress: ip });
    const a = get('a', '10.0.0.1');
    await until(() => held.has('a'));
    const b = get('b', '10.0.0.2'); // waits
    const c = await get('c', '10.0.0.1'); // same caller as a
    expect(c.statusCode).toBe(429);
    expect(c.headers['retry-after']).toBe('5');
    expect(h.json<ErrBody>(c).error).toMatchObject({ code: 'rate_limited', reason: 'heavy_concurrency' });
    const d = await get('d', '10.0.0.3'); // the queue is full
    expect(d.statusCode).toBe(503);
    expect(d.headers['retry-after']).toBe('5');
    expect(h.json<ErrBody>(d).error).toMatchObject({ code: 'unavailable', reason: 'heavy_queue_full' });
    // light work never waits behind heavy work
    const health = await h.inject('/api/health');
    expect([200, 503]).toContain(health.statusCode);
    const plan = await h.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(plan.statusCode).toBe(200);
    expect(held.has('b')).toBe(false);
    held.get('a')?.();
    expect((await a).statusCode).toBe(200);
    await until(() => held.has('b'));
    held.get('b')?.();
    expect(h.json((await b))).toEqual({ tag: 'b' });
  });

  it('past the deadline: 503 deadline_exceeded with the error body, the work sees its signal aborted and frees its slot', async () => {
    h = await harness({ operations: operations(), config: { requestTimeoutMs: 1_000, admission: { concurrency: 1, perCaller: 1, queue: 4 } } });
    const app = h;
    const [late, queued] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/test/slow?tag=late', remoteAddress: '10.0.0.1' }),
      // waits behind `late`, and leaves the queue at its own deadline
      app.inject({ method: 'GET', url: '/api/test/slow?tag=queued', remoteAddress: '10.0.0.2' }),
    ]);
    for (const res of [late, queued]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(h.json<ErrBody>(res).error).toMatchObject({ code: 'unavailable', reason: 'deadline_exceeded', requestId: res.headers['x-request-id'] });
    }
    await until(() => seen.some((s) => s.tag === 'late'));
    expect(seen[0]?.tag).toBe('late');
    expect(seen[0]?.aborted).toMatchObject({ reason: 'deadline_exceeded' });
    // `queued` arrived a moment after `late`, so its deadline falls a moment later: when `late`'s
    // slot frees it may be admitted with that moment left. Then its work runs and is cancelled at
    // its own deadline; it never runs past it (the gate test below fixes the clock to prove the
    // rule for a request admitted after its deadline passed).
    if (held.has('queued')) {
      await until(() => seen.length === 2);
      expect(seen[1]).toMatchObject({ tag: 'queued', aborted: { reason: 'deadline_exceeded' } });
    } else expect(seen).toHaveLength(1);
    // the slot is free again
    const next = app.inject({ method: 'GET', url: '/api/test/slow?tag=next', remoteAddress: '10.0.0.1' });
    await until(() => held.has('next'));
    held.get('next')?.();
    expect((await next).statusCode).toBe(200);
  });

  it('over a real socket, work that ignores its signal still gets the 503 body at the deadline (the connection timeout is longer)', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1', requestTimeoutMs: 1_000 });
    live = await startServer({ config, stores: openMemoryStores(), operations: operations(), logger: false });
    expect(live.server.initialConfig.connectionTimeout).toBeGreaterThan(config.requestTimeoutMs);
    const res = await fetch(`${live.url}/api/test/slow?tag=stubborn&ignoreSignal=1&ms=2500`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(((await res.json()) as ErrBody).error).toMatchObject({ code: 'unavailable', reason: 'deadline_exceeded' });
    // the work ends later; its answer is dropped, and the server serves on
    await until(() => seen.length === 1);
    const again = await fetch(`${live.url}/api/test/slow?tag=quick&ms=1`);
    expect(again.status).toBe(200);
  });

  it('a client that goes away aborts its work (client_closed) and frees its slot; an answered request leaves no deadline behind', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1', admission: { concurrency: 1, perCaller: 1, queue: 0 } });
    live = await startServer({ config, stores: openMemoryStores(), operations: operations(), logger: false });
    const gone = new AbortController();
    const request = fetch(`${live.url}/api/test/slow?tag=gone`, { signal: gone.signal }).catch(() => undefined);
    await until(() => held.has('gone'));
    gone.abort();
    await request;
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ tag: 'gone', aborted: { reason: 'client_closed' } });
    // the slot is free: the same caller is admitted again, and its answered request aborts nothing
    const again = await fetch(`${live.url}/api/test/slow?tag=after&ms=1`);
    expect(again.status).toBe(200);
    await until(() => seen.length === 2);
    expect(seen[1]).toEqual({ tag: 'after', aborted: undefined });
  });

  // A request whose body was read whole is not "aborted" to Node when its connection goes (req.aborted
  // stays false): the response's close before its end is what says nobody waits for the answer.
  it('a client that goes away after sending its whole body aborts its work too, and so does closing the server', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1', shutdownGraceMs: 0, admission: { concurrency: 1, perCaller: 1, queue: 4 } });
    live = await startServer({ config, stores: openMemoryStores(), operations: operations(), logger: false });
    const post = (tag: string, signal?: AbortSignal) =>
      fetch(`${live?.url}/api/test/slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tag }), ...(signal ? { signal } : {}) }).catch(() => undefined);
    const gone = new AbortController();
    const request = post('gone-post', gone.signal);
    await until(() => held.has('gone-post'));
    gone.abort();
    await request;
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ tag: 'gone-post', aborted: { reason: 'client_closed' } });
    // Closing the server (no grace) cancels the running request and the one waiting for its slot:
    // whatever of them started is aborted, none is left running.
    const running = post('running');
    await until(() => held.has('running'));
    const waiting = post('waiting');
    await new Promise((r) => setTimeout(r, 100));
    await live.close();
    live = undefined;
    await Promise.all([running, waiting]);
    // Every request that started ends: its `seen` entry may come a moment after the answers.
    await until(() => seen.length >= 2 && seen.length - 1 === [...held.keys()].filter((t) => t !== 'gone-post').length);
    expect(seen.slice(1).map((x) => x.tag)).toContain('running');
    for (const x of seen.slice(1)) expect(x, x.tag).toMatchObject({ aborted: { reason: 'client_closed' } });
    expect(seen.length - 1).toBe([...held.keys()].filter((t) => t !== 'gone-post').length);
  });

  it('an admitted op invoking another heavy op runs it in its own slot (no second admission, no deadlock)', async () => {
    h = await harness({ operations: operations(), config: { admission: { concurrency: 1, perCaller: 1, queue: 0 } } });
    const res = await h.inject('/api/test/outer?tag=nested');
    expect(res.statusCode).toBe(200);
    expect(h.json(res)).toEqual({ tag: 'nested' });
  });

  it('the OpenAPI document lists 429 and 503 with Retry-After on heavy routes', async () => {
    h = await harness({ operations: operations() });
    const doc = h.json<{ paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> }>(await h.inject('/api/openapi.json'));
    for (const [path, method] of [['/api/test/slow', 'get'], ['/api/reports/forecast', 'get'], ['/api/strategy/plan-ahead', 'post'], ['/api/ai/receipt/verify', 'post']] as const) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(['429', '503']));
      expect(responses['503']?.headers, path).toHaveProperty('retry-after');
    }
  });
});

describe('the admission gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a request admitted after its deadline passed (its timer not yet run) never runs, and frees its slot', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const gate = createAdmissionGate({ admission: { concurrency: 1, perCaller: 2, queue: 2 } }, ANONYMOUS);
    const queue = new DeadlineQueue(1_000, () => undefined);
    const request = (ip: string) => {
      const r = { ip, svcCaller: null, headers: {}, svcDeadline: null as Deadline | null } as unknown as FastifyRequest;
      r.svcDeadline = new Deadline(queue, r);
      return r;
    };
    const heavy = { ...slow, cost: 'heavy' } as unknown as Operation;
    const first = request('10.0.0.1');
    const release = await gate.admit(heavy, first, {});
    const second = request('10.0.0.2');
    const waiting = gate.admit(heavy, second, {});
    expect(gate.admission.queued).toBe(1);
    vi.setSystemTime(Date.now() + 1_000); // both past their deadlines, no timer has run
    release?.();
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable', reason: 'deadline_exceeded' });
    expect([gate.admission.running, gate.admission.queued]).toEqual([0, 0]);
    first.svcDeadline?.clear();
    second.svcDeadline?.clear();
  });
});

describe('the deadline queue (one timer for all of a server\'s deadlines)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires deadlines in arrival order once due, never one cleared, and re-arms for the next', () => {
    vi.useFakeTimers();
    const expired: number[] = [];
    const ids = new Map<Deadline, number>();
    const queue = new DeadlineQueue(40, (deadline) => expired.push(ids.get(deadline) ?? -1));
    const make = (id: number): Deadline => {
      const deadline = new Deadline(queue);
      ids.set(deadline, id);
      return deadline;
    };
    const first = make(1);
    const second = make(2);
    const third = make(3);
    second.clear();
    second.clear(); // twice: nothing more
    vi.advanceTimersByTime(20);
    const fourth = make(4);
    expect(first.expired).toBe(false);
    vi.advanceTimersByTime(20);
    expect(expired).toEqual([1, 3]);
    expect([first.expired, third.expired, fourth.expired]).toEqual([true, true, false]);
    vi.advanceTimersByTime(19);
    expect(expired).toEqual([1, 3]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual([1, 3, 4]);
    expect([queue.head, queue.tail]).toEqual([undefined, undefined]);
    // A deadline aborted before it is due leaves the queue at once.
    const fifth = make(5);
    fifth.abort(new Error('gone'));
    expect([queue.head, fifth.signal.aborted]).toEqual([undefined, true]);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual([1, 3, 4]);
  });
});
