/**
 * Cap-hit probabilities calibrated toward their climatology (src/engines/forecast/caphit.ts;
 * docs/forecast.md, "Cap-hit probabilities"): the shipped model on the served `base` inputs with
 * the climatology's weight w of each bound on a grid, Brier scores of the max and the min cap
 * against climatology on OREE 2023 and 2024 (the choosing years), and the chosen w on the
 * untouched 07–12.2022. Member fits from bench/forecast-cache.ts (SVC_FORECAST_CACHE).
 *
 *   SVC_FORECAST_CACHE=<dir> nice -n 10 npx tsx bench/forecast-caphit.bench.ts [grid] [detail] [holdout] [chosen=MAX,MIN]
 *
 * - grid: w ∈ GRID for both bounds at once (each bound's Brier depends on its own w only), with the
 *   climatology of all days or of the days with the same cap value (caphit.ts), chosen=MAX,MIN,CLIMATE.
 * - detail: where the Brier score of the uncalibrated and the chosen model comes from (event hours
 *   against the other hours, per month).
 * - holdout: the model before and the chosen w on the untouched period.
 */
import { loadavg } from 'node:os';
import { DEFAULT_FORECAST, H, monthOf, isEvaluable, type DailySeries, type Evaluation, type ForecastOptions } from '../src/engines/forecast/index.js';
import { atCap, capClimate } from '../src/engines/forecast/caphit.js';
import { CHOOSE, UNTOUCHED, evaluator, oree, withMode, type Period } from './forecast-years-lib.js';

const args = process.argv.slice(2);
const want = (name: string) => args.filter((a) => !a.includes('=')).length === 0 || args.includes(name);
const chosenArg = args.find((a) => a.startsWith('chosen='))?.slice(7).split(',');
const CLIMATES = ['all', 'sameCap'] as const;
type Climate = (typeof CLIMATES)[number];
const GRID = [0, 0.05, 0.1, 0.12, 0.15, 0.2, 0.3, 0.5, 1];
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const f4 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(4));
const f5 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(5));
const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

const withShrink = (max: number, min: number, climate: Climate = DEFAULT_FORECAST.capHit.climate): ForecastOptions => ({ ...DEFAULT_FORECAST, capHit: { ...DEFAULT_FORECAST.capHit, climate, shrink: { max, min } } });
const BEFORE = withShrink(0, 0);
const CHOSEN = chosenArg && chosenArg.length === 3 ? withShrink(Number(chosenArg[0]), Number(chosenArg[1]), chosenArg[2] as Climate) : DEFAULT_FORECAST;

const { s: prices, capsOf } = await oree();
const s = await withMode(prices, capsOf, 'base');
console.log(`load average at start: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
const cap = (e: Evaluation, bound: 'max' | 'min') => e.capHit.find((c) => c.bound === bound);

/** Brier sums split into the event hours and the others, per month, for a run and its climatology. */
function detail(s: DailySeries, e: Evaluation, name: string): void {
  const days = e.days;
  const climate = capClimate(s, capsOf, (days[0] as { t: number }).t, (days[days.length - 1] as { t: number }).t + 1, DEFAULT_FORECAST.capHit.climateDays);
  const months = new Map<string, number[]>();
  for (const d of days) {
    const c = capsOf(d.t);
    if (!d.capHit || !c || !isEvaluable(s, d.t)) continue;
    const m = monthOf(s.startDay + d.t);
    const r = months.get(m) ?? [0, 0, 0, 0, 0, 0];
    for (let h = 0; h < H; h++) {
      const p = d.capHit.min[h];
      const cm = c.min[h] as number;
      if (p === null || p === undefined || Number.isNaN(cm)) continue;
      const o = atCap('min', s.price[d.t * H + h] as number, cm) ? 1 : 0;
      const q0 = climate.frequency('min', d.t, h);
      const q = Number.isNaN(q0) ? 0 : q0;
      if (o) {
        r[0]! += 1;
        r[1]! += (1 - p) ** 2;
        r[2]! += (1 - q) ** 2;
      } else {
        r[3]! += 1;
        r[4]! += p * p;
        r[5]! += q * q;
      }
    }
    months.set(m, r);
  }
  console.log(`\n### ${name}: min cap, Brier sums by month (events: model / climatology; other hours: model / climatology)\n`);
  console.log(row(['month', 'event hours', 'model Σ(1−p)²', 'clim Σ(1−q)²', 'other hours', 'model Σp²', 'clim Σq²']));
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const [m, r] of months) console.log(row([m, r[0]!, r[1]!.toFixed(2), r[2]!.toFixed(2), r[3]!, r[4]!.toFixed(2), r[5]!.toFixed(2)]));
}

const members = DEFAULT_FORECAST.lear.members;
if (want('grid') || want('detail')) {
  const ev = evaluator(s, capsOf, CHOOSE, members);
  if (want('grid')) {
    console.log('\n## Cap-hit Brier scores on OREE 2023 and 2024, `base` inputs, climatology weight w (both bounds); skill = 1 − Brier / climatology (all days); pooled = both years\' hours together\n');
    console.log(row(['climatology pooled', 'w', ...(['max', 'min'] as const).flatMap((b) => [`2023 ${b} Brier (skill)`, `2024 ${b} Brier (skill)`, `pooled ${b}`]), '2023 rMAE', '2024 rMAE', '2023 cov', '2024 cov']));
    console.log(row(['---', '---:', ...new Array(10).fill('---:')]));
    for (const climate of CLIMATES)
      for (const w of GRID) {
        if (w === 0 && climate !== 'all') continue;
        const [e3, e4] = CHOOSE.map((p) => ev(p, withShrink(w, w, climate))) as [Evaluation, Evaluation];
        const cells = (['max', 'min'] as const).flatMap((b) => {
          const [c3, c4] = [cap(e3, b), cap(e4, b)];
          const pooled = c3 && c4 ? (c3.brier * c3.hours + c4.brier * c4.hours) / (c3.hours + c4.hours) : null;
          return [`${f5(c3?.brier)} (${f3(c3?.skill)})`, `${f5(c4?.brier)} (${f3(c4?.skill)})`, f5(pooled)];
        });
        console.log(row([w === 0 ? 'none' : climate, w, ...cells, f4(e3.metrics.rmaeVsNaive), f4(e4.metrics.rmaeVsNaive), f3(e3.metrics.coverage), f3(e4.metrics.coverage)]));
      }
    console.log(`climatology (all days): ${CHOOSE.map((p) => { const e = ev(p, BEFORE); return `${p.name} max ${f5(cap(e, 'max')?.brierClimatology)}, min ${f5(cap(e, 'min')?.brierClimatology)}`; }).join('; ')}`);
    console.log(`events: ${CHOOSE.map((p) => `${p.name} max ${cap(ev(p, BEFORE), 'max')?.events}, min ${cap(ev(p, BEFORE), 'min')?.events}`).join('; ')}`);
  }
  if (want('detail')) for (const p of CHOOSE) for (const [name, o] of [['before', BEFORE], ['chosen', CHOSEN]] as const) detail(s, ev(p, o), `${p.name}, ${name}`);
}
if (want('holdout')) {
  const ev = evaluator(s, capsOf, [UNTOUCHED], members);
  const p: Period = UNTOUCHED;
  console.log(`\n## Untouched ${p.name}, \`base\` inputs\n`);
  console.log(row(['model', 'max Brier', 'max clim', 'max skill', 'min Brier', 'min clim', 'min skill', 'events max / min', 'rMAE naive', 'rMAE weekly', 'coverage']));
  console.log(row(['---', ...new Array(10).fill('---:')]));
  for (const [name, o] of [['before (w = 0)', BEFORE], [`w = ${CHOSEN.capHit.shrink.max} / ${CHOSEN.capHit.shrink.min}, ${CHOSEN.capHit.climate}`, CHOSEN]] as const) {
    const e = ev(p, o);
    const mx = cap(e, 'max');
    const mn = cap(e, 'min');
    console.log(row([name, f4(mx?.brier), f4(mx?.brierClimatology), f3(mx?.skill), f4(mn?.brier), f4(mn?.brierClimatology), f3(mn?.skill), `${mx?.events} / ${mn?.events}`, f4(e.metrics.rmaeVsNaive), f4(e.metrics.rmaeVsWeeklyNaive), f3(e.metrics.coverage)]));
  }
}
console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' / ')}`);
