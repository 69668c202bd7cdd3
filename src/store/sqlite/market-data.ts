/** SQLite store of the market-data cache (operator and exchange reads that parsed). */
import type { Statement } from 'better-sqlite3';
import type { MarketDataEntry, MarketDataKey, MarketDataStore } from '../types.js';
import type { Db } from './db.js';

interface Row {
  source: string;
  dataset: string;
  market: string;
  zone: string;
  period: string;
  fetched_at: string;
  content_hash: string;
  complete: number;
  document: string;
}

type KeyArgs = [string, string, string, string, string];

export class SqliteMarketDataStore implements MarketDataStore {
  private readonly getStmt: Statement<KeyArgs, Row>;
  private readonly putStmt: Statement<[...KeyArgs, string, string, number, string]>;
  private readonly latestStmt: Statement<[string], { fetched_at: string; period: string }>;

  constructor(db: Db) {
    this.getStmt = db.prepare(
      'SELECT * FROM market_data WHERE source = ? AND dataset = ? AND market = ? AND zone = ? AND period = ?',
    );
    this.putStmt = db.prepare(
      'INSERT OR REPLACE INTO market_data (source, dataset, market, zone, period, fetched_at, content_hash, complete, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.latestStmt = db.prepare(
      'SELECT fetched_at, period FROM market_data WHERE dataset = ? ORDER BY fetched_at DESC, period DESC LIMIT 1',
    );
  }

  async get(key: MarketDataKey): Promise<MarketDataEntry | null> {
    const row = this.getStmt.get(key.source, key.dataset, key.market, key.zone, key.period);
    if (!row) return null;
    return {
      source: row.source, dataset: row.dataset, market: row.market, zone: row.zone, period: row.period,
      fetchedAt: row.fetched_at, contentHash: row.content_hash, complete: row.complete === 1, document: row.document,
    };
  }

  async put(e: MarketDataEntry): Promise<void> {
    this.putStmt.run(e.source, e.dataset, e.market, e.zone, e.period, e.fetchedAt, e.contentHash, e.complete ? 1 : 0, e.document);
  }

  async latestFetch(dataset: string): Promise<{ fetchedAt: string; period: string } | null> {
    const row = this.latestStmt.get(dataset);
    return row ? { fetchedAt: row.fetched_at, period: row.period } : null;
  }
}
