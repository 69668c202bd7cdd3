/**
 * The forecast engine's member fits spread over the machine's cores. Every day's LEAR members are
 * fitted on that day's history alone (engines/forecast/rolling.ts, phase 1), so the days of a range
 * are handed out in small chunks to worker threads as they free up; the combination, bands and
 * cap-hit probabilities (phase 2) then run on this thread, in day order. The result is bit for bit
 * the sequential one (test/ops/forecast-parallel.test.ts).
 *
 * Workers run the built `forecast-members-worker.js`; from the TypeScript sources (tests, benches
 * under tsx) they run the .ts file through tsx's loader. Short ranges and one core run inline.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_FORECAST, H, combineRolling, fittedRange, memberForecasts, type DailySeries, type DayCaps, type ForecastOptions, type LearOptions, type RollingRun } from '../engines/forecast/index.js';

/** Below this many fitted days a pool costs more than it saves. */
const MIN_PARALLEL_DAYS = 8;

/** Worker threads to use: one per core, at most 8. */
export const forecastThreads = (): number => Math.min(8, availableParallelism());

/** The worker to start: the built file, or the TypeScript source behind tsx's loader (a dev dependency). */
function spawn(job: MembersJob): Worker | null {
  const js = new URL('./forecast-members-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return new Worker(js, { workerData: job });
  const ts = new URL('./forecast-members-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(ts))) return null;
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(ts.href)}); });`;
  return new Worker(boot, { eval: true, workerData: job });
}

/** Can workers be started here at all (a built worker file, or the sources with tsx)? */
function canSpawn(): boolean {
  return existsSync(fileURLToPath(new URL('./forecast-members-worker.js', import.meta.url))) || existsSync(fileURLToPath(new URL('./forecast-members-worker.ts', import.meta.url)));
}

export interface MembersJob {
  s: DailySeries;
  lear: LearOptions;
}

/** memberForecasts(s, a, to, lear), the days spread over `threads` workers. */
export async function memberForecastsParallel(s: DailySeries, a: number, to: number, lear: LearOptions, onProgress?: (done: number, total: number) => void, threads = forecastThreads()): Promise<Float64Array> {
  const len = Math.max(0, to - a + 1);
  const n = Math.min(threads, Math.ceil(len / 2));
  if (!canSpawn() || n < 2 || len < MIN_PARALLEL_DAYS) return memberForecasts(s, a, to, lear, onProgress);
  const nm = lear.members.length;
  const out = new Float64Array(len * nm * H);
  // Chunks small enough to balance the load and report progress, large enough to keep workers busy.
  const size = Math.max(1, Math.min(16, Math.ceil(len / (n * 6))));
  let next = a;
  let done = 0;
  const job: MembersJob = { s, lear };
  const workers = Array.from({ length: n }, () => spawn(job) as Worker);
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const give = (): void => {
              if (next > to) {
                resolve();
                return;
              }
              const from = next;
              next = Math.min(to, from + size - 1) + 1;
              worker.postMessage({ a: from, to: next - 1 });
            };
            worker.on('message', (m: { a: number; to: number; out: Float64Array }) => {
              out.set(m.out, (m.a - a) * nm * H);
              done += m.to - m.a + 1;
              onProgress?.(done, len);
              give();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`forecast worker exited with code ${code}`)));
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}

/** rollingForecast (engines/forecast/rolling.ts) with phase 1 spread over the cores. */
export async function rollingForecastParallel(
  s: DailySeries,
  from: number,
  to: number,
  o: ForecastOptions = DEFAULT_FORECAST,
  capsOf: (t: number) => DayCaps | null = () => null,
  onProgress?: (done: number, total: number) => void,
  threads = forecastThreads(),
): Promise<RollingRun> {
  const [a] = fittedRange(from, to, o);
  const members = await memberForecastsParallel(s, a, to, o.lear, onProgress, threads);
  return combineRolling(s, from, to, members, o, capsOf);
}
