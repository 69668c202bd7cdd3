/**
 * Pure parsers of the operator's B2B API (`/api/damprices`, `/api/damindexes`, header X-API-KEY).
 * No response of that API is public; the shape read here is an assumption documented in
 * docs/data.md: a JSON array (or `{ "data": [...] }`) of flat records, one per date and period for
 * prices, one per date for indexes, with the field spellings listed below. Anything else is an
 * `upstream_unparseable` error, never cached.
 */
import { parseTradeDate } from '../../domain/dates.js';
import { kyivPeriodsInDay } from '../../data/dst.js';
import { unparseable, UpstreamError } from './errors.js';
import type { PublishedDay, PublishedIndex } from './parse-tables.js';

const DATE_KEYS = ['trade_day', 'tradeDate', 'trade_date', 'date'];
const PERIOD_KEYS = ['period', 'hour'];
const PRICE_KEYS = ['price', 'price_uah', 'priceUahMwh'];

function records(text: string, what: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unparseable(what, text.trimStart().startsWith('<') ? 'an HTML page came instead of JSON' : 'the body is not valid JSON (truncated?)');
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) throw unparseable(what, 'expected a JSON array of records (or { "data": [...] })');
  return list.map((r, i) => {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw unparseable(what, `record ${i} is not an object`);
    return r as Record<string, unknown>;
  });
}

function pick(r: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (k in r) return r[k];
  return undefined;
}

/** DD.MM.YYYY from `DD.MM.YYYY` or `YYYY-MM-DD[...]`. */
function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value.trim();
  return parseTradeDate(date) ? date : null;
}

function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value.trim())) return Number(value.trim().replace(',', '.'));
  return Number.NaN;
}

export function parseApiPrices(text: string, month: string): PublishedDay[] {
  const what = `operator API prices ${month}`;
  const byDate = new Map<string, number[]>();
  records(text, what).forEach((r, i) => {
    const date = dateOf(pick(r, DATE_KEYS));
    const period = numberOf(pick(r, PERIOD_KEYS));
    const price = numberOf(pick(r, PRICE_KEYS));
    if (date === null) throw unparseable(what, `record ${i} has no trade date`);
    if (date.slice(3) !== month) throw unparseable(what, `record ${i} is for ${date}, a day of another month`);
    if (!Number.isInteger(period) || period < 1 || period > 25) throw unparseable(what, `record ${i} has no period 1..25`);
    if (!Number.isFinite(price)) throw unparseable(what, `record ${i} (${date} period ${period}) has no numeric price`);
    const periods = byDate.get(date) ?? [];
    byDate.set(date, periods);
    if (periods[period - 1] !== undefined) throw unparseable(what, `${date} period ${period} appears twice`);
    periods[period - 1] = price;
  });
  const days: PublishedDay[] = [];
  for (const [date, periods] of byDate) {
    const expected = kyivPeriodsInDay(date);
    const count = periods.filter((p) => p !== undefined).length;
    if (count !== periods.length || count < (expected === 25 ? 24 : expected)) {
      throw new UpstreamError('upstream_incomplete', `${what}: ${date} has ${count} of its ${expected} periods`);
    }
    if (count > expected) throw unparseable(what, `${date} has ${count} periods; the day has ${expected}`);
    days.push({ date, periods });
  }
  if (days.length === 0) throw new UpstreamError('upstream_not_published', `${what}: no records`);
  return days.sort((a, b) => Number(a.date.slice(0, 2)) - Number(b.date.slice(0, 2)));
}

const INDEX_KEYS: Record<Exclude<keyof PublishedIndex, 'tradeDate'>, string[]> = {
  baseIndexUahMwh: ['base', 'baseIndexUahMwh'],
  peakIndexUahMwh: ['peak', 'peakIndexUahMwh'],
  offPeakIndexUahMwh: ['offpeak', 'off_peak', 'offPeakIndexUahMwh'],
  minPriceUahMwh: ['min', 'min_price', 'minPriceUahMwh'],
  maxPriceUahMwh: ['max', 'max_price', 'maxPriceUahMwh'],
  weightedAverageUahMwh: ['weighted', 'weighted_average', 'weightedAverageUahMwh'],
};

export function parseApiIndexes(text: string, month: string): PublishedIndex[] {
  const what = `operator API indexes ${month}`;
  const out = records(text, what).map((r, i) => {
    const tradeDate = dateOf(pick(r, DATE_KEYS));
    if (tradeDate === null) throw unparseable(what, `record ${i} has no trade date`);
    if (tradeDate.slice(3) !== month) throw unparseable(what, `record ${i} is for ${tradeDate}, a day of another month`);
    const point = { tradeDate } as PublishedIndex;
    for (const [field, keys] of Object.entries(INDEX_KEYS) as [keyof typeof INDEX_KEYS, string[]][]) {
      const v = numberOf(pick(r, keys));
      if (!Number.isFinite(v)) throw unparseable(what, `record ${i} (${tradeDate}) has no numeric ${keys[0]}`);
      point[field] = v;
    }
    return point;
  });
  if (out.length === 0) throw new UpstreamError('upstream_not_published', `${what}: no records`);
  return out.sort((a, b) => Number(a.tradeDate.slice(0, 2)) - Number(b.tradeDate.slice(0, 2)));
}
