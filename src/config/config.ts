/**
 * SVC_* environment -> typed, validated configuration. Validation happens once, at start; a bad
 * value is a clear error naming the variable. Secrets are kept here and never rendered.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { SvcError } from '../domain/errors.js';
import { existsSync, readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { readSigningKey, readTrustList } from '../data/keys.js';
import { SCALE_ENV, scaleConfigOf, type ScaleConfig } from './scale.js';
import { DEFAULT_SOURCE_ADDRESSES, MARKET_ENV, marketConfigOf, type MarketConfig } from './market.js';
import { bool, httpUrl, int, optionalString } from './schema.js';
import { isLoopbackHost } from '../domain/listen.js';
import { ADMISSION_ENV, admissionConfigOf, type AdmissionConfig } from './admission.js';
import { FIT_CACHE_ENV, fitCacheConfigOf, type FitCacheConfig } from './fit-cache.js';


const EnvSchema = z.object({
  SVC_DATA_DIR: optionalString,
  SVC_HOST: z.string().default('127.0.0.1'),
  SVC_PORT: int(0, 65535).default(8787),
  SVC_REQUIRE_API_KEY: bool.default(false),
  SVC_API_KEY: optionalString,
  SVC_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(120),
  SVC_RATE_LIMIT_WINDOW_MS: int(1_000, 86_400_000).default(60_000),
  SVC_ENFORCE_RBAC: bool.default(false),
  SVC_AUTH_ISSUER: optionalString,
  SVC_AUTH_AUDIENCE: optionalString,
  SVC_AUTH_JWKS_URL: optionalString.refine((v) => v === undefined || URL.canParse(v), 'must be an http(s) URL').refine((v) => v === undefined || /^https?:/i.test(v), 'must be an http(s) URL'),
  SVC_AUTH_JWKS_FILE: optionalString,
  SVC_SERVICE_TOKEN: optionalString,
  SVC_BODY_LIMIT_BYTES: int(1_024, 256 * 1024 * 1024).default(1024 * 1024),
  SVC_API_BASE: optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^https?:/i.test(v)), 'must be an http(s) URL'),
  SVC_PLATFORM_API_KEY: optionalString,
  SVC_RECEIPT_SIGNING_KEY: optionalString,
  SVC_RECEIPT_TRUSTED_KEYS: optionalString,
  /**
   * Which proxies may set X-Forwarded-For: `false` (none), a hop count (`1`: the one proxy in front
   * appended the client's address; `true` means 1), or a comma list of proxy addresses/CIDRs. The
   * client's own left-most entry is never believed (docs/security.md).
   */
  SVC_TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      const t = v.trim().toLowerCase();
      if (t === '' || t === 'false' || t === '0' || t === 'no') return false;
      if (t === 'true' || t === 'yes') return 1;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      const list = t.split(',').map((x) => x.trim()).filter((x) => x !== '');
      if (list.length > 0 && list.every((x) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(x))) return list;
      ctx.addIssue({ code: 'custom', message: 'expected false, a hop count (1..99) or a comma list of proxy addresses/CIDRs' });
      return false;
    }),
  /** Forces a hop count in SVC_TRUST_PROXY on a listener beyond loopback (refused otherwise: docs/security.md). */
  SVC_TRUST_PROXY_FORCE: bool.default(false),
  SVC_MAX_CONNECTIONS: int(1, 1_000_000).default(1024),
  SVC_MAX_CONNECTIONS_PER_ADDRESS: int(1, 1_000_000).default(256),
  SVC_PUBLIC_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(30),
  SVC_KEEP_ALIVE_TIMEOUT_MS: int(100, 600_000).default(5_000),
  SVC_HEADERS_TIMEOUT_MS: int(1_000, 600_000).default(10_000),
  SVC_REQUEST_TIMEOUT_MS: int(1_000, 3_600_000).default(30_000),
  SVC_SHUTDOWN_GRACE_MS: int(0, 600_000).default(10_000),
  SVC_LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('warn'),
  SVC_TSOPLATFORM_TOKEN: optionalString,
  SVC_TSOPLATFORM_BASE: httpUrl.default(DEFAULT_SOURCE_ADDRESSES.tsoplatform),
  SVC_TSOPLATFORM_TIMEOUT_MS: int(100, 120_000).default(10_000),
  SVC_TSOPLATFORM_RETRIES: int(0, 5).default(2),
  SVC_TSOPLATFORM_MAX_AGE_MINUTES: int(1, 10_080).default(60),
  SVC_DB_READS_ENABLED: bool.default(true),
  ...SCALE_ENV,
  ...MARKET_ENV,
  ...ADMISSION_ENV,
  ...FIT_CACHE_ENV,
  SVC_REGIONAL_SOURCE: z.enum(['store', 'api', 'none']).default('store'),
  SVC_REGIONAL_API_BASE: optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^https?:/i.test(v)), 'must be an http(s) URL'),
  SVC_REGIONAL_LICENSED_ZONES: z.string().default(''),
  SVC_REGIONAL_LICENCE: optionalString,
  SVC_REGIONAL_ATTRIBUTION: optionalString,
  SVC_REGIONAL_PROVIDER: z.string().default('tsoplatform'),
  SVC_REGIONAL_DATASET: z.string().default('day-ahead-prices-daily'),
  /** Price book behind GET /api/forecast until the market-data cache serves it (default: the shipped DAM fixture). */
  SVC_FORECAST_BOOK: optionalString,
});

export interface SvcConfig extends ScaleConfig, MarketConfig, AdmissionConfig, FitCacheConfig {
  dataDir: string;
  host: string;
  port: number;
  requireApiKey: boolean;
  /** Master key (secret). */
  apiKey: string | undefined;
  rateLimitPerMinute: number;
  rateLimitWindowMs: number;
  enforceRbac: boolean;
  auth: {
    issuer: string | undefined;
    audience: string | undefined;
    jwksUrl: string | undefined;
    jwksFile: string | undefined;
  };
  /** Service token (secret). */
  serviceToken: string | undefined;
  bodyLimitBytes: number;
  apiBase: string | undefined;
  /** Key sent to the platform at apiBase (secret); deliberately not SVC_API_KEY, this server's own master key. */
  platformApiKey: string | undefined;
  /** Ed25519 private key, PEM or base64 PKCS#8 DER (secret). */
  receiptSigningKey: string | undefined;
  /** Public keys whose receipts verify as valid (SVC_RECEIPT_TRUSTED_KEYS), besides this installation's own. */
  receiptTrustedKeys: KeyObject[];
  /** false, a hop count, or the proxy addresses trusted to append X-Forwarded-For. */
  trustProxy: false | number | string[];
  /** Open connections at most; more are refused at accept (docs/security.md). */
  maxConnections: number;
  /** Open connections from one peer address at most (trusted proxies exempt); more are closed at accept. */
  maxConnectionsPerAddress: number;
  /** Calls a minute per client address of the public routes that do work (POST /api/ai/receipt/verify), per process. */
  publicRateLimitPerMinute: number;
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** After SIGTERM, in-flight requests get this long; then the remaining connections are closed. */
  shutdownGraceMs: number;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  tsoplatform: {
    /** Platform security token (secret); without it the reads serve shipped fixtures. */
    token: string | undefined;
    baseUrl: string;
    timeoutMs: number;
    retries: number;
    maxAgeMinutes: number;
  };
  /** Price book behind GET /api/forecast (SVC_FORECAST_BOOK); undefined: the shipped DAM fixture. */
  forecastBook: string | undefined;
  /** Regional day-ahead display prices (GET /api/multi-zone/prices). */
  regional: {
    dbReadsEnabled: boolean;
    /** `store`: own SQLite store; `api`: a platform API at apiBase; `none`: no database configured. */
    source: 'store' | 'api' | 'none';
    apiBase: string | undefined;
    /** Zones licensed for public display (upper-case codes). */
    licensedZones: string[];
    licence: string | undefined;
    attribution: string | undefined;
    provider: string;
    dataset: string;
  };
}

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() !== '' ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(xdg, 'svc');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<SvcConfig> = {}): SvcConfig {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined) picked[key] = value;
  }
  for (const key of ['SVC_REQUIRE_API_KEY', 'SVC_TRUST_PROXY_FORCE', 'SVC_ENFORCE_RBAC', 'SVC_DB_READS_ENABLED', 'SVC_DATABASE_MIGRATE', 'SVC_DB_INGESTION_ENABLED', 'SVC_LIVE_MKTOP_FALLBACK', 'SVC_FIT_CACHE']) {
    const v = picked[key];
    if (v !== undefined) picked[key] = v.trim().toLowerCase();
  }
  const parsed = EnvSchema.safeParse(picked);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    const first = issues[0];
    // Never echo the value: some of these variables are secrets.
    throw new SvcError('validation_error', `invalid configuration: ${first?.path}: ${first?.message}`, { issues, reason: 'invalid_config' });
  }
  const e = parsed.data;
  const config: SvcConfig = {
    dataDir: e.SVC_DATA_DIR ?? defaultDataDir(env),
    host: e.SVC_HOST,
    port: e.SVC_PORT,
    requireApiKey: e.SVC_REQUIRE_API_KEY,
    apiKey: e.SVC_API_KEY,
    rateLimitPerMinute: e.SVC_RATE_LIMIT_PER_MINUTE,
    rateLimitWindowMs: e.SVC_RATE_LIMIT_WINDOW_MS,
    enforceRbac: e.SVC_ENFORCE_RBAC,
    auth: {
      issuer: e.SVC_AUTH_ISSUER,
      audience: e.SVC_AUTH_AUDIENCE,
      jwksUrl: e.SVC_AUTH_JWKS_URL,
      jwksFile: e.SVC_AUTH_JWKS_FILE,
    },
    serviceToken: e.SVC_SERVICE_TOKEN,
    bodyLimitBytes: e.SVC_BODY_LIMIT_BYTES,
    apiBase: e.SVC_API_BASE,
    platformApiKey: e.SVC_PLATFORM_API_KEY,
    receiptSigningKey: e.SVC_RECEIPT_SIGNING_KEY,
    receiptTrustedKeys: trustedKeysOf(e.SVC_RECEIPT_TRUSTED_KEYS),
    trustProxy: e.SVC_TRUST_PROXY,
    maxConnections: e.SVC_MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.SVC_MAX_CONNECTIONS_PER_ADDRESS,
    publicRateLimitPerMinute: e.SVC_PUBLIC_RATE_LIMIT_PER_MINUTE,
    keepAliveTimeoutMs: e.SVC_KEEP_ALIVE_TIMEOUT_MS,
    headersTimeoutMs: e.SVC_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.SVC_REQUEST_TIMEOUT_MS,
    shutdownGraceMs: e.SVC_SHUTDOWN_GRACE_MS,
    logLevel: e.SVC_LOG_LEVEL,
    tsoplatform: {
      token: e.SVC_TSOPLATFORM_TOKEN,
      baseUrl: e.SVC_TSOPLATFORM_BASE,
      timeoutMs: e.SVC_TSOPLATFORM_TIMEOUT_MS,
      retries: e.SVC_TSOPLATFORM_RETRIES,
      maxAgeMinutes: e.SVC_TSOPLATFORM_MAX_AGE_MINUTES,
    },
    forecastBook: e.SVC_FORECAST_BOOK,
    ...scaleConfigOf(e),
    ...marketConfigOf(e),
    ...admissionConfigOf(e),
    ...fitCacheConfigOf(e),
    regional: {
      dbReadsEnabled: e.SVC_DB_READS_ENABLED,
      source: e.SVC_REGIONAL_SOURCE,
      apiBase: e.SVC_REGIONAL_API_BASE,
      licensedZones: e.SVC_REGIONAL_LICENSED_ZONES.split(',').map((z) => z.trim().toUpperCase()).filter((z) => z !== ''),
      licence: e.SVC_REGIONAL_LICENCE,
      attribution: e.SVC_REGIONAL_ATTRIBUTION,
      provider: e.SVC_REGIONAL_PROVIDER,
      dataset: e.SVC_REGIONAL_DATASET,
    },
    ...overrides,
  };
  if (config.requireApiKey && !config.apiKey) {
    // Allowed: tenant keys minted in the store can still authenticate. Health reports apiKeyConfigured false.
  }
  if (config.receiptSigningKey !== undefined && !readSigningKey(config.receiptSigningKey)) {
    // Never echo the value: it is a secret.
    throw new SvcError('validation_error', 'invalid configuration: SVC_RECEIPT_SIGNING_KEY: expected an Ed25519 private key, PKCS#8 PEM or base64 DER', {
      reason: 'invalid_config',
      issues: [{ path: 'SVC_RECEIPT_SIGNING_KEY', message: 'expected an Ed25519 private key' }],
    });
  }
  if (typeof config.trustProxy === 'number' && !isLoopbackHost(config.host) && !e.SVC_TRUST_PROXY_FORCE) {
    // A hop count believes whatever peer connects: on a reachable port a client picks its own address.
    throw new SvcError('validation_error', `invalid configuration: SVC_TRUST_PROXY: a hop count (${config.trustProxy}) on a listener beyond loopback (SVC_HOST=${config.host.slice(0, 60)}) lets a client that reaches the port directly choose its address; list the proxies' addresses instead (e.g. SVC_TRUST_PROXY=10.0.0.2 or 10.0.0.0/24), or set SVC_TRUST_PROXY_FORCE=1 if only the proxy can reach this port`, {
      reason: 'invalid_config',
      issues: [{ path: 'SVC_TRUST_PROXY', message: 'a hop count needs a loopback listener or SVC_TRUST_PROXY_FORCE=1; use the proxy address list' }],
    });
  }
  const authParts = [config.auth.issuer, config.auth.audience, config.auth.jwksUrl ?? config.auth.jwksFile];
  if (authParts.some((p) => p !== undefined) && authParts.some((p) => p === undefined)) {
    throw new SvcError('validation_error', 'invalid configuration: external auth needs SVC_AUTH_ISSUER, SVC_AUTH_AUDIENCE and SVC_AUTH_JWKS_URL or SVC_AUTH_JWKS_FILE together', { reason: 'invalid_config' });
  }
  return config;
}

/**
 * SVC_RECEIPT_TRUSTED_KEYS: a file of trusted receipt public keys (PEM blocks or base64 SPKI, one
 * a line), or the base64 keys themselves separated by commas. Public keys are not secrets, but a
 * bad entry is named only by its position.
 */
function trustedKeysOf(value: string | undefined): KeyObject[] {
  if (value === undefined) return [];
  const isFile = !value.includes('-----BEGIN') && existsSync(value);
  const { keys, bad } = readTrustList(isFile ? readFileSync(value, 'utf8') : value);
  if (bad.length > 0 || keys.length === 0) {
    throw new SvcError('validation_error', `invalid configuration: SVC_RECEIPT_TRUSTED_KEYS: ${bad.length > 0 ? `entry ${bad.join(', ')} is not an Ed25519 public key` : 'no key found'} (expected a file of PEM/base64 SPKI public keys, or base64 keys separated by commas)`, {
      reason: 'invalid_config',
      issues: [{ path: 'SVC_RECEIPT_TRUSTED_KEYS', message: 'expected Ed25519 public keys' }],
    });
  }
  return keys;
}

/** True when bearer JWTs are verified (signed-in tenants). */
export function externalAuthConfigured(config: SvcConfig): boolean {
  return Boolean(config.auth.issuer && config.auth.audience && (config.auth.jwksUrl || config.auth.jwksFile));
}
