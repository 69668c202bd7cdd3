/**
 * The one pool of worker threads for heavy work (docs/architecture.md, "Long computations: pure
 * phases, threads in ops", which lists its users; docs/security.md, "Admission control"): the
 * forecast's member fits and combination, long backtests, large settings sweeps and the
 * canonicalisation of large receipt inputs. ONE pool, not one per kind of work:
 * admission (src/http/admission.ts) bounds how many heavy requests run at once, and one pool of
 * one thread per core bounds the CPU they take together; pools per kind would each take every core.
 * Each task names its worker module (tinypool's per-task `filename`), which lives beside the
 * operation that sends it; a thread loads a module on its first task of that kind.
 *
 * The worker modules are the built `.js` files beside their callers. From the TypeScript sources
 * (tests, benches under tsx) there is no such file and `poolFor` answers null: the caller runs the
 * work inline. No loader is looked up at run time. tinypool is imported on first use, not at the
 * top: importing it runs two shell pipelines over /proc/cpuinfo (`execSync`), 60-200 ms that every
 * command loading this module paid before.
 *
 * A task given a `signal` is cancelled when it aborts: queued, it leaves the queue; running, its
 * thread is terminated (tinypool) and a fresh one takes its place. The promise then rejects with
 * the signal's reason.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type Tinypool from 'tinypool';

/** Worker threads of the pool: one per core, at most 8. */
export const poolThreads = (): number => Math.min(8, availableParallelism());

let pool: Promise<Tinypool> | undefined;
const built = new Map<string, boolean>();
/** Tasks sent to the pool and not yet settled, by worker module. */
const inFlight = new Map<string, number>();

/**
 * How many tasks of `worker` (every worker when absent) the pool holds now, queued or running. A
 * request answered while this is above zero shows the work ran on the pool, not inline on the
 * request thread (test/robustness): a check no timing can flake.
 */
export function poolTasksInFlight(worker?: URL): number {
  if (worker) return inFlight.get(worker.href) ?? 0;
  let n = 0;
  for (const v of inFlight.values()) n += v;
  return n;
}

function thePool(): Promise<Tinypool> {
  pool ??= import('tinypool').then(({ default: Pool }) => new Pool({ minThreads: 0, maxThreads: poolThreads(), idleTimeout: 250 }));
  return pool;
}

export interface PoolRunOptions {
  signal?: AbortSignal | undefined;
  /** Buffers moved to the worker, not copied (the sender loses them). */
  transferList?: ArrayBuffer[];
}

/** Runs the export `name` of the worker module on one task and resolves with its result. */
export type PoolRunner = <T>(name: string, task: unknown, options?: PoolRunOptions) => Promise<T>;

/** A runner of `worker`'s exports on the pool, or null when that module is not built (the TypeScript sources) or the pool cannot start. */
export async function poolFor(worker: URL): Promise<PoolRunner | null> {
  let here = built.get(worker.href);
  if (here === undefined) built.set(worker.href, (here = existsSync(fileURLToPath(worker))));
  if (!here) return null;
  const p = await thePool().catch(() => null);
  if (!p) return null;
  return async <T>(name: string, task: unknown, o: PoolRunOptions = {}): Promise<T> => {
    const { signal, transferList } = o;
    const key = worker.href;
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    try {
      return (await p.run(task, { filename: key, name, ...(signal ? { signal } : {}), ...(transferList ? { transferList } : {}) })) as T;
    } catch (error) {
      // tinypool rejects an aborted task with its own AbortError: the caller gets the signal's reason.
      if (signal?.aborted) throw signal.reason ?? error;
      throw error;
    } finally {
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
    }
  };
}

/**
 * `count` pieces of one job run by `run(i)`, at most `n` at a time, in index order as lanes free
 * up: a job never takes more than its share of the pool. After a piece fails no further one
 * starts, and it rejects with that failure once the running ones have settled (none is left
 * running behind a caller that falls back inline). Used by the forecast's member fits
 * (forecast-parallel.ts) and the settings sweep (strategy/backtest-sweep.ts).
 */
export async function inLanes(n: number, count: number, run: (i: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < count && !failed) {
      signal?.throwIfAborted();
      const i = next++;
      try {
        await run(i);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: n }, lane));
  const failure = settled.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * One task of `worker`'s export `name` on the pool, else `inline()`: from the TypeScript sources
 * (no built worker), when the pool cannot start, and when the pool fails the task (a pool is an
 * optimisation, never a new way for the work to fail). Cancelled (the signal aborted), it rejects
 * with the signal's reason and does not run inline. `task` is made only when the pool takes it.
 */
export async function onPoolOrInline<T>(worker: URL, name: string, task: () => unknown, inline: () => T, options: PoolRunOptions = {}): Promise<T> {
  const run = await poolFor(worker);
  if (!run) return inline();
  try {
    return await run<T>(name, task(), options);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    return inline();
  }
}
