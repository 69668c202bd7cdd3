/**
 * `svc forecast` on the terminal (forecast.days' cli binding): an hour table with the band chart
 * for a day (`--date`), a day table for a month (`--month`); CSV every hour; JSON the series by
 * date; on stderr, in every format, the days of the range without a forecast.
 */
import type { z } from 'zod';
import { kyivPeriodsInDay } from '../facade/calendar.js';
import type { Block, DocView, DoorFacts, Remark } from '../types.js';
import { describeInputs } from './forecast-inputs.js';
import { MIN_HISTORY_DAYS } from './forecast-model.js';
import type { ForecastDaysRequest, ForecastDaysResponse } from './forecast-days-contract.js';

type Out = z.infer<typeof ForecastDaysResponse>;
type In = z.infer<typeof ForecastDaysRequest>;

/** Every hour of every day, the CSV's rows and the hour table's. */
function hourRows(r: Out) {
  return r.days.flatMap((d) => d.points.map((p, h) => ({ date: d.date, hour: h, p10: p.p10, p50: p.p50, p90: p.p90, actual: d.actual?.[h] ?? null, maxCap: d.maxCap[h] ?? null, pMaxCap: d.capHit?.[h]?.max ?? null, minCap: d.minCap[h] ?? null, pMinCap: d.capHit?.[h]?.min ?? null })));
}

/** The unit of every price and band in `svc forecast` (an OREE book or the operator's prices). */
const UAH_MWH = 'UAH/MWh';

const n = (v: number | null, d = 0) => (v === null ? '—' : v.toFixed(d));
const mean = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;

/** A day: the hours (the floor's columns when it is a risk that day: P(min cap) of 1 % or more in some hour), and the band chart. */
function dayBlocks(r: Out, chart: boolean, dim: (s: string) => string): Block[] {
  const rows = hourRows(r);
  const floorRisk = rows.some((x) => (x.pMinCap ?? 0) >= 0.01);
  const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);
  // Headers with their units (house style: `Price, UAH/MWh`), wrapped after the comma so the table stays narrow.
  const head = ['Hour', `p10, ${UAH_MWH}`, `p50, ${UAH_MWH}`, `p90, ${UAH_MWH}`, `Actual, ${UAH_MWH}`, `Max cap, ${UAH_MWH}`, 'P(max cap)', ...(floorRisk ? [`Min cap, ${UAH_MWH}`, 'P(min cap)'] : [])];
  const table: Block = { table: { head, maxWidths: head.map((h) => (h.endsWith(UAH_MWH) ? 8 : undefined)), right: floorRisk ? [1, 2, 3, 4, 5, 6, 7, 8] : [1, 2, 3, 4, 5, 6], rows: rows.map((x) => [String(x.hour).padStart(2, '0'), n(x.p10), n(x.p50), n(x.p90), n(x.actual), n(x.maxCap), pct(x.pMaxCap), ...(floorRisk ? [n(x.minCap), pct(x.pMinCap)] : [])]) } };
  if (!chart) return [table];
  const band = rows.map((x) => ({ hour: x.hour, p10: x.p10, p50: x.p50, p90: x.p90, cap: x.maxCap, floor: x.minCap }));
  return [table, '', { band }, dim('├─┤ p10–p90   ● p50   ┃ max cap (red), min cap (blue) where the band reaches it')];
}

function monthBlock(r: Out): Block {
  const rows = r.days.map((d) => [d.date, n(mean(d.points.map((p) => p.p50))), n(Math.min(...d.points.map((p) => p.p10))), n(Math.max(...d.points.map((p) => p.p90))), n(d.actual ? mean(d.actual) : null), String(d.capHit?.filter((p) => (p.max ?? 0) >= 0.5).length ?? 0)]);
  const head = ['Date', `Mean p50, ${UAH_MWH}`, `Min p10, ${UAH_MWH}`, `Max p90, ${UAH_MWH}`, `Mean actual, ${UAH_MWH}`, 'Hours P(max cap) ≥ 50 %'];
  return { table: { head, maxWidths: head.map((h) => (h.endsWith(UAH_MWH) ? 12 : undefined)), right: [1, 2, 3, 4, 5], rows } };
}

export const forecastDaysView: DocView<Out, In> = {
  blocks(r, t, input, door) {
    const first = r.days[0]?.date ?? input.from;
    const last = r.days[r.days.length - 1]?.date ?? input.to;
    const source = door.source ?? r.source;
    return [
      t.bold(`forecast · ${first}${last !== first ? ` – ${last}` : ''}`) + t.dim(` · from ${source} (data to ${r.lastDataDay}) · ${r.model}`),
      { dim: `inputs: ${describeInputs(r.exogenous)}` },
      ...(r.exogenous.fallback ? [{ warn: `exogenous inputs: ${r.exogenous.fallback}` }] : []),
      ...(input.from === input.to ? dayBlocks(r, door.switches.chart !== false, t.dim) : [monthBlock(r)]),
      { dim: `A forecast from past prices${r.exogenous.mode === 'off' ? ' only' : ' and the inputs named above, as known at 11:00 Kyiv the day before'}; not advice. Bands are empirical p10–p90 from recent out-of-sample errors.` },
    ];
  },
  switches: { chart: { flag: '--no-chart', help: 'table output without the chart' } },
  csv: { rows: (r) => hourRows(r).map((x) => ({ ...x, actual: x.actual ?? '', maxCap: x.maxCap ?? '', pMaxCap: x.pMaxCap ?? '', minCap: x.minCap ?? '', pMinCap: x.pMinCap ?? '' })) },
};

/** The JSON: the series by date, and where the prices came from (the book's file, or the operator's months). */
export function forecastDaysJson(r: Out, _input: unknown, door: DoorFacts): unknown {
  const data = Object.fromEntries(r.days.map((d) => [d.date, d.points]));
  const capHitProbability = Object.fromEntries(r.days.map((d) => [d.date, d.capHit]));
  return { source: door.source ?? r.source, model: r.model, baseline: r.baseline, data, capHitProbability, inputs: r.exogenous };
}

/** On stderr: mktop's history, the days of the asked range without a forecast, and clock-change days forecast on the 24-hour grid. */
export function forecastDaysRemarks(r: Out, input: In): Remark[] {
  const first = r.days[0]?.date;
  const last = r.days[r.days.length - 1]?.date;
  const remarks: Remark[] = input.history === 'mktop' ? [{ info: `mktop: history from ${r.source}, to ${r.lastDataDay}` }] : [];
  if (first && first !== input.from) remarks.push({ warn: `forecast from ${first}: the days before it have too little history before them (the shortest window needs ${MIN_HISTORY_DAYS} days)` });
  if (last && last !== input.to) remarks.push({ warn: `forecast to ${last}: a day-ahead forecast needs the day before it, and the data end on ${r.lastDataDay}` });
  for (const d of r.days) {
    const periods = kyivPeriodsInDay(d.date);
    if (periods !== 24) remarks.push({ warn: `${d.date} is a clock-change day (${periods} settlement periods): forecast on the 24-hour grid of the other days, hour by hour` });
  }
  return remarks;
}
