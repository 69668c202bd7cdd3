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

/** The table's words in the CLI's two table languages (`--lang`); p10/p50/p90 and the model's name stay as they are. */
const WORDS = {
  en: {
    unit: 'UAH/MWh', hour: 'Hour', actual: 'Actual', maxCap: 'Max cap', minCap: 'Min cap', pMax: 'P(max cap)', pMin: 'P(min cap)',
    date: 'Date', meanP50: 'Mean p50', minP10: 'Min p10', maxP90: 'Max p90', meanActual: 'Mean actual', capHours: 'Hours P(max cap) ≥ 50 %',
    legend: '├─┤ p10–p90   ● p50   ┃ max cap (red), min cap (blue) where the band reaches it',
    forecast: 'forecast', from: 'from', dataTo: 'data to', inputs: 'inputs',
    note: (only: boolean) => `A forecast from past prices${only ? ' only' : ' and the inputs named above, as known at 11:00 Kyiv the day before'}; not advice. Bands are empirical p10–p90 from recent out-of-sample errors.`,
  },
  uk: {
    unit: 'грн/МВт·год', hour: 'Година', actual: 'Факт', maxCap: 'Макс. гранична', minCap: 'Мін. гранична', pMax: 'P(макс. гранична)', pMin: 'P(мін. гранична)',
    date: 'Дата', meanP50: 'Середнє p50', minP10: 'Мін. p10', maxP90: 'Макс. p90', meanActual: 'Середній факт', capHours: 'Годин P(макс. гранична) ≥ 50 %',
    legend: '├─┤ p10–p90   ● p50   ┃ макс. гранична ціна (червоним), мін. гранична (синім), де смуга її сягає',
    forecast: 'прогноз', from: 'з', dataTo: 'дані до', inputs: 'вхідні дані',
    note: (only: boolean) => `Прогноз за минулими цінами${only ? '' : ' та названими вище вхідними даними, як їх знали о 11:00 за Києвом напередодні'}; не порада. Смуги — емпіричні p10–p90 з недавніх помилок поза вибіркою.`,
  },
} as const;
type Words = (typeof WORDS)['en' | 'uk'];

type Num = (v: number | null) => string;
/** A price to the hryvnia, grouped as the band chart beside it and the other tables: 4,599 in English, 4 599 in Ukrainian. */
const numFor = (t: { money(v: number, d?: number): string }): Num => (v) => (v === null ? '—' : t.money(v, 0));
const mean = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;

/** A day: the hours (the floor's columns when it is a risk that day: P(min cap) of 1 % or more in some hour), and the band chart. */
function dayBlocks(r: Out, chart: boolean, dim: (s: string) => string, w: Words, n: Num): Block[] {
  const rows = hourRows(r);
  const floorRisk = rows.some((x) => (x.pMinCap ?? 0) >= 0.01);
  const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);
  // Headers with their units (house style: `Price, UAH/MWh`), wrapped after the comma so the table stays narrow.
  const u = (name: string) => `${name}, ${w.unit}`;
  const head = [w.hour, u('p10'), u('p50'), u('p90'), u(w.actual), u(w.maxCap), w.pMax, ...(floorRisk ? [u(w.minCap), w.pMin] : [])];
  const table: Block = { table: { head, maxWidths: head.map((h) => (h.endsWith(w.unit) ? 8 : undefined)), right: floorRisk ? [1, 2, 3, 4, 5, 6, 7, 8] : [1, 2, 3, 4, 5, 6], rows: rows.map((x) => [String(x.hour).padStart(2, '0'), n(x.p10), n(x.p50), n(x.p90), n(x.actual), n(x.maxCap), pct(x.pMaxCap), ...(floorRisk ? [n(x.minCap), pct(x.pMinCap)] : [])]) } };
  if (!chart) return [table];
  const band = rows.map((x) => ({ hour: x.hour, p10: x.p10, p50: x.p50, p90: x.p90, cap: x.maxCap, floor: x.minCap }));
  return [table, '', { band }, dim(w.legend)];
}

function monthBlock(r: Out, w: Words, n: Num): Block {
  const rows = r.days.map((d) => [d.date, n(mean(d.points.map((p) => p.p50))), n(Math.min(...d.points.map((p) => p.p10))), n(Math.max(...d.points.map((p) => p.p90))), n(d.actual ? mean(d.actual) : null), String(d.capHit?.filter((p) => (p.max ?? 0) >= 0.5).length ?? 0)]);
  const head = [w.date, `${w.meanP50}, ${w.unit}`, `${w.minP10}, ${w.unit}`, `${w.maxP90}, ${w.unit}`, `${w.meanActual}, ${w.unit}`, w.capHours];
  return { table: { head, maxWidths: head.map((h) => (h.endsWith(w.unit) ? 12 : undefined)), right: [1, 2, 3, 4, 5], rows } };
}

export const forecastDaysView: DocView<Out, In> = {
  blocks(r, t, input, door) {
    const first = r.days[0]?.date ?? input.from;
    const last = r.days[r.days.length - 1]?.date ?? input.to;
    const source = door.source ?? r.source;
    const w = WORDS[t.lang];
    return [
      t.bold(`${w.forecast} · ${first}${last !== first ? ` – ${last}` : ''}`) + t.dim(` · ${w.from} ${source} (${w.dataTo} ${r.lastDataDay}) · ${r.model}`),
      { dim: `${w.inputs}: ${describeInputs(r.exogenous)}` },
      ...(r.exogenous.fallback ? [{ warn: `exogenous inputs: ${r.exogenous.fallback}` }] : []),
      ...(input.from === input.to ? dayBlocks(r, door.switches.chart !== false, t.dim, w, numFor(t)) : [monthBlock(r, w, numFor(t))]),
      { dim: w.note(r.exogenous.mode === 'off') },
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
