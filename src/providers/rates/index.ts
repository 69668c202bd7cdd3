/**
 * The central bank's official UAH/EUR rate. svc ships a small SAMPLE table
 * (fixtures/rates/uah-per-eur-sample.csv, approximate values, see fixtures/README.md); a live
 * reader can replace `fixtureRates` behind the same interface. The official rate is set for
 * business days: a date without one uses the latest earlier rate within 7 days.
 */
import { readFileSync } from 'node:fs';
import { tradeDateKey } from '../../domain/dates.js';

export interface OfficialRate {
  /** The date the rate was set for (DD.MM.YYYY). */
  rateDate: string;
  uahPerEur: number;
  source: 'fixture';
}

export const RATES_FIXTURE = new URL('../../../fixtures/rates/uah-per-eur-sample.csv', import.meta.url);

export function parseRates(text: string): Map<string, number> {
  const rates = new Map<string, number>();
  for (const line of text.trim().split(/\r?\n/).slice(1)) {
    const [date, value] = line.split(',');
    const rate = Number(value);
    if (date && Number.isFinite(rate) && rate > 0) rates.set(date.trim(), rate);
  }
  return rates;
}

let cached: Map<string, number> | undefined;

export function fixtureRate(date: string): OfficialRate | null {
  cached ??= parseRates(readFileSync(RATES_FIXTURE, 'utf8'));
  const key = tradeDateKey(date);
  let best: { date: string; rate: number } | null = null;
  for (const [d, rate] of cached) {
    const k = tradeDateKey(d);
    if (k <= key && (best === null || k > tradeDateKey(best.date))) best = { date: d, rate };
  }
  if (!best) return null;
  const days = (Date.UTC(Math.floor(key / 10_000), (Math.floor(key / 100) % 100) - 1, key % 100) - Date.UTC(Number(best.date.slice(6)), Number(best.date.slice(3, 5)) - 1, Number(best.date.slice(0, 2)))) / 86_400_000;
  return days <= 7 ? { rateDate: best.date, uahPerEur: best.rate, source: 'fixture' } : null;
}
