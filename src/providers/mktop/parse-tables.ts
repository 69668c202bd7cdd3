/**
 * Pure parsers of the operator's monthly tables, as its public site serves them (see
 * ../shared/data/formats/oree_formats.md §1 and §7): a JSON object whose `content` is an HTML
 * fragment holding the table. Every shape problem is an UpstreamError naming what was wrong, so a
 * maintenance page, a truncated body, a missing or extra column, a non-numeric cell or a day of
 * another month never reaches the cache.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { parseTradeDate } from '../../domain/dates.js';
import { kyivPeriodsInDay } from '../../data/dst.js';
import { unparseable, UpstreamError } from './errors.js';
import { cellNumber } from './numbers.js';

/** One delivery day as published: the prices of its settlement periods in order (23, 24 or 25). */
export interface PublishedDay {
  date: string;
  periods: number[];
}

/** The JSON envelope's `key` string, or an error saying what came instead. */
export function jsonEnvelope(text: string, key: string, what: string): string {
  const head = text.trimStart().slice(0, 200).toLowerCase();
  if (head.startsWith('<')) {
    const title = /<title>([^<]{0,120})<\/title>/i.exec(text)?.[1]?.trim();
    throw unparseable(what, `an HTML page came instead of JSON${title ? ` ("${title}")` : ''}: a maintenance or firewall page?`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unparseable(what, `the body is not valid JSON (${text.length} characters; truncated?)`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw unparseable(what, 'expected a JSON object');
  const value = (parsed as Record<string, unknown>)[key];
  if (typeof value !== 'string') throw unparseable(what, `the JSON object has no "${key}" string`);
  return value;
}

function rowsOf(table: HTMLElement): HTMLElement[] {
  const body = table.querySelector('tbody');
  return (body ?? table).querySelectorAll('tr').filter((tr) => tr.querySelectorAll('td').length > 0);
}

function inMonth(date: string, month: string): boolean {
  return date.slice(3) === month;
}

/**
 * `pricectr/data_view`: one row per delivery day, the date then 24 hourly cells. A spring
 * clock-change day leaves the 24th cell empty (23 periods); an autumn day shows 24 of its 25.
 */
export function parseMonthPrices(text: string, month: string, market: string): PublishedDay[] {
  const what = `operator prices ${market} ${month}`;
  const html = jsonEnvelope(text, 'content', what);
  const root = parseHtml(html);
  const table = root.querySelector('#price_table');
  if (!table) {
    if (root.querySelector('.bs-callout-warning')) throw new UpstreamError('upstream_not_published', `${what}: the operator has not published prices for this month yet`);
    throw unparseable(what, 'no <table id="price_table"> in the content');
  }
  const days: PublishedDay[] = [];
  const seen = new Set<string>();
  for (const tr of rowsOf(table)) {
    const cells = tr.querySelectorAll('td').map((td) => td.text);
    const date = (cells[0] ?? '').trim();
    if (!parseTradeDate(date)) throw unparseable(what, `a row starts with ${JSON.stringify(date.slice(0, 20))}, not a date DD.MM.YYYY`);
    if (!inMonth(date, month)) throw unparseable(what, `the table holds ${date}, a day of another month`);
    if (seen.has(date)) throw unparseable(what, `${date} appears twice`);
    seen.add(date);
    if (cells.length !== 25) throw unparseable(what, `the row of ${date} has ${cells.length - 1} hourly cells, expected 24 (a missing or extra column)`);
    const expected = kyivPeriodsInDay(date);
    const periods: number[] = [];
    for (let i = 1; i <= 24; i += 1) {
      const v = cellNumber(cells[i] ?? '');
      if (v === null) {
        if (i === 24 && expected === 23) continue;
        throw new UpstreamError('upstream_incomplete', `${what}: hour ${i} of ${date} is empty`);
      }
      if (Number.isNaN(v)) throw unparseable(what, `hour ${i} of ${date} is ${JSON.stringify((cells[i] ?? '').trim().slice(0, 20))}, not a number`);
      if (i === 24 && expected === 23) throw unparseable(what, `${date} has 23 settlement periods but the 24th cell holds ${v}`);
      periods.push(v);
    }
    days.push({ date, periods });
  }
  if (days.length === 0) throw new UpstreamError('upstream_not_published', `${what}: the table has no days`);
  return days.sort((a, b) => Number(a.date.slice(0, 2)) - Number(b.date.slice(0, 2)));
}

/** A daily index as published (`indexes/data_view`). */
export interface PublishedIndex {
  tradeDate: string;
  baseIndexUahMwh: number;
  peakIndexUahMwh: number;
  offPeakIndexUahMwh: number;
  minPriceUahMwh: number;
  maxPriceUahMwh: number;
  weightedAverageUahMwh: number;
}

type IndexField = Exclude<keyof PublishedIndex, 'tradeDate'>;

/** Column order when the table has no header (the documented `.xls` order). */
const INDEX_COLUMNS: IndexField[] = ['baseIndexUahMwh', 'peakIndexUahMwh', 'offPeakIndexUahMwh', 'minPriceUahMwh', 'maxPriceUahMwh', 'weightedAverageUahMwh'];

function fieldOfHeader(text: string): IndexField | null {
  const t = text.toLowerCase().replace(/\s+/g, '');
  if (/off-?peak/.test(t)) return 'offPeakIndexUahMwh';
  if (/peak/.test(t)) return 'peakIndexUahMwh';
  if (/base/.test(t)) return 'baseIndexUahMwh';
  if (/мінімальна|min/.test(t)) return 'minPriceUahMwh';
  if (/максимальна|max/.test(t)) return 'maxPriceUahMwh';
  if (/середньозважена|weighted/.test(t)) return 'weightedAverageUahMwh';
  return null;
}

function headerColumns(table: HTMLElement, what: string): IndexField[] {
  const header = table.querySelectorAll('th').map((th) => th.text.trim());
  if (header.length === 0) return INDEX_COLUMNS;
  const fields = header.slice(1).map(fieldOfHeader);
  const known = fields.filter((f): f is IndexField => f !== null);
  if (known.length !== fields.length || new Set(known).size !== INDEX_COLUMNS.length || known.length !== INDEX_COLUMNS.length) {
    throw unparseable(what, `unexpected index columns: ${header.join(' | ').slice(0, 200)}`);
  }
  return known;
}

export function parseMonthIndexes(text: string, month: string, zone: string): PublishedIndex[] {
  const what = `operator indexes ${zone} ${month}`;
  const root = parseHtml(jsonEnvelope(text, 'content', what));
  const table = root.querySelector('table');
  if (!table) {
    if (root.querySelector('.bs-callout-warning')) throw new UpstreamError('upstream_not_published', `${what}: not published yet`);
    throw unparseable(what, 'no table in the content');
  }
  const columns = headerColumns(table, what);
  const out: PublishedIndex[] = [];
  const seen = new Set<string>();
  for (const tr of rowsOf(table)) {
    const cells = tr.querySelectorAll('td').map((td) => td.text);
    const date = (cells[0] ?? '').trim();
    if (!parseTradeDate(date)) throw unparseable(what, `a row starts with ${JSON.stringify(date.slice(0, 20))}, not a date`);
    if (!inMonth(date, month)) throw unparseable(what, `the table holds ${date}, a day of another month`);
    if (seen.has(date)) throw unparseable(what, `${date} appears twice`);
    seen.add(date);
    if (cells.length !== columns.length + 1) throw unparseable(what, `the row of ${date} has ${cells.length} cells, expected ${columns.length + 1}`);
    const point: PublishedIndex = { tradeDate: date, baseIndexUahMwh: 0, peakIndexUahMwh: 0, offPeakIndexUahMwh: 0, minPriceUahMwh: 0, maxPriceUahMwh: 0, weightedAverageUahMwh: 0 };
    columns.forEach((field, i) => {
      const v = cellNumber(cells[i + 1] ?? '');
      if (v === null) throw new UpstreamError('upstream_incomplete', `${what}: ${field} of ${date} is empty`);
      if (Number.isNaN(v)) throw unparseable(what, `${field} of ${date} is not a number`);
      point[field] = v;
    });
    out.push(point);
  }
  if (out.length === 0) throw new UpstreamError('upstream_not_published', `${what}: the table has no days`);
  return out.sort((a, b) => Number(a.tradeDate.slice(0, 2)) - Number(b.tradeDate.slice(0, 2)));
}
