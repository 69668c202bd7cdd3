/**
 * The settings of running several instances (docs/deploy.md): PostgreSQL for every store, Redis for
 * the rate-limit counters, the ingestion job's cadences. Part of SvcConfig (config.ts).
 */
import { z } from 'zod';
import { bool, int, optionalString } from './schema.js';

export const SCALE_ENV = {
  /** PostgreSQL for every store instead of the embedded SQLite file (secret: may hold a password). */
  SVC_DATABASE_URL: optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^postgres(ql)?:/i.test(v)), 'must be a postgres:// URL'),
  SVC_DATABASE_SCHEMA: optionalString.refine((v) => v === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(v), 'expected a lower-case SQL identifier (a-z, 0-9, _)'),
  SVC_DATABASE_POOL_MAX: int(1, 1_000).default(10),
  SVC_DATABASE_CONNECT_TIMEOUT_MS: int(100, 120_000).default(5_000),
  SVC_DATABASE_MIGRATE: bool.default(true),
  SVC_DB_INGESTION_ENABLED: bool.default(false),
  SVC_LIVE_MKTOP_FALLBACK: bool.default(true),
  /** Redis for the rate-limit counters shared by every instance (secret: may hold a password). */
  SVC_REDIS_URL: optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^rediss?:/i.test(v)), 'must be a redis:// or rediss:// URL'),
  SVC_REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'letters, digits and : _ . - only').default('svc:'),
  SVC_REDIS_TIMEOUT_MS: int(10, 60_000).default(500),
  SVC_INGEST_GRID_MINUTES: int(1, 10_080).default(60),
  SVC_INGEST_MARKET_MINUTES: int(1, 10_080).default(60),
};

type ScaleEnv = z.infer<z.ZodObject<typeof SCALE_ENV>>;

export interface ScaleConfig {
  /** SVC_DATABASE_URL: PostgreSQL for every store; undefined keeps the embedded SQLite file. */
  database: {
    /** Connection URL (secret: never logged; health and messages use a redacted copy). */
    url: string | undefined;
    schema: string | undefined;
    poolMax: number;
    connectTimeoutMs: number;
    /** Apply missing migrations at start (else `svc db migrate` must have run). */
    migrateOnStart: boolean;
    /** An `svc ingest` job feeds the database (declared by the deployment; docs/deploy.md). */
    ingestionEnabled: boolean;
    /** false: API reads of operator data serve only what `svc ingest` stored, never calling the operator. */
    liveMktopFallback: boolean;
  };
  /** SVC_REDIS_URL: rate-limit counters shared by every instance; undefined keeps them per process. */
  redis: {
    /** Connection URL (secret). */
    url: string | undefined;
    keyPrefix: string;
    /** Bound on connecting and on each command; past it the per-process fallback answers. */
    timeoutMs: number;
  };
  /** `svc ingest` cadences (minutes between runs; each wait gets up to 10% jitter). */
  ingest: { gridMinutes: number; marketMinutes: number };
}

export function scaleConfigOf(e: ScaleEnv): ScaleConfig {
  return {
    database: {
      url: e.SVC_DATABASE_URL,
      schema: e.SVC_DATABASE_SCHEMA,
      poolMax: e.SVC_DATABASE_POOL_MAX,
      connectTimeoutMs: e.SVC_DATABASE_CONNECT_TIMEOUT_MS,
      migrateOnStart: e.SVC_DATABASE_MIGRATE,
      ingestionEnabled: e.SVC_DB_INGESTION_ENABLED,
      liveMktopFallback: e.SVC_LIVE_MKTOP_FALLBACK,
    },
    redis: { url: e.SVC_REDIS_URL, keyPrefix: e.SVC_REDIS_KEY_PREFIX, timeoutMs: e.SVC_REDIS_TIMEOUT_MS },
    ingest: { gridMinutes: e.SVC_INGEST_GRID_MINUTES, marketMinutes: e.SVC_INGEST_MARKET_MINUTES },
  };
}
