/**
 * PostgreSQL stores of the fetched data: the transmission-platform document cache, regional display
 * prices (every attempt recorded, rows per revision, one transaction per record), order-book
 * snapshots and the market-data cache. These hold public market data, not tenant records.
 */
import type {
  DepthSnapshot, DepthStore, MarketDataEntry, MarketDataKey, MarketDataStore, RegionalFetchAttempt, RegionalPriceRow,
  RegionalPriceStore, TsoCacheStore,
} from '../types.js';
import type { SqlClient } from './sql.js';

export class PgTsoCacheStore implements TsoCacheStore {
  constructor(private readonly db: SqlClient) {}

  async get(key: string) {
    const { rows } = await this.db.query<{ fetched_at: string; document: string }>('SELECT fetched_at, document FROM tso_cache WHERE key = $1', [key]);
    return rows[0] ? { fetchedAt: rows[0].fetched_at, document: rows[0].document } : null;
  }

  async put(key: string, fetchedAt: string, document: string): Promise<void> {
    await this.db.query(
      'INSERT INTO tso_cache (key, fetched_at, document) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at, document = excluded.document',
      [key, fetchedAt, document],
    );
  }

  async latestFetch(): Promise<string | null> {
    const { rows } = await this.db.query<{ latest: string | null }>('SELECT MAX(fetched_at) AS latest FROM tso_cache');
    return rows[0]?.latest ?? null;
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

export class PgRegionalPriceStore implements RegionalPriceStore {
  constructor(private readonly db: SqlClient) {}

  async record(a: RegionalFetchAttempt, rows: RegionalPriceRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO regional_fetch_attempts (attempted_at, trade_date, artifact_hash, revision, rows, status, expected_zones) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [a.attemptedAt, a.tradeDate, a.artifactHash, a.revision, a.rows, a.status, JSON.stringify(a.expectedZones)],
      );
      for (const r of rows) {
        await tx.query(
          `INSERT INTO regional_prices (trade_date, revision, zone, value_eur_mwh) VALUES ($1, $2, $3, $4)
           ON CONFLICT (trade_date, revision, zone) DO UPDATE SET value_eur_mwh = excluded.value_eur_mwh`,
          [r.tradeDate, r.revision, r.zone, r.valueEurMwh],
        );
      }
    });
  }

  async attempts(tradeDate: string): Promise<RegionalFetchAttempt[]> {
    const { rows } = await this.db.query<AttemptRow>('SELECT * FROM regional_fetch_attempts WHERE trade_date = $1 ORDER BY seq', [tradeDate]);
    return rows.map((r) => ({
      attemptedAt: r.attempted_at, tradeDate: r.trade_date, artifactHash: r.artifact_hash, revision: r.revision,
      rows: r.rows, status: r.status, expectedZones: JSON.parse(r.expected_zones) as string[],
    }));
  }

  async rows(tradeDate: string): Promise<RegionalPriceRow[]> {
    const { rows } = await this.db.query<{ trade_date: string; revision: number; zone: string; value_eur_mwh: number | null }>(
      'SELECT trade_date, revision, zone, value_eur_mwh FROM regional_prices WHERE trade_date = $1 ORDER BY revision, zone',
      [tradeDate],
    );
    return rows.map((r) => ({ tradeDate: r.trade_date, revision: r.revision, zone: r.zone, valueEurMwh: r.value_eur_mwh }));
  }

  async nextRevision(tradeDate: string): Promise<number> {
    const { rows } = await this.db.query<{ r: number | null }>(
      'SELECT MAX(revision) AS r FROM (SELECT revision FROM regional_fetch_attempts WHERE trade_date = $1 UNION ALL SELECT revision FROM regional_prices WHERE trade_date = $1) AS revisions',
      [tradeDate],
    );
    return Number(rows[0]?.r ?? 0) + 1;
  }
}

interface DepthRow {
  id: string;
  trade_date: string;
  hour: number;
  captured_at: string;
  clearing_price: number | null;
  curves: string;
}

export class PgDepthStore implements DepthStore {
  constructor(private readonly db: SqlClient) {}

  async save(snapshots: DepthSnapshot[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const s of snapshots) {
        await tx.query(
          'INSERT INTO depth_snapshots (id, trade_date, hour, captured_at, clearing_price, curves) VALUES ($1, $2, $3, $4, $5, $6)',
          [s.id, s.tradeDate, s.hour, s.capturedAt, s.clearingPrice, JSON.stringify({ sell: s.sell, buy: s.buy })],
        );
      }
    });
  }

  async latest(tradeDate: string): Promise<DepthSnapshot[]> {
    const { rows } = await this.db.query<DepthRow>(
      `SELECT s.* FROM depth_snapshots s
       WHERE s.trade_date = $1 AND s.captured_at = (SELECT MAX(t.captured_at) FROM depth_snapshots t WHERE t.trade_date = s.trade_date AND t.hour = s.hour)
       ORDER BY s.hour, s.id`,
      [tradeDate],
    );
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
}

interface MarketRow {
  source: string;
  dataset: string;
  market: string;
  zone: string;
  period: string;
  fetched_at: string;
  content_hash: string;
  complete: boolean;
  document: string;
}

export class PgMarketDataStore implements MarketDataStore {
  constructor(private readonly db: SqlClient) {}

  async get(key: MarketDataKey): Promise<MarketDataEntry | null> {
    const { rows } = await this.db.query<MarketRow>(
      'SELECT * FROM market_data WHERE source = $1 AND dataset = $2 AND market = $3 AND zone = $4 AND period = $5',
      [key.source, key.dataset, key.market, key.zone, key.period],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      source: row.source, dataset: row.dataset, market: row.market, zone: row.zone, period: row.period,
      fetchedAt: row.fetched_at, contentHash: row.content_hash, complete: row.complete, document: row.document,
    };
  }

  async put(e: MarketDataEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO market_data (source, dataset, market, zone, period, fetched_at, content_hash, complete, document) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (source, dataset, market, zone, period) DO UPDATE SET
         fetched_at = excluded.fetched_at, content_hash = excluded.content_hash, complete = excluded.complete, document = excluded.document`,
      [e.source, e.dataset, e.market, e.zone, e.period, e.fetchedAt, e.contentHash, e.complete, e.document],
    );
  }

  async latestFetch(dataset: string): Promise<{ fetchedAt: string; period: string } | null> {
    const { rows } = await this.db.query<{ fetched_at: string; period: string }>(
      'SELECT fetched_at, period FROM market_data WHERE dataset = $1 ORDER BY fetched_at DESC, period DESC LIMIT 1',
      [dataset],
    );
    return rows[0] ? { fetchedAt: rows[0].fetched_at, period: rows[0].period } : null;
  }
}
