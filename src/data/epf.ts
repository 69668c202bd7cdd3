/**
 * Readers for the open EPF benchmark files (Lago, Marcjasz, De Schutter, Weron 2021; see
 * shared/data/epf/README.md): an hourly market file `timestamp, price, exogenous 1, exogenous 2`
 * (timestamps `YYYY-MM-DD HH:MM:SS`, one row per delivery hour, 24 per day; prices may be
 * negative; the header names differ per market, so columns are taken by position as epftoolbox
 * does), and the authors' published forecasts `timestamp, Real price, DNN 1..4, DNN Ensemble,
 * LEAR 56, LEAR 84, LEAR 1092, LEAR 1456, LEAR Ensemble`.
 */
import { readFile } from 'node:fs/promises';
import { SvcError } from '../domain/errors.js';
import { stripBom } from './detect.js';

export interface EpfDays {
  /** Delivery days DD.MM.YYYY in file order. */
  dates: string[];
  /** Column name → per day, 24 values. */
  columns: Map<string, Float64Array[]>;
  /** Column names after the timestamp, in file order. */
  names: string[];
}

/** DD.MM.YYYY and the hour of `YYYY-MM-DD HH:MM:SS`. */
function stamp(ts: string, source: string, line: number): { date: string; hour: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):00(:00)?$/.exec(ts.trim());
  if (!m) throw SvcError.validation(`${source}:${line}: expected a timestamp YYYY-MM-DD HH:MM:SS, found "${ts}"`, [{ path: `${source}:${line}`, message: 'bad timestamp' }]);
  return { date: `${m[3]}.${m[2]}.${m[1]}`, hour: Number(m[4]) };
}

/** Parses an hourly file with one timestamp column and numeric columns; every day must have hours 0..23 in order. */
export function parseEpfTable(text: string, source: string): EpfDays {
  const lines = stripBom(text).split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const names = header.slice(1);
  if (names.length === 0) throw SvcError.validation(`${source}: no value columns in the header`, [{ path: source, message: 'empty header' }]);
  const dates: string[] = [];
  const columns = new Map<string, Float64Array[]>(names.map((n) => [n, []]));
  for (let i = 1; i < lines.length; i++) {
    const fields = (lines[i] as string).split(',');
    const { date, hour } = stamp(fields[0] ?? '', source, i + 1);
    if (hour === 0) {
      dates.push(date);
      for (const n of names) (columns.get(n) as Float64Array[]).push(new Float64Array(24));
    }
    const d = dates.length - 1;
    if (d < 0 || dates[d] !== date || fields.length !== header.length) {
      throw SvcError.validation(`${source}:${i + 1}: expected ${header.length} fields of hour ${hour} of ${dates[d] ?? date} in order`, [{ path: `${source}:${i + 1}`, message: 'out of order or short row' }]);
    }
    names.forEach((n, c) => {
      const v = Number(fields[c + 1]);
      if (!Number.isFinite(v)) throw SvcError.validation(`${source}:${i + 1}: ${n}: not a number "${fields[c + 1]}"`, [{ path: `${source}:${i + 1}`, message: 'not a number' }]);
      ((columns.get(n) as Float64Array[])[d] as Float64Array)[hour] = v;
    });
  }
  return { dates, columns, names };
}

export interface EpfMarket {
  source: string;
  dates: string[];
  prices: Float64Array[];
  /** The two exogenous series (day-ahead forecasts for the delivery day). */
  exog: Float64Array[][];
  exogNames: string[];
}

export async function readEpfMarket(path: string): Promise<EpfMarket> {
  const t = parseEpfTable(await readFile(path, 'utf8'), path);
  const col = (i: number): Float64Array[] => t.columns.get(t.names[i] as string) as Float64Array[];
  return { source: path, dates: t.dates, prices: col(0), exog: t.names.slice(1).map((_, i) => col(i + 1)), exogNames: t.names.slice(1) };
}

/** The published ensembles: per day, 24 values of `LEAR Ensemble` and `DNN Ensemble`. */
export interface EpfReference {
  dates: string[];
  lear: Float64Array[];
  dnn: Float64Array[];
}

export async function readEpfReference(path: string): Promise<EpfReference> {
  const t = parseEpfTable(await readFile(path, 'utf8'), path);
  const lear = t.columns.get('LEAR Ensemble');
  const dnn = t.columns.get('DNN Ensemble');
  if (!lear || !dnn) throw SvcError.validation(`${path}: expected the columns "LEAR Ensemble" and "DNN Ensemble"`, [{ path, message: 'missing column' }]);
  return { dates: t.dates, lear, dnn };
}
