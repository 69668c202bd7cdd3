/** SQLite store of the market-data cache (operator and exchange reads that parsed); SQL and mapping: src/store/sql/platform-data.ts. */
import type { Statement } from 'better-sqlite3';
import {
  marketKeyParams, type MarketKeyParams, marketPutParams, type MarketPutParams, type MarketRow, PLATFORM_SQL, toLatestFetch, toMarketEntry,
} from '../sql/platform-data.js';
import type { MarketDataEntry, MarketDataKey, MarketDataStore } from '../types.js';
import type { Db } from './db.js';

export class SqliteMarketDataStore implements MarketDataStore {
  private readonly getStmt: Statement<MarketKeyParams, MarketRow>;
  private readonly putStmt: Statement<MarketPutParams>;
  private readonly latestStmt: Statement<[string], { fetched_at: string; period: string }>;

  constructor(db: Db) {
    this.getStmt = db.prepare(PLATFORM_SQL.marketGet);
    this.putStmt = db.prepare(PLATFORM_SQL.marketPut);
    this.latestStmt = db.prepare(PLATFORM_SQL.marketLatest);
  }

  async get(key: MarketDataKey): Promise<MarketDataEntry | null> {
    const row = this.getStmt.get(...marketKeyParams(key));
    return row ? toMarketEntry(row) : null;
  }

  async put(e: MarketDataEntry): Promise<void> {
    this.putStmt.run(...marketPutParams(e));
  }

  async latestFetch(dataset: string): Promise<{ fetchedAt: string; period: string } | null> {
    const row = this.latestStmt.get(dataset);
    return row ? toLatestFetch(row) : null;
  }
}
