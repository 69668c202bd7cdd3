/**
 * The fetched-data stores' SQL, row shapes and mapping, shared by SQLite and PostgreSQL: the
 * transmission-platform document cache, regional display prices (every attempt recorded, rows per
 * revision), order-book snapshots and the market-data cache. Public market data, not tenant records.
 */
import type { DepthSnapshot, MarketDataEntry, MarketDataKey, RegionalFetchAttempt, RegionalPriceRow } from '../types.js';

export const PLATFORM_SQL = {
  tsoGet: 'SELECT fetched_at, document FROM tso_cache WHERE key = ?',
  tsoPut: 'INSERT INTO tso_cache (key, fetched_at, document) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at, document = excluded.document',
  tsoLatest: 'SELECT MAX(fetched_at) AS latest FROM tso_cache',
  attemptInsert: 'INSERT INTO regional_fetch_attempts (attempted_at, trade_date, artifact_hash, revision, rows, status, expected_zones) VALUES (?, ?, ?, ?, ?, ?, ?)',
  regionalUpsert: `INSERT INTO regional_prices (trade_date, revision, zone, value_eur_mwh) VALUES (?, ?, ?, ?)
       ON CONFLICT (trade_date, revision, zone) DO UPDATE SET value_eur_mwh = excluded.value_eur_mwh`,
  attempts: 'SELECT attempted_at, trade_date, artifact_hash, revision, rows, status, expected_zones FROM regional_fetch_attempts WHERE trade_date = ? ORDER BY seq',
  regionalRows: 'SELECT trade_date, revision, zone, value_eur_mwh FROM regional_prices WHERE trade_date = ? ORDER BY revision, zone',
  /** Takes the trade date twice. */
  maxRevision:
    'SELECT MAX(revision) AS r FROM (SELECT revision FROM regional_fetch_attempts WHERE trade_date = ? UNION ALL SELECT revision FROM regional_prices WHERE trade_date = ?) AS revisions',
  depthInsert: 'INSERT INTO depth_snapshots (id, trade_date, hour, captured_at, clearing_price, curves) VALUES (?, ?, ?, ?, ?, ?)',
  depthLatest: `SELECT s.id, s.trade_date, s.hour, s.captured_at, s.clearing_price, s.curves FROM depth_snapshots s
       WHERE s.trade_date = ? AND s.captured_at = (SELECT MAX(t.captured_at) FROM depth_snapshots t WHERE t.trade_date = s.trade_date AND t.hour = s.hour)
       ORDER BY s.hour, s.id`,
  marketGet: 'SELECT source, dataset, market, zone, period, fetched_at, content_hash, complete, document FROM market_data WHERE source = ? AND dataset = ? AND market = ? AND zone = ? AND period = ?',
  marketPut: `INSERT INTO market_data (source, dataset, market, zone, period, fetched_at, content_hash, complete, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source, dataset, market, zone, period) DO UPDATE SET
         fetched_at = excluded.fetched_at, content_hash = excluded.content_hash, complete = excluded.complete, document = excluded.document`,
  marketLatest: 'SELECT fetched_at, period FROM market_data WHERE dataset = ? ORDER BY fetched_at DESC, period DESC LIMIT 1',
};

export const toTsoDocument = (row: { fetched_at: string; document: string }) => ({ fetchedAt: row.fetched_at, document: row.document });

export interface AttemptRow {
  attempted_at: string;
  trade_date: string;
  artifact_hash: string;
  revision: number;
  rows: number;
  status: 'completed' | 'failed';
  expected_zones: string;
}

export type AttemptParams = [string, string, string, number, number, string, string];

export function attemptParams(a: RegionalFetchAttempt): AttemptParams {
  return [a.attemptedAt, a.tradeDate, a.artifactHash, a.revision, a.rows, a.status, JSON.stringify(a.expectedZones)];
}

export function toAttempt(r: AttemptRow): RegionalFetchAttempt {
  return {
    attemptedAt: r.attempted_at, tradeDate: r.trade_date, artifactHash: r.artifact_hash, revision: r.revision,
    rows: r.rows, status: r.status, expectedZones: JSON.parse(r.expected_zones) as string[],
  };
}

export interface RegionalRow { trade_date: string; revision: number; zone: string; value_eur_mwh: number | null }

export const regionalParams = (r: RegionalPriceRow): [string, number, string, number | null] => [r.tradeDate, r.revision, r.zone, r.valueEurMwh];

export const toRegionalRow = (r: RegionalRow): RegionalPriceRow => ({ tradeDate: r.trade_date, revision: r.revision, zone: r.zone, valueEurMwh: r.value_eur_mwh });

/** The next revision from the max-revision query's row (PostgreSQL may answer a numeric as a string). */
export const nextRevisionOf = (row: { r: number | string | null } | undefined): number => Number(row?.r ?? 0) + 1;

export interface DepthRow {
  id: string;
  trade_date: string;
  hour: number;
  captured_at: string;
  clearing_price: number | null;
  curves: string;
}

export type DepthParams = [string, string, number, string, number | null, string];

export function depthParams(s: DepthSnapshot): DepthParams {
  return [s.id, s.tradeDate, s.hour, s.capturedAt, s.clearingPrice, JSON.stringify({ sell: s.sell, buy: s.buy })];
}

/** The newest capture of each hour: the first row per hour of the latest query (ties broken by id). */
export function latestPerHour(rows: DepthRow[]): DepthSnapshot[] {
  const seen = new Set<number>();
  const out: DepthSnapshot[] = [];
  for (const r of rows) {
    if (seen.has(r.hour)) continue;
    seen.add(r.hour);
    const curves = JSON.parse(r.curves) as Pick<DepthSnapshot, 'sell' | 'buy'>;
    out.push({ id: r.id, tradeDate: r.trade_date, hour: r.hour, capturedAt: r.captured_at, clearingPrice: r.clearing_price, sell: curves.sell, buy: curves.buy });
  }
  return out;
}

export interface MarketRow {
  source: string;
  dataset: string;
  market: string;
  zone: string;
  period: string;
  fetched_at: string;
  content_hash: string;
  /** SQLite stores 0/1, PostgreSQL a BOOLEAN. */
  complete: number | boolean;
  document: string;
}

export type MarketKeyParams = [string, string, string, string, string];
export type MarketPutParams = [...MarketKeyParams, string, string, number, string];

export const marketKeyParams = (k: MarketDataKey): MarketKeyParams => [k.source, k.dataset, k.market, k.zone, k.period];

/** `complete` as 0/1: SQLite has no boolean, and PostgreSQL reads '1'/'0' into its BOOLEAN. */
export function marketPutParams(e: MarketDataEntry): MarketPutParams {
  return [...marketKeyParams(e), e.fetchedAt, e.contentHash, e.complete ? 1 : 0, e.document];
}

export function toMarketEntry(row: MarketRow): MarketDataEntry {
  return {
    source: row.source, dataset: row.dataset, market: row.market, zone: row.zone, period: row.period,
    fetchedAt: row.fetched_at, contentHash: row.content_hash, complete: row.complete === true || row.complete === 1, document: row.document,
  };
}

export const toLatestFetch = (row: { fetched_at: string; period: string }) => ({ fetchedAt: row.fetched_at, period: row.period });
