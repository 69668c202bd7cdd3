/**
 * What the forecast is worth in money (docs/forecast.md, "Plans on the forecast"; issue 27): the
 * capture ratio (realised / perfect foresight) of the BESS and spread plans chosen each day of 2023
 * and 2024 on the forecast's expected prices (svc's --plan-on forecast), on its p50, and on the two
 * naive forecasts (yesterday's prices; last week's), all settled at the actual prices, monthly and
 * in total; then the time to tomorrow's plan (01.01.2025) on the 3-year book, cold and with the
 * fits cached, beside `node -e 0`. One run, side by side.
 *
 *   nice -n 10 npx tsx bench/plan-on-forecast.bench.ts [capture] [timing] [holdout]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPriceBook } from '../src/data/load.js';
import { addDays, compareTradeDates } from '../src/domain/dates.js';
import { hourlyPrices } from '../src/domain/prices.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../src/domain/settings.js';
import * as dayFromSources from '../src/ops/forecast/forecast-day.js';
import { BESS, SPREAD, pnlOnForecast, type CalibrationDay, type PlanEngine } from '../src/ops/strategy/plan-on.js';
import { SCENARIO_DAYS } from '../src/ops/forecast/forecast-day.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The built module fits on the pool (one thread per core); from the sources the fits run inline.
const BUILT = new URL('../dist/ops/forecast/forecast-day.js', import.meta.url);
const { forecastsForPlans } = existsSync(fileURLToPath(BUILT)) ? ((await import(BUILT.href)) as typeof dayFromSources) : dayFromSources;
const BOOK = join(ROOT, 'fixtures/oree-dam-ips-2022-2024.csv');
const args = process.argv.slice(2);
const want = (s: string) => args.filter((a) => a !== 'holdout').length === 0 || args.includes(s);
/** JACKKNIFE=1: also the PnL band with each scenario scored by the plan chosen without it. */
const JACKKNIFE = process.env.JACKKNIFE === '1';
/**
 * CANDIDATES=1: also the PnL bands that were weighed against the shipped one (docs/forecast.md,
 * "Plans on the forecast", how it was chosen), from the same days' plans: the conformal and the
 * interpolated quantiles of r = realised − expected, the same of r / w (w the day's scenario
 * p90 − p10, the band E + w(D)·q), and the PIT map (the scenarios' PnL quantiles at the 0.1 and 0.9
 * conformal quantiles of the recent days' PIT values).
 */
const CANDIDATES = process.env.CANDIDATES === '1';
/** `holdout`: score 07–12.2022, the period kept out of every choice, instead of 2023 and 2024. */
const HOLDOUT = args.includes('holdout');
const bessSettings = { ...DEFAULT_BESS_SETTINGS, capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, degradationCostUahMwh: 150 };
const spreadSettings = { ...DEFAULT_TRADING_SETTINGS, feeUahPerMwh: 10 };
const PATHS = ['mean', 'p50', 'd-1', 'd-7'] as const;
type PathName = (typeof PATHS)[number];

interface Acc {
  perfect: number;
  realised: Record<PathName, number>;
  days: number;
  /** The mean-path plan's PnL distribution over its scenarios (docs/forecast.md "Plans on the forecast"): days its realised PnL fell inside p10–p90, days with a distribution, and the quantile loss of p10/p50/p90. */
  inside: number;
  scored: number;
  pinball: number;
  /** The shipped band (plan-on.ts pnlOnForecast: conformal on the 56 days before, else the scenarios'): days inside it, its pinball loss (p10, p90) and width. */
  insideShipped: number;
  pinballShipped: number;
  conformal: number;
  widthShipped: number;
  widthScenarios: number;
  /** The same with each scenario's PnL from the plan chosen on the mean of the other scenarios (jackknife: no scenario scores a plan it helped choose); only with JACKKNIFE=1. */
  insideJ: number;
  pinballJ: number;
}
const newAcc = (): Acc => ({ perfect: 0, realised: { mean: 0, p50: 0, 'd-1': 0, 'd-7': 0 }, days: 0, inside: 0, scored: 0, pinball: 0, insideShipped: 0, pinballShipped: 0, conformal: 0, widthShipped: 0, widthScenarios: 0, insideJ: 0, pinballJ: 0 });
const quantileOf = (sorted: number[], q: number): number => {
  const x = q * (sorted.length - 1);
  const i = Math.floor(x);
  return (sorted[i] as number) + ((sorted[Math.min(i + 1, sorted.length - 1)] as number) - (sorted[i] as number)) * (x - i);
};
const pinball = (y: number, f: number, q: number): number => (y >= f ? q * (y - f) : (1 - q) * (f - y));
const pct = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(1)} %` : '—');

async function capture(): Promise<void> {
  const { book } = await loadPriceBook(BOOK);
  // `holdout`: the days of 07–12.2022 (kept out of every choice), else 2023 and 2024.
  const scored = (d: string) => (HOLDOUT ? d.endsWith('.2022') && Number(d.slice(3, 5)) >= 7 : d.endsWith('.2023') || d.endsWith('.2024'));
  const dates = Object.keys(book).filter(scored).sort(compareTradeDates);
  // The shipped PnL band reads the plans of the 56 days before each day, on their own forecasts.
  const first = addDays(dates[0] as string, -SCENARIO_DAYS);
  const fitted = Object.keys(book)
    .filter((d) => compareTradeDates(d, first) >= 0 && compareTradeDates(d, dates[dates.length - 1] as string) <= 0)
    .sort(compareTradeDates);
  const started = performance.now();
  const load = loadavg()[0] as number;
  const forecasts = await forecastsForPlans(book, fitted);
  const fitSeconds = (performance.now() - started) / 1000;
  const engines: [string, PlanEngine<never, unknown>, unknown][] = [
    ['BESS 2 MWh / 1 MW, η 0.88, wear 150 UAH/MWh, default cycles', BESS as PlanEngine<never, unknown>, bessSettings],
    ['spread, default settings, fee 10 UAH/MWh', SPREAD as PlanEngine<never, unknown>, spreadSettings],
  ];
  console.log(`\n## Capture of plans on forecasts, ${HOLDOUT ? '07–12.2022' : '2023 and 2024'} (${dates.length} days; fit ${fitSeconds.toFixed(1)} s, load ${load.toFixed(1)})\n`);
  for (const [title, engine, settings] of engines) {
    const months = new Map<string, Acc>();
    const years = new Map<string, Acc>();
    let skipped = 0;
    for (const d of dates) {
      const f = forecasts.get(d);
      const y1 = book[addDays(d, -1)];
      const y7 = book[addDays(d, -7)];
      if (!f || !y1 || !y7) {
        skipped++;
        continue;
      }
      const actual = hourlyPrices(book[d]!);
      const paths: Record<PathName, number[]> = { mean: f.mean, p50: f.p50, 'd-1': hourlyPrices(y1), 'd-7': hourlyPrices(y7) };
      const perfect = engine.total(engine.plan(actual, settings as never));
      for (const acc of [months, years]) {
        const key = acc === months ? d.slice(3) : d.slice(6);
        const a = acc.get(key) ?? newAcc();
        a.perfect += perfect;
        a.days++;
        for (const p of PATHS) a.realised[p] += engine.settle(engine.plan(paths[p], settings as never), actual, settings as never);
        if (f.scenarios.length >= 14) {
          const plan = engine.plan(f.mean, settings as never);
          const past: CalibrationDay[] = [];
          for (let i = SCENARIO_DAYS; i >= 1; i--) {
            const g = forecasts.get(addDays(d, -i));
            const day = book[addDays(d, -i)];
            if (g && day && new Set(day.map((p) => p.hour)).size === 24) past.push({ f: g, actual: hourlyPrices(day) });
          }
          const shipped = pnlOnForecast(engine, plan, f, settings as never, past);
          const pnl = f.scenarios.map((sc) => engine.settle(plan, sc, settings as never)).sort((x, y) => x - y);
          const real = engine.settle(plan, actual, settings as never);
          const [q10, q90] = [0.1, 0.9].map((q) => quantileOf(pnl, q)) as [number, number];
          a.scored++;
          if (real >= q10 && real <= q90) a.inside++;
          a.pinball += (pinball(real, q10, 0.1) + pinball(real, q90, 0.9)) / 2;
          a.widthScenarios += q90 - q10;
          if (shipped) {
            if (real >= shipped.p10Uah && real <= shipped.p90Uah) a.insideShipped++;
            a.pinballShipped += (pinball(real, shipped.p10Uah, 0.1) + pinball(real, shipped.p90Uah, 0.9)) / 2;
            a.widthShipped += shipped.p90Uah - shipped.p10Uah;
            if (shipped.band === 'conformal') a.conformal++;
          }
          if (JACKKNIFE) {
            const k = f.scenarios.length;
            const sum = Array.from({ length: 24 }, (_, h) => f.scenarios.reduce((acc, sc) => acc + (sc[h] as number), 0));
            const pj = f.scenarios
              .map((sc) => engine.settle(engine.plan(sum.map((v, h) => (v - (sc[h] as number)) / (k - 1)), settings as never), sc, settings as never))
              .sort((x, y) => x - y);
            const [j10, j50, j90] = [0.1, 0.5, 0.9].map((q) => quantileOf(pj, q)) as [number, number, number];
            if (real >= j10 && real <= j90) a.insideJ++;
            a.pinballJ += (pinball(real, j10, 0.1) + pinball(real, j50, 0.5) + pinball(real, j90, 0.9)) / 3;
          }
        }
        acc.set(key, a);
      }
    }
    if (CANDIDATES) candidateBands(engine, settings, dates, forecasts, book);
    console.log(`### ${title}${skipped ? ` (${skipped} days without a forecast or a naive price left out)` : ''}\n`);
    console.log('| period | days | perfect foresight, UAH | on mean (svc) | on p50 | on d-1 | on d-7 | inside the scenarios\' p10–p90 | pinball, width, UAH | inside the shipped band (conformal days) | pinball, width, UAH |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const per = (v: number, a: Acc) => (a.scored ? (v / a.scored).toFixed(0) : '—');
    for (const [k, a] of [...months, ...years]) console.log(`| ${k} | ${a.days} | ${Math.round(a.perfect).toLocaleString('en')} | ${PATHS.map((p) => pct(a.realised[p], a.perfect)).join(' | ')} | ${pct(a.inside, a.scored)} | ${per(a.pinball, a)}, ${per(a.widthScenarios, a)} | ${pct(a.insideShipped, a.scored)} (${a.conformal}) | ${per(a.pinballShipped, a)}, ${per(a.widthShipped, a)} |${JACKKNIFE ? ` jackknife ${pct(a.insideJ, a.scored)}, ${a.scored ? (a.pinballJ / a.scored).toFixed(0) : '—'} |` : ''}`);
    console.log('');
  }
}

/** The conformal order statistic of level p (bands.ts conformalQuantile's rule, without its median special case). */
const conformalAt = (sorted: number[], p: number): number => {
  const n = sorted.length;
  const k = p < 0.5 ? Math.floor((n + 1) * p) : Math.ceil((n + 1) * p);
  return sorted[Math.min(Math.max(k, 1), n) - 1] as number;
};

/** CANDIDATES=1: coverage, p10/p90 pinball and width of each candidate band, per year (the scored days with a forecast and ≥ 14 calibration days). */
function candidateBands(engine: PlanEngine<never, unknown>, settings: unknown, dates: string[], forecasts: Map<string, dayFromSources.DayForecastFor>, book: Record<string, { hour: number; priceUahMwh: number }[]>): void {
  interface Day { E: number; R: number; w: number; pnl: number[] }
  const days = new Map<string, Day | null>();
  const dayOf = (d: string): Day | null => {
    if (days.has(d)) return days.get(d) as Day | null;
    const f = forecasts.get(d);
    const p = book[d];
    let out: Day | null = null;
    if (f && p && new Set(p.map((x) => x.hour)).size === 24 && f.scenarios.length >= 14) {
      const plan = engine.plan(f.mean, settings as never);
      const pnl = f.scenarios.map((sc) => engine.settle(plan, sc, settings as never)).sort((x, y) => x - y);
      out = { E: pnl.reduce((a, v) => a + v, 0) / pnl.length, R: engine.settle(plan, hourlyPrices(p), settings as never), w: quantileOf(pnl, 0.9) - quantileOf(pnl, 0.1), pnl };
    }
    days.set(d, out);
    return out;
  };
  const names = ['scenarios alone', 'conformal r (shipped)', 'quantiles of r', 'conformal r / w', 'quantiles of r / w', 'PIT map'] as const;
  const acc = new Map<string, { n: number; inside: number[]; pin: number[]; width: number[] }>();
  for (const d of dates) {
    const x = dayOf(d);
    if (!x) continue;
    const past: Day[] = [];
    for (let i = SCENARIO_DAYS; i >= 1; i--) {
      const p = dayOf(addDays(d, -i));
      if (p) past.push(p);
    }
    if (past.length < 14) continue;
    const r = past.map((p) => p.R - p.E).sort((a, b) => a - b);
    const rw = past.filter((p) => p.w > 0).map((p) => (p.R - p.E) / p.w).sort((a, b) => a - b);
    const pit = past.map((p) => p.pnl.filter((v) => v < p.R).length / p.pnl.length).sort((a, b) => a - b);
    const scaled = (f: (s: number[], q: number) => number): [number, number] => (rw.length >= 14 ? [x.E + x.w * f(rw, 0.1), x.E + x.w * f(rw, 0.9)] : [quantileOf(x.pnl, 0.1), quantileOf(x.pnl, 0.9)]);
    const bands: [number, number][] = [
      [quantileOf(x.pnl, 0.1), quantileOf(x.pnl, 0.9)],
      [x.E + conformalAt(r, 0.1), x.E + conformalAt(r, 0.9)],
      [x.E + quantileOf(r, 0.1), x.E + quantileOf(r, 0.9)],
      scaled(conformalAt),
      scaled(quantileOf),
      [quantileOf(x.pnl, conformalAt(pit, 0.1)), quantileOf(x.pnl, conformalAt(pit, 0.9))],
    ];
    const y = HOLDOUT ? '07–12.2022' : d.slice(6);
    const a = acc.get(y) ?? { n: 0, inside: names.map(() => 0), pin: names.map(() => 0), width: names.map(() => 0) };
    a.n++;
    bands.forEach(([lo, hi], k) => {
      if (x.R >= lo && x.R <= hi) a.inside[k]!++;
      a.pin[k]! += (pinball(x.R, lo, 0.1) + pinball(x.R, hi, 0.9)) / 2;
      a.width[k]! += hi - lo;
    });
    acc.set(y, a);
  }
  console.log('| candidate band | ' + [...acc.keys()].map((y) => `${y}: inside, pinball, width`).join(' | ') + ' |');
  console.log('|---|' + [...acc.keys()].map(() => '---:|').join(''));
  for (const [k, name] of names.entries()) console.log(`| ${name} | ${[...acc.values()].map((a) => `${pct(a.inside[k]!, a.n)} (${a.n}), ${(a.pin[k]! / a.n).toFixed(0)}, ${(a.width[k]! / a.n).toFixed(0)}`).join(' | ')} |`);
  console.log('');
}

function timed(cmd: string, argv: string[], env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  execFileSync(cmd, argv, { env, stdio: ['ignore', 'ignore', 'ignore'] });
  return (performance.now() - t) / 1000;
}

function timing(): void {
  const dir = mkdtempSync(join(tmpdir(), 'svc-plan-ahead-'));
  const env = { ...process.env, SVC_DATA_DIR: dir, NO_COLOR: '1' };
  const argv = [join(ROOT, 'bin/svc.js'), 'bess', BOOK, '--date', '01.01.2025', '--plan-on', 'forecast', '--capacity', '2', '--power', '1', '--efficiency', '0.88', '--degradation', '150', '--format', 'json', '-q'];
  const load = loadavg()[0] as number;
  const node0 = timed(process.execPath, ['-e', '0'], env);
  const cold = timed(process.execPath, argv, env);
  const cached = timed(process.execPath, argv, env);
  rmSync(dir, { recursive: true, force: true });
  console.log(`\n## Tomorrow's plan (svc bess <3-year book> --date 01.01.2025 --plan-on forecast), built CLI, load ${load.toFixed(1)}\n`);
  console.log('| run | seconds | target |');
  console.log('|---|---:|---:|');
  console.log(`| node -e 0 | ${node0.toFixed(2)} | |`);
  console.log(`| cold (empty data dir) | ${cold.toFixed(2)} | < 15 |`);
  console.log(`| fits cached (same data dir) | ${cached.toFixed(2)} | < 2 |`);
}

if (want('timing')) timing();
if (want('capture')) await capture();
