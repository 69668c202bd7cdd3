/**
 * The forecast engine's work spread over the machine's cores and kept off the event loop. Every
 * day's LEAR members are fitted on that day's history alone (engines/forecast/rolling.ts, phase 1),
 * so the days of a range are handed out in small chunks to the threads of the one pool
 * (src/ops/pool.ts) as they free up. The combination, bands and cap-hit probabilities (phase 2, a
 * few ms a day, sequential in day order) run on the calling thread, or, for a served request (a
 * `signal`), as one task on the pool, so a 1,350-day backtest's phase 2 does not hold the server's
 * event loop for seconds. The result is bit for bit the sequential one
 * (test/ops/forecast-parallel.test.ts).
 *
 * The pool runs the built `forecast-worker.js` beside this file. From the TypeScript sources
 * (tests, benches under tsx) there is no such file and the work runs inline: no loader is looked
 * up at run time. Short ranges and one core (without a signal) run inline too, and so does a range
 * whose pool failed: a pool is an optimisation, never a new way for a forecast to fail.
 *
 * A `signal` (the HTTP request's deadline, src/http/admission.ts) cancels a run: no further chunk
 * starts, the pool's queued and running tasks of the run are aborted (a running one's thread is
 * terminated), and the run rejects with the signal's reason. Inline, with a signal, the days are
 * fitted in the same chunks with a turn of the event loop between them.
 */
import { cachedMemberForecasts, type MemberCache, type MemberCacheStats } from './forecast-member-cache.js';
import { DEFAULT_FORECAST, H, combineRolling, fittedRange, memberForecasts, type DailySeries, type DayCaps, type ForecastOptions, type LearOptions, type RollingRun } from '../../engines/forecast/index.js';
import { inLanes, onPoolOrInline, poolFor, poolThreads, type PoolRunner } from '../pool.js';

/** Below this many fitted days a pool costs more than it saves. */
const MIN_PARALLEL_DAYS = 8;

/** Worker threads to use: the pool's (one per core, at most 8). */
export const forecastThreads = poolThreads;

/** One chunk of member fits, as the pool's worker receives it. */
export interface MembersTask {
  s: DailySeries;
  lear: LearOptions;
  a: number;
  to: number;
}

/** The combination phase of a run, as the pool's worker receives it: `caps[t]` for every day 0..to. */
export interface CombineTask {
  s: DailySeries;
  from: number;
  to: number;
  members: Float64Array;
  options: ForecastOptions;
  caps: (DayCaps | null)[];
}

const WORKER = new URL('./forecast-worker.js', import.meta.url);

/** memberForecasts(s, a, to, lear), the days spread over at most `threads` pool threads. */
export async function memberForecastsParallel(
  s: DailySeries,
  a: number,
  to: number,
  lear: LearOptions,
  onProgress?: (done: number, total: number) => void,
  threads = forecastThreads(),
  signal?: AbortSignal,
): Promise<Float64Array> {
  signal?.throwIfAborted();
  const len = Math.max(0, to - a + 1);
  const n = Number.isInteger(threads) ? Math.min(threads, Math.ceil(len / 2)) : 1;
  // A served request (signal) keeps its fits off the event loop even on one core.
  const p = (n >= 2 || (signal && n >= 1)) && len >= MIN_PARALLEL_DAYS ? await poolFor(WORKER) : null;
  // Inline, the fits still yield to the event loop every few days: a long range never holds it for
  // minutes (a server's other requests, a test runner's messages), and the result is bit for bit the same.
  if (!p) return inlineChunked(s, lear, a, to, signal, onProgress);
  let reported = 0;
  try {
    return await inPool(
      p,
      s,
      lear,
      a,
      to,
      n,
      (done) => {
        reported = done;
        onProgress?.(done, len);
      },
      signal,
    );
  } catch (error) {
    // Cancelled: no fallback, the caller no longer waits.
    if (signal?.aborted) throw signal.reason ?? error;
    // A pool that cannot run the job (data it cannot send, a thread that died) costs the speed-up,
    // not the forecast: fit inline, and let an error of the engine itself surface from there.
    return memberForecasts(s, a, to, lear, onProgress && ((done) => onProgress(Math.max(done, reported), len)));
  }
}

/** Chunk size of a range: small enough to balance the load and report progress, large enough to keep threads busy. */
const chunkOf = (len: number, n: number): number => Math.max(1, Math.min(16, Math.ceil(len / (n * 6))));

/** The member fits inline, chunk by chunk, yielding to the event loop between chunks and stopping when `signal` aborts. */
async function inlineChunked(s: DailySeries, lear: LearOptions, a: number, to: number, signal: AbortSignal | undefined, onProgress?: (done: number, total: number) => void): Promise<Float64Array> {
  const len = Math.max(0, to - a + 1);
  const nm = lear.members.length;
  const out = new Float64Array(len * nm * H).fill(Number.NaN);
  const size = Math.min(4, chunkOf(len, 1));
  for (let from = a; from <= to; from += size) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const end = Math.min(to, from + size - 1);
    // Progress after every fitted day, as one uninterrupted run reports it.
    out.set(memberForecasts(s, from, end, lear, onProgress && ((done) => onProgress(from - a + done, len))), (from - a) * nm * H);
  }
  return out;
}

async function inPool(p: PoolRunner, s: DailySeries, lear: LearOptions, a: number, to: number, n: number, progress: (done: number) => void, signal?: AbortSignal): Promise<Float64Array> {
  const len = to - a + 1;
  const nm = lear.members.length;
  const out = new Float64Array(len * nm * H).fill(Number.NaN);
  // At most n chunks in flight (inLanes), so a range never takes more than its share of the pool.
  const size = chunkOf(len, n);
  let done = 0;
  await inLanes(n, Math.ceil(len / size), async (i) => {
    const from = a + i * size;
    const task: MembersTask = { s, lear, a: from, to: Math.min(to, from + size - 1) };
    const part = await p<Float64Array>('members', task, { signal });
    out.set(part, (from - a) * nm * H);
    done += task.to - from + 1;
    progress(done);
  }, signal);
  return out;
}

export interface ParallelRunOptions {
  options?: ForecastOptions;
  capsOf?: (t: number) => DayCaps | null;
  onProgress?: (done: number, total: number) => void;
  threads?: number;
  /** Cancels the run (see the top of this file). */
  signal?: AbortSignal;
  /** Where each day's member fits are kept between runs and processes (forecast-member-cache.ts); absent or null: fit every day. */
  cache?: MemberCache | null;
  /** What the cache gave: days read back, days fitted. */
  onCache?: (stats: MemberCacheStats) => void;
}

/** rollingForecast (engines/forecast/rolling.ts) with phase 1 spread over the cores, each day's member fits read from `cache` when kept there, and phase 2 on the pool for a served request. */
export async function rollingForecastParallel(s: DailySeries, from: number, to: number, run: ParallelRunOptions = {}): Promise<RollingRun> {
  const o = run.options ?? DEFAULT_FORECAST;
  const [a] = fittedRange(from, to, o);
  let members: Float64Array;
  if (run.cache) {
    const fit = (x: number, y: number, progress?: (done: number) => void) => memberForecastsParallel(s, x, y, o.lear, progress && ((done) => progress(done)), run.threads, run.signal);
    const got = await cachedMemberForecasts(s, a, to, o.lear, run.cache, fit, run.onProgress);
    run.onCache?.(got.stats);
    members = got.members;
  } else members = await memberForecastsParallel(s, a, to, o.lear, run.onProgress, run.threads, run.signal);
  run.signal?.throwIfAborted();
  const capsOf = run.capsOf ?? (() => null);
  if (!run.signal || to - a + 1 < MIN_PARALLEL_DAYS) return combineRolling(s, from, to, members, o, capsOf);
  // capsOf reads days 0..to (the regime's look-back included): sent as data. The members move to the
  // thread: inline after a failed pool, they are refitted only if they were moved.
  const task = (): CombineTask => ({ s, from, to, members, options: o, caps: Array.from({ length: to + 1 }, (_, t) => capsOf(t)) });
  const inline = () => combineRolling(s, from, to, members.byteLength > 0 ? members : memberForecasts(s, a, to, o.lear), o, capsOf);
  return onPoolOrInline<RollingRun>(WORKER, 'combine', task, inline, { signal: run.signal, transferList: [members.buffer as ArrayBuffer] });
}
