/**
 * PostgreSQL stores of the fetched data: the transmission-platform document cache, regional display
 * prices (one transaction per record), order-book snapshots and the market-data cache. SQL and
 * mapping shared with SQLite: src/store/sql/platform-data.ts.
 */
import {
  attemptParams, type AttemptRow, depthParams, type DepthRow, latestPerHour, marketKeyParams, marketPutParams, type MarketRow, nextRevisionOf,
  PLATFORM_SQL, regionalParams, type RegionalRow, toAttempt, toLatestFetch, toMarketEntry, toRegionalRow, toTsoDocument,
} from '../sql/platform-data.js';
import { numberedAll } from '../sql/placeholders.js';
import type {
  DepthSnapshot, DepthStore, MarketDataEntry, MarketDataKey, MarketDataStore, RegionalFetchAttempt, RegionalPriceRow,
  RegionalPriceStore, TsoCacheStore,
} from '../types.js';
import type { SqlClient } from './sql.js';

const SQL = numberedAll(PLATFORM_SQL);

export class PgTsoCacheStore implements TsoCacheStore {
  constructor(private readonly db: SqlClient) {}

  async get(key: string) {
    const { rows } = await this.db.query<{ fetched_at: string; document: string }>(SQL.tsoGet, [key]);
    return rows[0] ? toTsoDocument(rows[0]) : null;
  }

  async put(key: string, fetchedAt: string, document: string): Promise<void> {
    await this.db.query(SQL.tsoPut, [key, fetchedAt, document]);
  }

  async latestFetch(): Promise<string | null> {
    return (await this.db.query<{ latest: string | null }>(SQL.tsoLatest)).rows[0]?.latest ?? null;
  }
}

export class PgRegionalPriceStore implements RegionalPriceStore {
  constructor(private readonly db: SqlClient) {}

  async record(attempt: RegionalFetchAttempt, rows: RegionalPriceRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(SQL.attemptInsert, attemptParams(attempt));
      for (const r of rows) await tx.query(SQL.regionalUpsert, regionalParams(r));
    });
  }

  async attempts(tradeDate: string): Promise<RegionalFetchAttempt[]> {
    return (await this.db.query<AttemptRow>(SQL.attempts, [tradeDate])).rows.map(toAttempt);
  }

  async rows(tradeDate: string): Promise<RegionalPriceRow[]> {
    return (await this.db.query<RegionalRow>(SQL.regionalRows, [tradeDate])).rows.map(toRegionalRow);
  }

  async nextRevision(tradeDate: string): Promise<number> {
    return nextRevisionOf((await this.db.query<{ r: number | null }>(SQL.maxRevision, [tradeDate, tradeDate])).rows[0]);
  }
}

export class PgDepthStore implements DepthStore {
  constructor(private readonly db: SqlClient) {}

  async save(snapshots: DepthSnapshot[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const s of snapshots) await tx.query(SQL.depthInsert, depthParams(s));
    });
  }

  async latest(tradeDate: string): Promise<DepthSnapshot[]> {
    return latestPerHour((await this.db.query<DepthRow>(SQL.depthLatest, [tradeDate])).rows);
  }
}

export class PgMarketDataStore implements MarketDataStore {
  constructor(private readonly db: SqlClient) {}

  async get(key: MarketDataKey): Promise<MarketDataEntry | null> {
    const { rows } = await this.db.query<MarketRow>(SQL.marketGet, marketKeyParams(key));
    return rows[0] ? toMarketEntry(rows[0]) : null;
  }

  async put(e: MarketDataEntry): Promise<void> {
    await this.db.query(SQL.marketPut, marketPutParams(e));
  }

  async latestFetch(dataset: string): Promise<{ fetchedAt: string; period: string } | null> {
    const { rows } = await this.db.query<{ fetched_at: string; period: string }>(SQL.marketLatest, [dataset]);
    return rows[0] ? toLatestFetch(rows[0]) : null;
  }
}
