/**
 * SQLite stores of the transmission-platform features: the parsed-document cache, the regional
 * display prices (every attempt recorded, rows kept per revision) and order-book snapshots.
 */
import type { Statement } from 'better-sqlite3';
import type {
  DepthSnapshot, DepthStore, RegionalFetchAttempt, RegionalPriceRow, RegionalPriceStore, TsoCacheStore,
} from '../types.js';
import type { Db } from './db.js';

export class SqliteTsoCacheStore implements TsoCacheStore {
  private readonly getStmt: Statement<[string], { fetched_at: string; document: string }>;
  private readonly putStmt: Statement<[string, string, string]>;
  private readonly latestStmt: Statement<[], { latest: string | null }>;

  constructor(db: Db) {
    this.getStmt = db.prepare('SELECT fetched_at, document FROM tso_cache WHERE key = ?');
    this.putStmt = db.prepare(
      'INSERT INTO tso_cache (key, fetched_at, document) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at, document = excluded.document',
    );
    this.latestStmt = db.prepare('SELECT MAX(fetched_at) AS latest FROM tso_cache');
  }

  async get(key: string) {
    const row = this.getStmt.get(key);
    return row ? { fetchedAt: row.fetched_at, document: row.document } : null;
  }

  async put(key: string, fetchedAt: string, document: string): Promise<void> {
    this.putStmt.run(key, fetchedAt, document);
  }

  async latestFetch(): Promise<string | null> {
    return this.latestStmt.get()?.latest ?? null;
  }
}

interface AttemptRow {
  attempted_at: string;
  trade_date: string;
  artifact_hash: string;
  revision: number;
  rows: number;
  status: 'completed' | 'failed';
  expected_zones: string;
}

export class SqliteRegionalPriceStore implements RegionalPriceStore {
  private readonly insertAttempt: Statement<[string, string, string, number, number, string, string]>;
  private readonly insertRow: Statement<[string, number, string, number | null]>;
  private readonly attemptsStmt: Statement<[string], AttemptRow>;
  private readonly rowsStmt: Statement<[string], { trade_date: string; revision: number; zone: string; value_eur_mwh: number | null }>;
  private readonly maxRevision: Statement<[string, string], { r: number | null }>;
  private readonly tx: (attempt: RegionalFetchAttempt, rows: RegionalPriceRow[]) => void;

  constructor(db: Db) {
    this.insertAttempt = db.prepare(
      'INSERT INTO regional_fetch_attempts (attempted_at, trade_date, artifact_hash, revision, rows, status, expected_zones) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertRow = db.prepare('INSERT OR REPLACE INTO regional_prices (trade_date, revision, zone, value_eur_mwh) VALUES (?, ?, ?, ?)');
    this.attemptsStmt = db.prepare('SELECT * FROM regional_fetch_attempts WHERE trade_date = ? ORDER BY seq');
    this.rowsStmt = db.prepare('SELECT trade_date, revision, zone, value_eur_mwh FROM regional_prices WHERE trade_date = ? ORDER BY revision, zone');
    this.maxRevision = db.prepare(
      'SELECT MAX(revision) AS r FROM (SELECT revision FROM regional_fetch_attempts WHERE trade_date = ? UNION ALL SELECT revision FROM regional_prices WHERE trade_date = ?)',
    );
    this.tx = db.transaction((a: RegionalFetchAttempt, rows: RegionalPriceRow[]) => {
      this.insertAttempt.run(a.attemptedAt, a.tradeDate, a.artifactHash, a.revision, a.rows, a.status, JSON.stringify(a.expectedZones));
      for (const r of rows) this.insertRow.run(r.tradeDate, r.revision, r.zone, r.valueEurMwh);
    });
  }

  async record(attempt: RegionalFetchAttempt, rows: RegionalPriceRow[]): Promise<void> {
    this.tx(attempt, rows);
  }

  async attempts(tradeDate: string): Promise<RegionalFetchAttempt[]> {
    return this.attemptsStmt.all(tradeDate).map((r) => ({
      attemptedAt: r.attempted_at, tradeDate: r.trade_date, artifactHash: r.artifact_hash, revision: r.revision,
      rows: r.rows, status: r.status, expectedZones: JSON.parse(r.expected_zones) as string[],
    }));
  }

  async rows(tradeDate: string): Promise<RegionalPriceRow[]> {
    return this.rowsStmt.all(tradeDate).map((r) => ({ tradeDate: r.trade_date, revision: r.revision, zone: r.zone, valueEurMwh: r.value_eur_mwh }));
  }

  async nextRevision(tradeDate: string): Promise<number> {
    return (this.maxRevision.get(tradeDate, tradeDate)?.r ?? 0) + 1;
  }
}

export class SqliteDepthStore implements DepthStore {
  private readonly insertStmt: Statement<[string, string, number, string, number | null, string]>;
  private readonly latestStmt: Statement<[string], { id: string; trade_date: string; hour: number; captured_at: string; clearing_price: number | null; curves: string }>;
  private readonly tx: (snapshots: DepthSnapshot[]) => void;

  constructor(db: Db) {
    this.insertStmt = db.prepare('INSERT INTO depth_snapshots (id, trade_date, hour, captured_at, clearing_price, curves) VALUES (?, ?, ?, ?, ?, ?)');
    this.latestStmt = db.prepare(
      `SELECT s.* FROM depth_snapshots s
       WHERE s.trade_date = ? AND s.captured_at = (SELECT MAX(t.captured_at) FROM depth_snapshots t WHERE t.trade_date = s.trade_date AND t.hour = s.hour)
       ORDER BY s.hour, s.id`,
    );
    this.tx = db.transaction((snapshots: DepthSnapshot[]) => {
      for (const s of snapshots) this.insertStmt.run(s.id, s.tradeDate, s.hour, s.capturedAt, s.clearingPrice, JSON.stringify({ sell: s.sell, buy: s.buy }));
    });
  }

  async save(snapshots: DepthSnapshot[]): Promise<void> {
    this.tx(snapshots);
  }

  async latest(tradeDate: string): Promise<DepthSnapshot[]> {
    const seen = new Set<number>();
    const out: DepthSnapshot[] = [];
    for (const r of this.latestStmt.all(tradeDate)) {
      if (seen.has(r.hour)) continue;
      seen.add(r.hour);
      const curves = JSON.parse(r.curves) as Pick<DepthSnapshot, 'sell' | 'buy'>;
      out.push({ id: r.id, tradeDate: r.trade_date, hour: r.hour, capturedAt: r.captured_at, clearingPrice: r.clearing_price, sell: curves.sell, buy: curves.buy });
    }
    return out;
  }
}
