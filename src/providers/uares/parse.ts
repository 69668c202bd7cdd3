/**
 * Parsers of the guaranteed buyer's (GPEE) hourly solar and wind output: the shipped series
 * (fixtures/ua-res/, one row per day and series: `date,series,h00..h23`, MW, hour 0..23 local) and
 * the answer of its public chart endpoint `POST /main/loadCharts` (form `date=YYYY-MM-DD`,
 * `zona=1` = IPS, `gen=1` solar / `gen=2` wind): one flat JSON array of numbers whose positions
 * 1–24 are the metered output of hours 1..24, position 25 the 25th-hour slot of a clock-change day,
 * positions 26–49 the projection of hours 1..24 (as read by atsokol/ukraine-energy-data's
 * `download_yield_day`, which the shipped series comes from). A wrong shape is an upstream error,
 * never cached.
 */
import { parseJsonArray, unparseable } from '../mktop/errors.js';

export type ResGen = 'solar' | 'wind';
export const RES_SERIES = ['solar_actual', 'solar_projected', 'wind_actual', 'wind_projected'] as const;
export type ResSeries = (typeof RES_SERIES)[number];

/** One day of one technology: 24 metered and 24 projected values (NaN where the source had none). */
export interface ResDay {
  date: string;
  gen: ResGen;
  actual: number[];
  projected: number[];
}

/** The shipped series: series → date (DD.MM.YYYY) → 24 values. */
export function parseResCsv(text: string): Map<ResSeries, Map<string, Float64Array>> {
  const out = new Map<ResSeries, Map<string, Float64Array>>(RES_SERIES.map((s) => [s, new Map()]));
  for (const line of text.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1)) {
    const cells = line.split(',');
    const [date, series] = cells;
    const target = out.get(series as ResSeries);
    if (!date || !target || !/^\d{2}\.\d{2}\.\d{4}$/.test(date) || cells.length !== 26) continue;
    target.set(date, Float64Array.from(cells.slice(2), (c) => (c === '' ? Number.NaN : Number(c))));
  }
  return out;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : v === null ? Number.NaN : Number.NaN);

/** The loadCharts answer for one day and technology. */
export function parseLoadCharts(text: string, date: string, gen: ResGen): ResDay {
  const what = `guaranteed buyer ${gen} output ${date}`;
  const parsed = parseJsonArray(what, text);
  if (parsed.length < 49) throw unparseable(what, `expected at least 49 values, got ${parsed.length}`);
  const bad = parsed.slice(0, 49).findIndex((v) => !(v === null || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))));
  if (bad >= 0) throw unparseable(what, `value ${bad + 1} is not a number`);
  const values = parsed.slice(0, 49).map((v) => (typeof v === 'string' ? Number(v) : num(v)));
  const actual = values.slice(0, 24);
  const projected = values.slice(25, 49);
  if (actual.every(Number.isNaN) && projected.every(Number.isNaN)) throw unparseable(what, 'every value is empty');
  return { date, gen, actual, projected };
}
