/**
 * The forecast with and without its exogenous inputs (docs/forecast.md, "Exogenous inputs"): one
 * OREE year and one mode per run, the same code path as `svc forecast evaluate --exog <mode>`
 * (ops/forecast/forecast-exog.ts builds the columns from the shipped fixtures; the prices are the shipped
 * fixtures/oree-dam-ips-2022-2024.csv, a copy of ../shared/data/ua-dam). Heavy: one at a time, with nice.
 *
 *   nice npx tsx bench/forecast-exog.bench.ts year=2024 mode=lagged [days=N] [threads=N]
 *
 * mode: off (prices only), base (EU base, NBU rate, caps, calendar), lagged (+ RES as the metered
 * hours published by 11:00 on D−1, the honest use), projected (+ the projection for D, optimistic).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadPriceBook } from '../src/data/load.js';
import { loadCapsTableSync } from '../src/data/caps.js';
import { evaluateRun, indexOf, seriesFromPriceBook } from '../src/engines/forecast/index.js';
import * as parallelFromSources from '../src/ops/forecast/forecast-parallel.js';
import { damCapsOf } from '../src/ops/forecast/forecast-model.js';
import { withExogenous, type ExogMode } from '../src/ops/forecast/forecast-exog.js';
import type { OpContext } from '../src/ops/types.js';

const built = new URL('../dist/ops/forecast/forecast-parallel.js', import.meta.url);
const { forecastThreads, rollingForecastParallel } = existsSync(fileURLToPath(built)) ? ((await import(built.href)) as typeof parallelFromSources) : parallelFromSources;

const arg = (k: string): string | undefined => process.argv.slice(2).find((a) => a.startsWith(`${k}=`))?.split('=')[1];
const year = Number(arg('year') ?? 2024);
const mode = (arg('mode') ?? 'off') as ExogMode;
const days = arg('days') ? Number(arg('days')) : null;
const threads = Number(arg('threads') ?? forecastThreads());

const { book } = await loadPriceBook(fileURLToPath(new URL('../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url)));
const base = seriesFromPriceBook(book);
const capsOf = damCapsOf(loadCapsTableSync(), base);
// Offline: the fixtures only (SVC_MARKET_DATA=fixture), no store, no token.
const ctx = { config: { marketData: { mode: 'fixture' }, tsoplatform: {} } } as unknown as OpContext;
const { series, sources } = await withExogenous(ctx, base, mode, capsOf);
const from = indexOf(series, `01.01.${year}`);
const to = days ? from + days - 1 : indexOf(series, `31.12.${year}`);
const load = loadavg()[0] as number;
const started = performance.now();
const run = await rollingForecastParallel(series, from, to, { capsOf, threads });
const seconds = (performance.now() - started) / 1000;
const m = evaluateRun(series, run, capsOf).metrics;
const cols = series.extra ? [...series.extra.names.hourly.map((n) => `${n}×24`), ...series.extra.names.daily].join(', ') : '—';
console.log(JSON.stringify({ year, mode, days: m.sampleDays, rmaeVsNaive: m.rmaeVsNaive, rmaeVsWeeklyNaive: m.rmaeVsWeeklyNaive, mae: m.mae, coverage: m.coverage, seconds, threads, load, columns: cols, sources: sources.map((s) => `${s.series}:${s.fixture}f/${s.missing}m`) }));
console.log(`| ${year} | ${mode} | ${m.sampleDays} | ${m.rmaeVsNaive.toFixed(3)} | ${m.rmaeVsWeeklyNaive.toFixed(3)} | ${m.mae.toFixed(1)} | ${(m.coverage ?? Number.NaN).toFixed(3)} | ${seconds.toFixed(0)} s | ${load.toFixed(1)} |`);
