/**
 * `prices.show`: one day of a price book as its hours and prices, in hour order — or a clock-change
 * day with its own 23 or 25 settlement periods (as many as the book holds), said as such. `svc
 * prices show <book> --date D` (its table: a bar per hour, the day's highest red and lowest green,
 * and a column chart). A lean operation (types.ts): the command loads no schema library, as it
 * never did; the registry holds it with its zod contract (prices-show-contract.ts). The prices are
 * the book's, not rounded (`exactOutput`).
 */
import { BOUNDS } from '../../domain/bounds.js';
import { parseTradeDate, withDateHint } from '../../domain/dates.js';
import { HOURS_PER_DAY } from '../../domain/hourly.js';
import { standardValidator, type LeanOperation } from '../types.js';
import { PRICE_LABELS } from './price-labels.js';

export interface PricePoint { hour: number; priceUahMwh: number }

export interface PricesShowInput {
  tradeDate: string;
  /** The day's prices (hour 0..23), or on a clock-change day its periods (hour = period − 1). */
  prices: PricePoint[];
  /** The day is a clock-change day: spring (23 periods) or autumn (25). */
  clockChange?: 'spring' | 'autumn';
}

export type PricesShowOutput =
  | { tradeDate: string; prices: PricePoint[] }
  | { tradeDate: string; clockChange: 'spring' | 'autumn'; periods: number; note: string; prices: PricePoint[] };

const KEYS = new Set(['tradeDate', 'prices', 'clockChange']);
const { min, max } = BOUNDS.priceUahMwh;

function check(v: unknown, add: (path: PropertyKey[], message: string) => void): void {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return add([], 'expected an object');
  const value = v as Record<string, unknown>;
  for (const key of Object.keys(value)) if (!KEYS.has(key)) add([], `unrecognized key "${key}"`);
  if (typeof value.tradeDate !== 'string' || parseTradeDate(value.tradeDate) === null) add(['tradeDate'], withDateHint('expected a real date DD.MM.YYYY', value.tradeDate));
  const change = value.clockChange;
  if (change !== undefined && change !== 'spring' && change !== 'autumn') add(['clockChange'], 'expected spring or autumn');
  const prices = value.prices;
  if (!Array.isArray(prices)) return add(['prices'], 'expected a list of { hour, priceUahMwh }');
  const most = change === undefined ? HOURS_PER_DAY : 25;
  if (change === undefined ? prices.length !== HOURS_PER_DAY : prices.length < 1 || prices.length > most) {
    add(['prices'], change === undefined ? `expected ${HOURS_PER_DAY} hours, received ${prices.length}` : `expected 1..25 periods, received ${prices.length}`);
  }
  const seen = new Set<number>();
  prices.forEach((p: unknown, i) => {
    const point = (p ?? {}) as Record<string, unknown>;
    const hour = point.hour;
    const price = point.priceUahMwh;
    if (typeof p !== 'object' || p === null || Object.keys(point).some((k) => k !== 'hour' && k !== 'priceUahMwh')) add(['prices', i], 'expected { hour, priceUahMwh }');
    if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour >= most || seen.has(hour)) add(['prices', i, 'hour'], `expected a distinct hour 0..${most - 1}`);
    else seen.add(hour);
    if (typeof price !== 'number' || !(price >= min && price <= max)) add(['prices', i, 'priceUahMwh'], `must be ${min}..${max}`);
  });
}

export const PricesShowInput = standardValidator<PricesShowInput>((value, issues) => check(value, (path, message) => issues.push({ path, message })));

const pad = (h: number) => String(h).padStart(2, '0');

export const pricesShow: LeanOperation<PricesShowInput, PricesShowOutput> = {
  lean: true,
  id: 'prices.show',
  summary: "One day's prices in hour order; a clock-change day with its own settlement periods",
  description:
    'Input: `tradeDate`, the day\'s `prices` ({ hour, priceUahMwh }, 24 hours 0..23 in any order), or on a clock-change day ' +
    '(`clockChange`: spring or autumn) its settlement periods as the book holds them (hour = period − 1). The output lists them ' +
    'in hour order; a clock-change day also says how many periods it has and a note. Not rounded. svc extension (`svc prices show`).',
  tags: ['prices'],
  access: 'key',
  permission: 'decision.plan',
  input: PricesShowInput,
  exactOutput: true,
  cli: {
    command: ['prices', 'show'],
    description: "one day's 24 prices with a bar per hour and a chart",
    book: { into: 'prices', shape: 'day', date: 'tradeDate', periods: 'clockChange' },
    // The note is in the JSON; the other formats say it on stderr.
    remarks: (o) => ('note' in o ? [{ warn: o.note, json: false }] : []),
    view: {
      blocks: (o, t) => {
        const values = o.prices.map((p) => p.priceUahMwh);
        const top = Math.max(...values);
        const low = Math.min(...values);
        const rows = o.prices.map((p) => {
          const b = t.bar(p.priceUahMwh, top, 32);
          const hour = 'clockChange' in o ? `#${p.hour + 1}` : `${pad(p.hour)}–${pad(p.hour + 1)}`;
          return [hour, t.money(p.priceUahMwh), p.priceUahMwh === top ? t.paint('red', b) : p.priceUahMwh === low ? t.paint('green', b) : b];
        });
        return [{ title: `${PRICE_LABELS.title[t.lang]} · ${o.tradeDate}` }, { table: { head: [PRICE_LABELS.hour[t.lang], PRICE_LABELS.price[t.lang], ''], rows, right: [1] } }, '', { columnChart: values, ...('clockChange' in o ? { periods: true } : {}) }];
      },
      csv: { rows: (o) => o.prices.map((p) => ({ date: o.tradeDate, hour: p.hour, price_uah_mwh: p.priceUahMwh })) },
    },
    examples: ['svc prices show fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024'],
  },
  async run(_ctx, input) {
    const prices = [...input.prices].sort((a, b) => a.hour - b.hour).map((p) => ({ hour: p.hour, priceUahMwh: p.priceUahMwh }));
    const { tradeDate, clockChange } = input;
    if (!clockChange) return { tradeDate, prices };
    const day = clockChange === 'spring' ? 'spring-forward day: 23 settlement periods' : 'fall-back day: 25 settlement periods';
    const note = `${tradeDate} is the Europe/Kyiv ${day}; ${prices.length} in the file; "hour" is the period − 1, not the wall-clock hour`;
    return { tradeDate, clockChange, periods: prices.length, note, prices };
  },
};
