/**
 * SQLite stores of the transmission-platform features: the parsed-document cache, the regional
 * display prices (every attempt recorded, rows kept per revision) and order-book snapshots. SQL and
 * mapping shared with PostgreSQL: src/store/sql/platform-data.ts.
 */
import type { Statement } from 'better-sqlite3';
import {
  attemptParams, type AttemptParams, type AttemptRow, depthParams, type DepthParams, type DepthRow, latestPerHour, nextRevisionOf, PLATFORM_SQL,
  regionalParams, type RegionalRow, toAttempt, toRegionalRow, toTsoDocument,
} from '../sql/platform-data.js';
import type {
  DepthSnapshot, DepthStore, RegionalFetchAttempt, RegionalPriceRow, RegionalPriceStore, TsoCacheStore,
} from '../types.js';
import type { Db } from './db.js';

export class SqliteTsoCacheStore implements TsoCacheStore {
  private readonly getStmt: Statement<[string], { fetched_at: string; document: string }>;
  private readonly putStmt: Statement<[string, string, string]>;
  private readonly latestStmt: Statement<[], { latest: string | null }>;

  constructor(db: Db) {
    this.getStmt = db.prepare(PLATFORM_SQL.tsoGet);
    this.putStmt = db.prepare(PLATFORM_SQL.tsoPut);
    this.latestStmt = db.prepare(PLATFORM_SQL.tsoLatest);
  }

  async get(key: string) {
    const row = this.getStmt.get(key);
    return row ? toTsoDocument(row) : null;
  }

  async put(key: string, fetchedAt: string, document: string): Promise<void> {
    this.putStmt.run(key, fetchedAt, document);
  }

  async latestFetch(): Promise<string | null> {
    return this.latestStmt.get()?.latest ?? null;
  }
}

export class SqliteRegionalPriceStore implements RegionalPriceStore {
  private readonly attemptsStmt: Statement<[string], AttemptRow>;
  private readonly rowsStmt: Statement<[string], RegionalRow>;
  private readonly maxRevision: Statement<[string, string], { r: number | null }>;
  private readonly tx: (attempt: RegionalFetchAttempt, rows: RegionalPriceRow[]) => void;

  constructor(db: Db) {
    const insertAttempt: Statement<AttemptParams> = db.prepare(PLATFORM_SQL.attemptInsert);
    const upsertRow: Statement<[string, number, string, number | null]> = db.prepare(PLATFORM_SQL.regionalUpsert);
    this.attemptsStmt = db.prepare(PLATFORM_SQL.attempts);
    this.rowsStmt = db.prepare(PLATFORM_SQL.regionalRows);
    this.maxRevision = db.prepare(PLATFORM_SQL.maxRevision);
    this.tx = db.transaction((a: RegionalFetchAttempt, rows: RegionalPriceRow[]) => {
      insertAttempt.run(...attemptParams(a));
      for (const r of rows) upsertRow.run(...regionalParams(r));
    });
  }

  async record(attempt: RegionalFetchAttempt, rows: RegionalPriceRow[]): Promise<void> {
    this.tx(attempt, rows);
  }

  async attempts(tradeDate: string): Promise<RegionalFetchAttempt[]> {
    return this.attemptsStmt.all(tradeDate).map(toAttempt);
  }

  async rows(tradeDate: string): Promise<RegionalPriceRow[]> {
    return this.rowsStmt.all(tradeDate).map(toRegionalRow);
  }

  async nextRevision(tradeDate: string): Promise<number> {
    return nextRevisionOf(this.maxRevision.get(tradeDate, tradeDate));
  }
}

export class SqliteDepthStore implements DepthStore {
  private readonly latestStmt: Statement<[string], DepthRow>;
  private readonly tx: (snapshots: DepthSnapshot[]) => void;

  constructor(db: Db) {
    const insertStmt: Statement<DepthParams> = db.prepare(PLATFORM_SQL.depthInsert);
    this.latestStmt = db.prepare(PLATFORM_SQL.depthLatest);
    this.tx = db.transaction((snapshots: DepthSnapshot[]) => {
      for (const s of snapshots) insertStmt.run(...depthParams(s));
    });
  }

  async save(snapshots: DepthSnapshot[]): Promise<void> {
    this.tx(snapshots);
  }

  async latest(tradeDate: string): Promise<DepthSnapshot[]> {
    return latestPerHour(this.latestStmt.all(tradeDate));
  }
}
