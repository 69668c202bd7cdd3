/**
 * `prices.convert`: a price book written in one of svc's three formats — JSON (the spec's
 * PriceBook), long CSV (`date,hour,price_uah_mwh`) or wide CSV (`date,h0..h23`) — as the text of
 * the file, with the days it holds. Clock-change days (23 or 25 settlement periods, which a
 * 24-point PriceBook cannot hold) are kept with their own periods in long CSV; JSON and wide CSV
 * refuse them (exit 2 naming them). `svc prices convert <book> --to json|csv|wide [-o file]`: the
 * door reads the book in any format (`--dst keep|skip|reject`: kept days handed over in
 * `clockChangeDays`) and writes the text to stdout, or with `-o` to a file.
 *
 * A lean operation (types.ts), as prices.show: the command loads no schema library; the registry
 * holds it with its zod contract (prices-convert-contract.ts). The CLI is its one door besides `svc
 * op` (no HTTP route or MCP tool: docs/architecture.md, "The CLI, derived"), so its one error
 * speaks the command's flags.
 */
import { SvcError } from '../../domain/errors.js';
import { BOUNDS } from '../../domain/bounds.js';
import { parseTradeDate, withDateHint } from '../../domain/dates.js';
import { kyivDstTransitionDays, kyivPeriodsInDay } from '../../data/dst.js';
import type { PriceBook } from '../../domain/prices.js';
import { writeLongCsv, writePriceBookJson, writeWideCsv } from '../../data/write.js';
import { standardValidator, type LeanOperation, type StandardIssue } from '../types.js';
import { checkHourlyPrices } from './prices-stats-input.js';

export const CONVERT_FORMATS = ['json', 'csv', 'wide'] as const;
export type ConvertFormat = (typeof CONVERT_FORMATS)[number];

/** A clock-change day with the settlement periods the book holds (hour = period − 1). */
export interface ClockChangeDay {
  date: string;
  periods: number[];
}

export interface PricesConvertInput {
  to: ConvertFormat;
  /** Hourly prices (UAH/MWh, index = hour 0..23) keyed by trade date DD.MM.YYYY. */
  prices: Record<string, number[]>;
  /** Clock-change days to keep with their own periods (long CSV only). */
  clockChangeDays?: ClockChangeDay[];
}

export interface PricesConvertOutput {
  to: ConvertFormat;
  /** Days written, the clock-change days among them. */
  days: number;
  clockChangeDays: number;
  /** The book's text in the format `to`. */
  text: string;
}

const KEYS = new Set(['to', 'prices', 'clockChangeDays']);

/**
 * Why a real date is no Europe/Kyiv clock-change day (the last Sunday of March or of October), or
 * undefined when it is one. Its periods are not checked against the day: a book may hold fewer than
 * the day has (the operator's export has 24 of the autumn day's 25).
 */
export function notClockChange(date: string): string | undefined {
  const year = Number(date.slice(6));
  const { spring, autumn } = kyivDstTransitionDays(year);
  return date === spring || date === autumn ? undefined : `expected a Europe/Kyiv clock-change day (the last Sunday of March or October: ${spring} or ${autumn}), got ${date}`;
}

/**
 * The most settlement periods a kept day may hold: the day's own count (23 in March, 25 in
 * October); 25 for a date that is no clock-change day (it has its issue already).
 */
export function maxPeriods(date: unknown): number {
  return typeof date === 'string' && parseTradeDate(date) !== null && notClockChange(date) === undefined ? kyivPeriodsInDay(date) : 25;
}

/**
 * Why the kept day at index i may not be kept besides the others and the hourly days: its date is
 * also a key of `prices` (a day is either hourly or a clock-change day), or it was listed before.
 * Undefined when neither. Shared by the lean validator and the zod contract.
 */
export function clashOf(date: string, i: number, dates: readonly unknown[], prices: unknown): string | undefined {
  if (prices !== null && typeof prices === 'object' && Object.prototype.hasOwnProperty.call(prices, date)) {
    return `${date} is also a key of prices: a day is either hourly (prices) or a clock-change day with its own periods, not both`;
  }
  const first = dates.indexOf(date);
  return first >= 0 && first < i ? `${date} is listed twice (clockChangeDays.${first} and .${i})` : undefined;
}
const { min, max } = BOUNDS.priceUahMwh;

function check(v: unknown, issues: StandardIssue[]): void {
  const add = (path: PropertyKey[], message: string): void => {
    issues.push({ path, message });
  };
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return add([], 'expected an object');
  const value = v as Record<string, unknown>;
  for (const key of Object.keys(value)) if (!KEYS.has(key)) add([], `unrecognized key "${key}"`);
  if (!CONVERT_FORMATS.includes(value.to as ConvertFormat)) add(['to'], 'expected json, csv or wide');
  checkHourlyPrices(value.prices, issues);
  const kept = value.clockChangeDays;
  if (kept === undefined) return;
  if (!Array.isArray(kept)) return add(['clockChangeDays'], 'expected a list of { date, periods }');
  const dates = kept.map((d: unknown) => (d !== null && typeof d === 'object' ? (d as Record<string, unknown>).date : undefined));
  kept.forEach((d: unknown, i) => {
    const day = (d ?? {}) as Record<string, unknown>;
    if (typeof d !== 'object' || d === null || Object.keys(day).some((k) => k !== 'date' && k !== 'periods')) add(['clockChangeDays', i], 'expected { date, periods }');
    if (typeof day.date !== 'string' || parseTradeDate(day.date) === null) add(['clockChangeDays', i, 'date'], withDateHint('expected a real date DD.MM.YYYY', day.date));
    else {
      const not = notClockChange(day.date) ?? clashOf(day.date, i, dates, value.prices);
      if (not) add(['clockChangeDays', i, 'date'], not);
    }
    const periods = day.periods;
    const most = maxPeriods(day.date);
    if (!Array.isArray(periods) || periods.length < 1 || periods.length > most || periods.some((p) => typeof p !== 'number' || !(p >= min && p <= max))) {
      add(['clockChangeDays', i, 'periods'], `expected 1..${most} prices ${min}..${max}`);
    }
  });
}

export const PricesConvertInput = standardValidator<PricesConvertInput>(check);

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * A kept day said against its calendar, so a count short of it reads as what it is:
 * `27.10.2024: a 25-period day, 24 periods in the book` (the operator's export holds 24 of the autumn
 * day's 25), `31.03.2024: a 23-period day, all 23 periods in the book`.
 */
export function clockChangeDayHeld(d: ClockChangeDay): string {
  const n = kyivPeriodsInDay(d.date);
  const held = d.periods.length;
  return `${d.date}: a ${n}-period day, ${held === n ? `all ${n}` : held} ${plural(held, 'period', 'periods')} in the book`;
}
/** `7 days`, `31 days (2 of them clock-change days with their own periods)`, `(1 of them a clock-change day with its own periods)`. */
const written = (o: PricesConvertOutput) => {
  const n = o.clockChangeDays;
  const kept = n === 0 ? '' : n === 1 ? ' (1 of them a clock-change day with its own periods)' : ` (${n} of them clock-change days with their own periods)`;
  return `${o.days} ${plural(o.days, 'day', 'days')}${kept}`;
};

export const pricesConvert: LeanOperation<PricesConvertInput, PricesConvertOutput> = {
  lean: true,
  id: 'prices.convert',
  summary: 'Convert a price book (hourly prices by date) to the text of a JSON, long CSV or wide CSV file',
  description:
    'Input: `to` (json | csv | wide), `prices` (24 hourly prices per trade date, index = hour) and optional `clockChangeDays` ' +
    '({ date, periods }: a Europe/Kyiv clock-change day, the last Sunday of March or October, with the settlement periods the book holds: 1 up to the day\'s own count, ' +
    '23 in March or 25 in October; a date not also a key of `prices`, listed once). The output is the book written in that ' +
    'format (`text`: JSON one day per line, long CSV `date,hour,price_uah_mwh`, wide CSV `date,h0..h23`; dates ascending, prices ' +
    'as read) and the days written. Clock-change days are kept in long CSV only; with another format they are a validation error `dst_day` (exit 2). ' +
    'svc extension (`svc prices convert`; no HTTP route).',
  tags: ['prices'],
  access: 'key',
  permission: 'decision.plan',
  input: PricesConvertInput,
  exactOutput: true,
  cli: {
    command: ['prices', 'convert'],
    description: 'convert a price book between JSON, long CSV and wide CSV',
    parent: {
      description: 'read, summarise and convert price books',
      examples: [
        'svc prices show fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024',
        'svc prices stats fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 31.12.2024',
        'svc prices convert fixtures/sample-week.csv --to wide',
        'SVC_MARKET_DATA=fixture svc prices fetch --month 12.2024 --format csv',
      ],
    },
    book: {
      into: 'prices',
      shape: 'hourly',
      arg: { name: 'file', help: "price book; - for stdin (for the operator's prices use svc prices fetch -o)" },
      keepDst: {
        into: 'clockChangeDays',
        help: 'clock-change days (23/25 periods): keep (long CSV keeps them; json/wide cannot hold them: exit 2 naming them) | skip (leave them out, named on stderr) | reject (exit 2)',
      },
    },
    flags: { to: { value: 'format', lower: true } },
    flagHelp: { to: 'json | csv (long: date,hour,price_uah_mwh) | wide (date,h0..h23)' },
    order: ['to', '@output'],
    sideFiles: [
      {
        flag: { flag: '--output', short: '-o', value: 'file', help: 'write to a file instead of stdout' },
        stdout: true,
        text: (o) => o.text,
        says: (o, path) => `wrote ${written(o)} to ${path}`,
      },
    ],
    view: { raw: (o) => o.text, says: (o) => `wrote ${written(o)}` },
    examples: [
      'svc prices convert fixtures/oree-monthly-export-2024-12.csv --to csv -o "$TMPDIR/dec-2024.csv"   # keeps the clock-change days',
      'svc prices convert fixtures/oree-monthly-export-2024-12.csv --to json --dst skip -o "$TMPDIR/dec-2024.json"',
      'svc prices convert fixtures/sample-week.csv --to wide',
    ],
  },
  async run(_ctx, { to, prices, clockChangeDays = [] }) {
    const n = clockChangeDays.length;
    if (n > 0 && to !== 'csv') {
      const them = plural(n, 'it', 'them');
      throw SvcError.validation(
        `--to ${to}: ${n} clock-change ${plural(n, 'day', 'days')} (${clockChangeDays.map(clockChangeDayHeld).join('; ')}) cannot be held by a 24-point PriceBook; convert --to csv to keep ${them}, or add --dst skip to leave ${them} out`,
        [{ path: '--dst', message: 'clock-change days cannot be written in this format' }],
        'dst_day',
      );
    }
    const book: PriceBook = {};
    for (const [date, day] of Object.entries(prices)) book[date] = day.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
    const text = to === 'json' ? writePriceBookJson(book) : to === 'csv' ? writeLongCsv(book, clockChangeDays) : writeWideCsv(book);
    return { to, days: Object.keys(prices).length + n, clockChangeDays: n, text };
  },
};
