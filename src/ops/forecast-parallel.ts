/**
 * The forecast engine's member fits spread over the machine's cores. Every day's LEAR members are
 * fitted on that day's history alone (engines/forecast/rolling.ts, phase 1), so the days of a range
 * are handed out in small chunks to worker threads as they free up; the combination, bands and
 * cap-hit probabilities (phase 2) then run on this thread, in day order. The result is bit for bit
 * the sequential one (test/ops/forecast-parallel.test.ts).
 *
 * Workers run the built `forecast-members-worker.js`; from the TypeScript sources (tests, benches
 * under tsx) they run the .ts file through tsx's loader, resolved from this file (not from the
 * working directory). Short ranges and one core run inline, and so does a range whose workers could
 * not be started or failed: a pool is an optimisation, never a new way for a forecast to fail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_FORECAST, H, combineRolling, fittedRange, memberForecasts, type DailySeries, type DayCaps, type ForecastOptions, type LearOptions, type RollingRun } from '../engines/forecast/index.js';

/** Below this many fitted days a pool costs more than it saves. */
const MIN_PARALLEL_DAYS = 8;

/** Worker threads to use: one per core, at most 8. */
export const forecastThreads = (): number => Math.min(8, availableParallelism());

export interface MembersJob {
  s: DailySeries;
  lear: LearOptions;
}

/** How to start a worker here: the built file, the TypeScript source behind tsx (a dev dependency), or null. */
function workerSource(): { code: URL | string; eval: boolean } | null {
  const js = new URL('./forecast-members-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { code: js, eval: false };
  const ts = new URL('./forecast-members-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(ts))) return null;
  const api = tsxEsmApi();
  if (!api) return null;
  return { code: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(ts.href)}); });`, eval: true };
}

/** The URL of tsx's ESM API (its package exports' `./esm/api` import entry), resolved from this file; null without tsx. */
function tsxEsmApi(): string | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> };
    const entry = pkg.exports?.['./esm/api']?.import?.default;
    return entry ? new URL(entry, pathToFileURL(manifest)).href : null;
  } catch {
    return null;
  }
}

/** memberForecasts(s, a, to, lear), the days spread over `threads` workers. */
export async function memberForecastsParallel(s: DailySeries, a: number, to: number, lear: LearOptions, onProgress?: (done: number, total: number) => void, threads = forecastThreads()): Promise<Float64Array> {
  const len = Math.max(0, to - a + 1);
  const n = Number.isInteger(threads) ? Math.min(threads, Math.ceil(len / 2)) : 1;
  const source = n >= 2 && len >= MIN_PARALLEL_DAYS ? workerSource() : null;
  if (!source) return memberForecasts(s, a, to, lear, onProgress);
  let reported = 0;
  const progress = (done: number): void => {
    reported = done;
    onProgress?.(done, len);
  };
  try {
    return await inWorkers(source, { s, lear }, a, to, n, progress);
  } catch {
    // A worker that cannot start (or dies) costs the speed-up, not the forecast: fit inline, and
    // let an error of the engine itself surface from there. Progress resumes where it stood.
    return memberForecasts(s, a, to, lear, onProgress && ((done) => onProgress(Math.max(done, reported), len)));
  }
}

async function inWorkers(source: { code: URL | string; eval: boolean }, job: MembersJob, a: number, to: number, n: number, progress: (done: number) => void): Promise<Float64Array> {
  const len = to - a + 1;
  const nm = job.lear.members.length;
  const out = new Float64Array(len * nm * H).fill(Number.NaN);
  // Chunks small enough to balance the load and report progress, large enough to keep workers busy.
  const size = Math.max(1, Math.min(16, Math.ceil(len / (n * 6))));
  let next = a;
  let done = 0;
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < n; i++) workers.push(new Worker(source.code, { eval: source.eval, workerData: job }));
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
              try {
                out.set(m.out, (m.a - a) * nm * H);
                done += m.to - m.a + 1;
                progress(done);
                give();
              } catch (e) {
                reject(e);
              }
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

export interface ParallelRunOptions {
  options?: ForecastOptions;
  capsOf?: (t: number) => DayCaps | null;
  onProgress?: (done: number, total: number) => void;
  threads?: number;
}

/** rollingForecast (engines/forecast/rolling.ts) with phase 1 spread over the cores. */
export async function rollingForecastParallel(s: DailySeries, from: number, to: number, run: ParallelRunOptions = {}): Promise<RollingRun> {
  const o = run.options ?? DEFAULT_FORECAST;
  const [a] = fittedRange(from, to, o);
  const members = await memberForecastsParallel(s, a, to, o.lear, run.onProgress, run.threads);
  return combineRolling(s, from, to, members, o, run.capsOf);
}
