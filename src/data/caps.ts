/**
 * The regulator's (NEURC) DAM / IDM / BM price caps, read from the caps table shipped in
 * fixtures/ua-price-caps.csv: one row per regime x markets x bound x hour band [hour_from,
 * hour_to), local time. A row either has a value in UAH/MWh or states a rule (such as "125 % of
 * the DAM price"); rules have no number, so their hours stay null in minByHour / maxByHour and the
 * rule text is returned beside them.
 *
 * The regime in force on a date is the one whose rows for the market cover it (valid_from ..
 * valid_to, inclusive; an empty valid_to is open-ended). Rows without valid_from (the 2020 rule
 * R0) describe no dated regime and are never chosen. Where the table knows only some bands of a
 * regime (R5 from 01.08.2025 records only the 17-23 cap), the other hours are null: nothing is
 * carried over from the previous regime, because the table does not say it was.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeBadDate, tradeDateKey } from '../domain/dates.js';
import { csvRecords } from './csv.js';
import { quote, IssueCollector } from './issues.js';
import { stripBom } from './detect.js';

export type CapMarket = 'DAM' | 'IDM' | 'BM';
export type CapBound = 'min' | 'max';

export interface CapRow {
  regime: string;
  decision: string;
  decisionDate: string | null;
  validFrom: string | null;
  validTo: string | null;
  markets: CapMarket[];
  bound: CapBound;
  /** Hours [hourFrom, hourTo), 0..24. */
  hourFrom: number;
  hourTo: number;
  valueUahMwh: number | null;
  rule: string | null;
  confidence: string;
  sources: string[];
  note: string;
  /** Line in the caps file. */
  line: number;
}

export interface CapRule {
  bound: CapBound;
  hourFrom: number;
  hourTo: number;
  rule: string;
}

export interface PriceCaps {
  regime: string;
  decision: string;
  market: CapMarket;
  /** Earliest valid_from among the regime's rows for this market. */
  validFrom: string;
  validTo: string | null;
  sourceUrl: string | null;
  /** Per hour 0..23: the floor in UAH/MWh, or null where the table has no number. */
  minByHour: (number | null)[];
  maxByHour: (number | null)[];
  /** Distinct confidence labels of the rows used (official, news+data, inferred, ...). */
  confidence: string[];
  /**
   * Per hour 0..23: false where the number comes from a row the table itself does not confirm
   * (confidence `inferred`, or `contradicted-by-data`): such a cap may be out of date, so a price
   * above it is a question for a person, not proof that the data are wrong.
   */
  minConfirmedByHour: boolean[];
  maxConfirmedByHour: boolean[];
  rules: CapRule[];
}

export interface CapsTable {
  source: string;
  rows: readonly CapRow[];
  /** Caps in force on a trade date for a market, or null when no dated regime covers it. */
  capsFor(tradeDate: string, market: CapMarket): PriceCaps | null;
}

export const DEFAULT_CAPS_PATH = fileURLToPath(new URL('../../fixtures/ua-price-caps.csv', import.meta.url));

const COLUMNS = ['regime', 'decision', 'decision_date', 'valid_from', 'valid_to', 'market', 'bound', 'hour_from', 'hour_to', 'value_uah_mwh', 'rule', 'confidence', 'sources', 'note'];
const MARKETS = new Set<string>(['DAM', 'IDM', 'BM']);

export function parseCapsTable(text: string, source: string): CapsTable {
  const issues = new IssueCollector(source);
  const records = csvRecords(stripBom(text), ',', 1, issues);
  const header = records[0];
  if (!header || header.fields.join(',') !== COLUMNS.join(',')) {
    issues.fail(`expected the caps header ${quote(COLUMNS.join(','))}, found ${quote(header?.fields.join(',') ?? '')}`, header?.line ?? 1);
  }
  const rows: CapRow[] = [];
  for (const { fields, line } of records.slice(1)) {
    const row = readRow(fields, line, issues);
    if (row) rows.push(row);
  }
  checkOverlaps(rows, issues);
  issues.throwIfAny();
  return { source, rows, capsFor: (tradeDate, market) => capsFor(rows, tradeDate, market) };
}

export function loadCapsTableSync(path: string = DEFAULT_CAPS_PATH): CapsTable {
  return parseCapsTable(readFileSync(path, 'utf8'), path);
}

export async function loadCapsTable(path: string = DEFAULT_CAPS_PATH): Promise<CapsTable> {
  return parseCapsTable(await readFile(path, 'utf8'), path);
}

function readRow(fields: string[], line: number, issues: IssueCollector): CapRow | null {
  if (fields.length !== COLUMNS.length) {
    issues.atLine(line, null, `expected ${COLUMNS.length} fields, found ${fields.length}`);
    return null;
  }
  const get = (name: string): string => (fields[COLUMNS.indexOf(name)] ?? '').trim();
  const before = issues.count;
  const date = (name: string): string | null => {
    const v = get(name);
    if (v === '') return null;
    const bad = describeBadDate(v);
    if (bad) issues.atLine(line, name, bad);
    return v;
  };
  const hour = (name: string): number => {
    const v = get(name);
    const n = /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN;
    if (!(n >= 0 && n <= 24)) issues.atLine(line, name, `expected an hour 0..24, found ${quote(v)}`);
    return n;
  };
  const markets = get('market').split(';').map((m) => m.trim());
  for (const m of markets) if (!MARKETS.has(m)) issues.atLine(line, 'market', `expected DAM, IDM or BM (separated by ;), found ${quote(m)}`);
  const bound = get('bound');
  if (bound !== 'min' && bound !== 'max') issues.atLine(line, 'bound', `expected min or max, found ${quote(bound)}`);
  const hourFrom = hour('hour_from');
  const hourTo = hour('hour_to');
  if (hourFrom >= hourTo) issues.atLine(line, 'hour_to', `expected hour_to > hour_from (${hourFrom}), found ${hourTo}`);
  const valueText = get('value_uah_mwh');
  const value = valueText === '' ? null : Number(valueText);
  if (value !== null && !(Number.isFinite(value) && value >= 0 && /^\d+(\.\d+)?$/.test(valueText))) {
    issues.atLine(line, 'value_uah_mwh', `expected a cap in UAH/MWh (a number >= 0) or an empty field, found ${quote(valueText)}`);
  }
  const rule = get('rule');
  if (value === null && rule === '') issues.atLine(line, 'rule', 'a row without value_uah_mwh must state its rule, found an empty field');
  const row: CapRow = {
    regime: get('regime'),
    decision: get('decision'),
    decisionDate: date('decision_date'),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    markets: markets as CapMarket[],
    bound: bound as CapBound,
    hourFrom,
    hourTo,
    valueUahMwh: value,
    rule: rule === '' ? null : rule,
    confidence: get('confidence'),
    sources: get('sources').split(';').map((s) => s.trim()).filter((s) => s !== ''),
    note: get('note'),
    line,
  };
  return issues.count === before ? row : null;
}

const fromKey = (r: CapRow): number => (r.validFrom === null ? Number.POSITIVE_INFINITY : tradeDateKey(r.validFrom));
const toKey = (r: CapRow): number => (r.validTo === null ? Number.POSITIVE_INFINITY : tradeDateKey(r.validTo));

/** Two numeric rows of one regime must not give the same market, bound and hour on the same day. */
function checkOverlaps(rows: CapRow[], issues: IssueCollector): void {
  rows.forEach((a, i) => {
    for (const b of rows.slice(i + 1)) {
      if (a.regime !== b.regime || a.bound !== b.bound || a.valueUahMwh === null || b.valueUahMwh === null) continue;
      if (!a.markets.some((m) => b.markets.includes(m))) continue;
      if (a.hourFrom >= b.hourTo || b.hourFrom >= a.hourTo) continue;
      if (fromKey(a) > toKey(b) || fromKey(b) > toKey(a)) continue;
      issues.atLine(b.line, 'hour_from', `hours ${b.hourFrom}-${b.hourTo} overlap line ${a.line} (${a.hourFrom}-${a.hourTo}) for the same regime, market and bound`);
    }
  });
}

function capsFor(rows: readonly CapRow[], tradeDate: string, market: CapMarket): PriceCaps | null {
  if (describeBadDate(tradeDate) !== null) return null;
  const day = tradeDateKey(tradeDate);
  const inForce = rows.filter((r) => r.validFrom !== null && r.markets.includes(market) && fromKey(r) <= day && day <= toKey(r));
  if (inForce.length === 0) return null;
  // Regimes of this table do not overlap; if a future row does, the newest regime wins.
  const newest = inForce.reduce((best, r) => (fromKey(r) > fromKey(best) ? r : best));
  const used = inForce.filter((r) => r.regime === newest.regime);
  const first = used[0] ?? newest;
  const minByHour = new Array<number | null>(24).fill(null);
  const maxByHour = new Array<number | null>(24).fill(null);
  const minConfirmedByHour = new Array<boolean>(24).fill(true);
  const maxConfirmedByHour = new Array<boolean>(24).fill(true);
  const rules: CapRule[] = [];
  for (const r of used) {
    if (r.valueUahMwh === null) {
      if (r.rule !== null) rules.push({ bound: r.bound, hourFrom: r.hourFrom, hourTo: r.hourTo, rule: r.rule });
      continue;
    }
    const target = r.bound === 'min' ? minByHour : maxByHour;
    const confirmed = r.bound === 'min' ? minConfirmedByHour : maxConfirmedByHour;
    for (let h = r.hourFrom; h < Math.min(r.hourTo, 24); h += 1) {
      target[h] = r.valueUahMwh;
      confirmed[h] = isConfirmed(r.confidence);
    }
  }
  const validFrom = used.reduce((a, r) => (fromKey(r) < tradeDateKey(a) ? (r.validFrom as string) : a), first.validFrom as string);
  const validTo = used.some((r) => r.validTo === null) ? null : used.reduce((a, r) => (toKey(r) > tradeDateKey(a) ? (r.validTo as string) : a), first.validTo as string);
  return {
    regime: first.regime,
    decision: first.decision,
    market,
    validFrom,
    validTo,
    sourceUrl: first.sources[0] ?? null,
    minByHour,
    maxByHour,
    confidence: [...new Set(used.map((r) => r.confidence))],
    minConfirmedByHour,
    maxConfirmedByHour,
    rules,
  };
}

/** A row is confirmed unless its confidence says the figure was inferred or later data contradict it. */
export function isConfirmed(confidence: string): boolean {
  const labels = confidence.toLowerCase().split(/[;+\s]+/);
  return !labels.some((l) => l === 'inferred' || l.startsWith('contradicted'));
}
