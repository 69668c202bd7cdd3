/**
 * Pure parsers of the operator's trading results: the daily `PXS/get_pxs_hdata` JSON (its `html`
 * table: period, price, sale, purchase, declared sale, declared purchase; oree_formats.md §4) and
 * the quarterly CSV `results_mo_stat_csv` (one row per date and period, §6).
 */
import { parse as parseHtml } from 'node-html-parser';
import { parseTradeDate } from '../../domain/dates.js';
import { kyivPeriodsInDay } from '../../data/dst.js';
import { unparseable, UpstreamError } from './errors.js';
import { cellNumber, periodOfLabel } from './numbers.js';
import { jsonEnvelope } from './parse-tables.js';

/** One settlement period of a trading day, as published. */
export interface PublishedResult {
  period: number;
  priceUahMwh: number;
  sellVolumeMwh: number;
  buyVolumeMwh: number;
  declaredSellVolumeMwh: number;
  declaredBuyVolumeMwh: number;
}

export interface PublishedResultsDay {
  tradeDate: string;
  market: string;
  periods: PublishedResult[];
}

const FIELDS = ['priceUahMwh', 'sellVolumeMwh', 'buyVolumeMwh', 'declaredSellVolumeMwh', 'declaredBuyVolumeMwh'] as const;

function resultOf(cells: readonly string[], period: number, what: string, where: string): PublishedResult {
  const r: PublishedResult = { period, priceUahMwh: 0, sellVolumeMwh: 0, buyVolumeMwh: 0, declaredSellVolumeMwh: 0, declaredBuyVolumeMwh: 0 };
  FIELDS.forEach((field, i) => {
    const raw = cells[i] ?? '';
    const v = cellNumber(raw);
    if (v === null) throw new UpstreamError('upstream_incomplete', `${what}: ${field} of ${where} is empty`);
    if (Number.isNaN(v)) throw unparseable(what, `${field} of ${where} is ${JSON.stringify(raw.trim().slice(0, 20))}, not a number`);
    r[field] = v;
  });
  return r;
}

/** Periods 1..n in order, n the day's count (an autumn day may show 24 or 25). */
function checkPeriods(day: PublishedResultsDay, what: string): PublishedResultsDay {
  const expected = kyivPeriodsInDay(day.tradeDate);
  const n = day.periods.length;
  day.periods.sort((a, b) => a.period - b.period);
  day.periods.forEach((p, i) => {
    if (p.period !== i + 1) throw unparseable(what, `${day.tradeDate}: period ${p.period} where ${i + 1} was expected (a period repeated or missing)`);
  });
  if (n > expected) throw unparseable(what, `${day.tradeDate} has ${n} periods; the day has ${expected}`);
  const allowed = expected === 25 ? 24 : expected;
  if (n < allowed) throw new UpstreamError('upstream_incomplete', `${what}: ${day.tradeDate} has ${n} of its ${expected} periods`);
  return day;
}

export function parseDailyResults(text: string, tradeDate: string, market: string): PublishedResultsDay {
  const what = `operator trading results ${market} ${tradeDate}`;
  const root = parseHtml(jsonEnvelope(text, 'html', what));
  if (root.querySelector('.bs-callout-warning')) {
    throw new UpstreamError('upstream_not_published', `${what}: the operator has not published results for this day yet`);
  }
  const table = root.querySelector('table');
  if (!table) throw unparseable(what, 'no table in the html fragment');
  const rows = (table.querySelector('tbody') ?? table).querySelectorAll('tr').filter((tr) => tr.querySelectorAll('td').length > 0);
  const day: PublishedResultsDay = { tradeDate, market, periods: [] };
  for (const tr of rows) {
    const cells = tr.querySelectorAll('td').map((td) => td.text);
    if (cells.length !== 6) throw unparseable(what, `a row has ${cells.length} cells, expected 6 (period, price, sale, purchase, declared sale, declared purchase)`);
    const period = periodOfLabel(cells[0] ?? '');
    if (period === null || period < 1 || period > 25) throw unparseable(what, `a row is labelled ${JSON.stringify((cells[0] ?? '').trim().slice(0, 20))}, not a period`);
    day.periods.push(resultOf(cells.slice(1), period, what, `${tradeDate} period ${period}`));
  }
  if (day.periods.length === 0) throw new UpstreamError('upstream_not_published', `${what}: the table has no rows`);
  return checkPeriods(day, what);
}

/**
 * `results_mo_stat_csv/{market}/{year}/{quarter}`: `;`-separated, UTF-8 with BOM, header then one
 * row per (date, period). DAM rows have 7 fields; IDM rows 10 (weighted, min, max and last price,
 * then the four volumes: only the weighted price and the volumes are kept). A header-only file is
 * an empty (future or unpublished) quarter.
 */
export function parseQuarterCsv(text: string, market: string, year: number, quarter: number): PublishedResultsDay[] {
  const what = `operator quarterly results ${market} ${year} Q${quarter}`;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) throw unparseable(what, 'the file is empty');
  if (lines[0]?.trimStart().startsWith('<')) throw unparseable(what, 'an HTML page came instead of CSV: a maintenance or firewall page?');
  if (!/^Дата;/i.test(lines[0] ?? '')) throw unparseable(what, `unexpected header ${JSON.stringify((lines[0] ?? '').slice(0, 60))}`);
  const width = market === 'IDM' ? 10 : 7;
  const firstMonth = (quarter - 1) * 3 + 1;
  const days = new Map<string, PublishedResultsDay>();
  lines.slice(1).forEach((line, i) => {
    const cells = line.split(';');
    const where = `line ${i + 2}`;
    if (cells.length !== width) throw unparseable(what, `${where} has ${cells.length} fields, expected ${width}`);
    const date = (cells[0] ?? '').trim();
    const d = parseTradeDate(date);
    if (!d) throw unparseable(what, `${where}: ${JSON.stringify(date.slice(0, 20))} is not a date`);
    if (d.year !== year || d.month < firstMonth || d.month > firstMonth + 2) throw unparseable(what, `${where}: ${date} is outside the quarter`);
    const period = Number((cells[1] ?? '').trim());
    if (!Number.isInteger(period) || period < 1 || period > 25) throw unparseable(what, `${where}: period ${JSON.stringify(cells[1])}`);
    const values = market === 'IDM' ? [cells[2], ...cells.slice(6)] : cells.slice(2);
    const day = days.get(date) ?? { tradeDate: date, market, periods: [] };
    days.set(date, day);
    day.periods.push(resultOf(values.map((v) => v ?? ''), period, what, `${date} period ${period}`));
  });
  return [...days.values()].map((day) => checkPeriods(day, what));
}
