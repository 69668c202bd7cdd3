/**
 * Parsers of the central bank's official UAH/EUR rate: the shipped series (`date,uah_per_eur`,
 * DD.MM.YYYY, fixtures/rates/) and the NBU open API's JSON answer to
 * `GET …/NBUStatService/v1/statdirectory/exchange?valcode=EUR&date=YYYYMMDD&json`: an array of
 * `{ r030: 978, txt: "Євро", rate: 41.3879, cc: "EUR", exchangedate: "15.01.2024" }` (empty when
 * no rate is set for the date). A wrong shape is an upstream error, never cached.
 */
import { parseJsonArray, unparseable } from '../mktop/errors.js';

export function parseRatesCsv(text: string): Map<string, number> {
  const rates = new Map<string, number>();
  for (const line of text.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1)) {
    const [date, value] = line.split(',');
    const rate = Number(value);
    if (date && /^\d{2}\.\d{2}\.\d{4}$/.test(date.trim()) && Number.isFinite(rate) && rate > 0) rates.set(date.trim(), rate);
  }
  return rates;
}

export interface NbuRate {
  /** The date the rate is set for (DD.MM.YYYY). */
  rateDate: string;
  uahPerEur: number;
}

/** The EUR rate of the NBU answer, or null when the answer is an empty array (no rate set). */
export function parseNbuRate(text: string, date: string): NbuRate | null {
  const what = `central bank rate ${date}`;
  const parsed = parseJsonArray(what, text);
  if (parsed.length === 0) return null;
  const eur = parsed.find((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && ((r as Record<string, unknown>).cc === 'EUR' || (r as Record<string, unknown>).r030 === 978));
  if (!eur) throw unparseable(what, 'no EUR entry');
  const rate = eur.rate;
  const rateDate = eur.exchangedate;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) throw unparseable(what, 'rate is not a positive number');
  if (typeof rateDate !== 'string' || !/^\d{2}\.\d{2}\.\d{4}$/.test(rateDate)) throw unparseable(what, 'exchangedate is not DD.MM.YYYY');
  if (rateDate !== date) throw unparseable(what, `the answer is for ${rateDate}`);
  return { rateDate, uahPerEur: rate };
}
