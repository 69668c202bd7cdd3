/**
 * Persistence behind small interfaces. Every method is tenant-scoped: a store never returns or
 * changes a record of another tenant. The embedded implementation is SQLite (src/store/sqlite/); SVC_DATABASE_URL selects PostgreSQL (src/store/postgres/).
 */
import type { AuditEvent, AuditEventPage } from '../domain/audit.js';
import type { DepthBook } from '../domain/tsoplatform.js';
import type { MarketDataEntry, MarketDataKey } from '../domain/market-data.js';
import type { StrategyProfile, TradingSettings } from '../domain/settings.js';
import type { NotificationSubscriptionRegistration, NotificationPreferences, WebPushSubscription } from '../domain/notifications.js';

export interface AuditStore {
  append(tenantId: string, event: AuditEvent): Promise<void>;
  /** Newest first; `before` is an opaque cursor returned as `nextBefore` by a previous page. */
  list(tenantId: string, options: { limit: number; before?: string | undefined }): Promise<AuditEventPage>;
  /** Every event of the tenant, oldest first (export). */
  all(tenantId: string): Promise<AuditEvent[]>;
}

export interface StoredApiKey {
  id: string;
  tenantId: string;
  actorId: string;
  name: string;
  prefix: string;
  hash: string;
  roles: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

export interface ApiKeyStore {
  insert(key: StoredApiKey): Promise<void>;
  listActive(tenantId: string): Promise<StoredApiKey[]>;
  /** Active key by its hash (any tenant), or null; revoked keys are never returned. */
  findActiveByHash(hash: string): Promise<StoredApiKey | null>;
  touch(id: string, at: string): Promise<void>;
  /** Soft revoke; returns the revoked record, or null if no active key of that tenant has the id. */
  revoke(tenantId: string, id: string, actorId: string, at: string): Promise<StoredApiKey | null>;
}

export interface ProfileStore {
  list(tenantId: string, actorId: string): Promise<StrategyProfile[]>;
  /** Insert, or update name/settings/fingerprint/updatedAt of the profile with the same key. */
  upsert(profile: StrategyProfile): Promise<StrategyProfile>;
  delete(tenantId: string, actorId: string, id: string): Promise<boolean>;
}

export interface StoredSubscription {
  registration: NotificationSubscriptionRegistration;
  tenantId: string;
  subscription: WebPushSubscription;
  preferences: NotificationPreferences;
}

export interface SubscriptionStore {
  /** Stores the registration; the push keys are kept server-side and never returned by any read. */
  save(record: StoredSubscription): Promise<void>;
  /** Registrations of a tenant (without push keys). */
  list(tenantId: string): Promise<NotificationSubscriptionRegistration[]>;
}

/** Parsed platform documents cached with their fetch time (only documents that parsed). */
export interface TsoCacheStore {
  get(key: string): Promise<{ fetchedAt: string; document: string } | null>;
  put(key: string, fetchedAt: string, document: string): Promise<void>;
  /** Newest fetch time of any cached document, or null. */
  latestFetch(): Promise<string | null>;
}

/** One recorded fetch/import attempt of regional day-ahead display prices. */
export interface RegionalFetchAttempt {
  attemptedAt: string;
  tradeDate: string;
  artifactHash: string;
  revision: number;
  /** Usable rows the artifact held for the date (0: inspected, nothing usable, blanks included). */
  rows: number;
  status: 'completed' | 'failed';
  /** Zones the artifact's group must hold to be complete. */
  expectedZones: string[];
}

export interface RegionalPriceRow {
  tradeDate: string;
  zone: string;
  revision: number;
  /** EUR/MWh, null for a blank cell in the artifact. */
  valueEurMwh: number | null;
}

export interface RegionalPriceStore {
  /** Records the attempt and its rows in one transaction. */
  record(attempt: RegionalFetchAttempt, rows: RegionalPriceRow[]): Promise<void>;
  attempts(tradeDate: string): Promise<RegionalFetchAttempt[]>;
  rows(tradeDate: string): Promise<RegionalPriceRow[]>;
  nextRevision(tradeDate: string): Promise<number>;
}

/** A stored order-book snapshot: the book and its id. */
export interface DepthSnapshot extends DepthBook {
  id: string;
}

export interface DepthStore {
  save(snapshots: DepthSnapshot[]): Promise<void>;
  /** The newest capture of each hour of the date. */
  latest(tradeDate: string): Promise<DepthSnapshot[]>;
}

export interface MarketDataStore {
  get(key: MarketDataKey): Promise<MarketDataEntry | null>;
  /** Insert or replace the entry with the same key. */
  put(entry: MarketDataEntry): Promise<void>;
  /** The newest fetch of a dataset (any source, market, zone), or null when none is cached. */
  latestFetch(dataset: string): Promise<{ fetchedAt: string; period: string } | null>;
}

export interface Stores {
  readonly kind: 'sqlite' | 'memory' | 'postgres';
  /** Where the data lives (a file path), for health and messages; never a secret. */
  readonly location: string;
  audit: AuditStore;
  apiKeys: ApiKeyStore;
  profiles: ProfileStore;
  subscriptions: SubscriptionStore;
  tsoCache: TsoCacheStore;
  regionalPrices: RegionalPriceStore;
  depth: DepthStore;
  marketData: MarketDataStore;
  /** Throws when the store cannot be read. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type { TradingSettings, MarketDataEntry, MarketDataKey };
