/**
 * GET /api/health: the OperationalReadiness body, computed from the running configuration on every
 * call. The store is pinged and both exact engines are run on a tiny fixed day whose optimum is
 * known (buy at 100, sell at 200: spread PnL 100, battery profit 100), so "ready" means the code
 * path answered correctly just now. A failed store or engine gives `degraded` and HTTP 503.
 * Nothing secret appears: only whether a secret is configured, never its value or a file path.
 */
import { z } from 'zod';
import { externalAuthConfigured } from '../../config/config.js';
import { OperationalReadiness } from '../../domain/operational.js';
import { planSpread } from '../../engines/strategy.js';
import { planBess } from '../../engines/bess.js';
import { packageVersion } from '../../version.js';
import { accessControlPosture, authRequiredOf, securityModeOf } from '../account/access.js';
import { DATA_PROVIDERS, securityControls, trustIntegrations } from './health-catalog.js';
import { marketDataVerdict, providerCatalogue, providerHealth } from './health-sources.js';
import { sourceStatuses } from './sources.js';
import { defineOperation, type HttpBinding, type OpContext } from '../types.js';

export const APP_VERSION = packageVersion();

const PROBE_PRICES = Array.from({ length: 24 }, (_, h) => (h < 12 ? 100 : 200));

type CheckStatus = 'pass' | 'review' | 'block';
type GateStatus = 'ready' | 'review' | 'blocked';
interface Check { id: string; status: CheckStatus; label: string; detail: string }

function probe(run: () => number, expected: number): { ok: boolean; detail: string } {
  try {
    const got = run();
    const ok = Math.abs(got - expected) <= 1e-6;
    return { ok, detail: ok ? `Probe day solved: ${got} UAH as expected.` : `Probe day gave ${got} UAH, expected ${expected}.` };
  } catch {
    return { ok: false, detail: 'Probe day failed to solve.' };
  }
}

async function storeReachable(ctx: OpContext): Promise<boolean> {
  try {
    const stores = await ctx.stores();
    await stores.ping();
    return true;
  } catch {
    return false;
  }
}

/**
 * platformData, true to the configuration: a database is "configured" when SVC_DATABASE_URL names a
 * PostgreSQL server (the embedded file is not a shared database); reads come from the store when it
 * answers and SVC_DB_READS_ENABLED allows; ingestion is the declared `svc ingest` job writing to that
 * database; `platformOnly` when reads never fall back to live operator calls.
 */
export function platformDataOf(config: OpContext['config'], storeOk: boolean) {
  const databaseConfigured = config.database.url !== undefined;
  const dbReadsEnabled = storeOk && config.regional.dbReadsEnabled;
  // A read the database cannot answer goes live to the operator unless fixtures-only or turned off.
  const liveMktopFallbackEnabled = config.marketData.mode !== 'fixture' && config.database.liveMktopFallback;
  return {
    mode: dbReadsEnabled && databaseConfigured && !liveMktopFallbackEnabled ? ('platformOnly' as const) : ('gracefulFallback' as const),
    databaseConfigured,
    redisConfigured: config.redis.url !== undefined,
    dbReadsEnabled,
    dbIngestionEnabled: databaseConfigured && config.database.ingestionEnabled,
    liveMktopFallbackEnabled,
  };
}

const http: HttpBinding = {
  method: 'GET',
  path: '/api/health',
  inputFrom: 'query',
  successStatus: 200,
  outputStatuses: [503],
  errors: [503],
  statusOf: (output) => ((output as OperationalReadiness).status === 'degraded' ? 503 : 200),
};

export const health = defineOperation({
  id: 'health',
  summary: 'Operational readiness (200 ok, 503 degraded)',
  description:
    'Public, anonymous readiness summary computed from the running configuration: security mode, rate limits, access control, ' +
    'store reachability, engine probes, production gates, data providers and their freshness. 503 with status `degraded` when ' +
    'the store or an engine probe fails; both statuses carry this body. Never contains a secret or internal path.',
  tags: ['meta'],
  access: 'public',
  input: z.object({}),
  output: OperationalReadiness,
  http,
  async run(ctx) {
    const { config } = ctx;
    const now = ctx.now();
    const external = externalAuthConfigured(config);
    const mode = securityModeOf(config);
    const authRequired = authRequiredOf(config);
    const provider = external ? ('customOidc' as const) : ('none' as const);
    const storeOk = await storeReachable(ctx);
    const spread = probe(() => planSpread(PROBE_PRICES, { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 }).netPnlUah, 100);
    const bess = probe(
      () => planBess(PROBE_PRICES, { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 1, maxCyclesPerDay: 1, degradationCostUahMwh: 0 }).netProfitUah,
      100,
    );
    const limiter = ctx.rateLimitStatus ? await ctx.rateLimitStatus() : undefined;
    const rateDown = limiter !== undefined && !limiter.healthy;
    const rate = `${config.rateLimitPerMinute} requests per ${config.rateLimitWindowMs} ms per caller`;
    const rateScope = limiter === undefined ? (config.redis.url ? 'shared in Redis' : 'per process') : limiter.detail;
    const platform = platformDataOf(config, storeOk);

    // The same statuses `svc doctor` shows, without its probe: health never asks the network.
    const sources = await sourceStatuses(ctx, { probe: false });
    const market = marketDataVerdict(config, sources.find((s) => s.id === 'mktop'));
    const checks: Check[] = [
      { id: 'web', status: 'pass', label: 'HTTP server', detail: 'Answering requests.' },
      { id: 'api', status: 'pass', label: 'API surface', detail: 'Routes derived from the operation registry; OpenAPI 3.1 at /api/openapi.json.' },
      {
        id: 'security', status: authRequired ? 'pass' : 'review', label: 'Authentication',
        detail: authRequired ? `Mode ${mode}: non-public routes need a credential.` : 'Mode public-demo: non-public routes accept uncredentialed callers as the local tenant.',
      },
      { id: 'rateLimit', status: rateDown ? 'block' : 'pass', label: 'Rate limit', detail: `${rate} on non-public routes; ${rateScope}.` },
      { id: 'marketData', status: market.check, label: 'Market data', detail: market.detail },
      { id: 'decisionEngine', status: spread.ok ? 'pass' : 'block', label: 'Spread engine', detail: spread.detail },
      { id: 'bessEngine', status: bess.ok ? 'pass' : 'block', label: 'Battery engine', detail: bess.detail },
      { id: 'aiBrief', status: 'pass', label: 'Trading brief', detail: 'Deterministic rules engine svc-rules-v1; no external model.' },
      { id: 'audit', status: storeOk ? 'pass' : 'block', label: 'Audit store', detail: storeOk ? 'Store reachable.' : 'Store not reachable.' },
    ];
    const gates: { id: 'apiProtection' | 'auth' | 'rbac' | 'marketData' | 'auditStorage' | 'notifications' | 'trustLayer'; status: GateStatus; owner: 'security' | 'platform' | 'data' | 'product' | 'legal'; label: string; detail: string }[] = [
      {
        id: 'apiProtection', owner: 'security', label: 'API protection', status: authRequired ? 'ready' : 'review',
        detail: authRequired ? `Credentials required; ${rate}.` : `Public demo: rate limited (${rate}) but not key-protected.`,
      },
      {
        id: 'auth', owner: 'security', label: 'Identity provider', status: external ? 'ready' : 'review',
        detail: external ? 'JWTs verified (issuer, audience, expiry).' : 'No identity provider configured; API keys only.',
      },
      {
        id: 'rbac', owner: 'security', label: 'Role enforcement', status: config.enforceRbac ? 'ready' : 'review',
        detail: config.enforceRbac ? 'Roles enforced.' : 'Only api.manage is enforced; set SVC_ENFORCE_RBAC=true.',
      },
      { id: 'marketData', owner: 'data', label: 'Market data', status: market.gate, detail: market.detail },
      {
        id: 'auditStorage', owner: 'platform', label: 'Audit storage', status: storeOk ? 'ready' : 'blocked',
        detail: storeOk
          ? config.database.url ? 'PostgreSQL store reachable; every instance shares the journal.' : 'Embedded store reachable.'
          : 'Store not reachable: audit events cannot be recorded.',
      },
      { id: 'notifications', owner: 'product', label: 'Notifications', status: 'review', detail: 'Contract only: subscriptions are recorded, nothing is delivered.' },
      { id: 'trustLayer', owner: 'legal', label: 'Trust layer', status: 'ready', detail: 'Deterministic briefs, no data egress, human approval fixed.' },
    ];
    const count = <T extends string>(items: { status: string }[], s: T) => items.filter((i) => i.status === s).length;
    const degraded = !storeOk || !spread.ok || !bess.ok || rateDown;

    return {
      status: degraded ? ('degraded' as const) : ('ok' as const),
      generatedAt: now.toISOString(),
      app: { name: 'svc' as const, version: APP_VERSION, apiVersion: 'v1' as const, mode: 'decision-support' as const },
      security: {
        apiKeyRequired: config.requireApiKey,
        apiKeyConfigured: Boolean(config.apiKey),
        rateLimitPerMinute: config.rateLimitPerMinute,
        rateLimitWindowMs: config.rateLimitWindowMs,
        authRequired,
        authProvider: provider,
        authProviderConfigured: external,
      },
      securityPosture: {
        generatedFrom: 'server-env' as const,
        auth: {
          provider,
          required: authRequired,
          configured: external,
          issuerConfigured: Boolean(config.auth.issuer),
          audienceConfigured: Boolean(config.auth.audience),
          recommendation: 'entraId' as const,
          mode,
        },
        accessControl: accessControlPosture(config.enforceRbac),
        controls: securityControls(config, external),
      },
      notifications: {
        mode: 'contractOnly' as const,
        deliveryProvider: 'none' as const,
        webPushPublicKeyConfigured: false,
        webPushPrivateKeyConfigured: false,
        subscriptionStoreConfigured: storeOk,
      },
      platformData: platform,
      production: {
        ready: gates.every((g) => g.status === 'ready'),
        summary: { ready: count(gates, 'ready'), review: count(gates, 'review'), blocked: count(gates, 'blocked') },
        gates,
      },
      summary: { pass: count(checks, 'pass'), review: count(checks, 'review'), block: count(checks, 'block') },
      dataProviders: providerCatalogue(DATA_PROVIDERS, sources),
      dataProviderHealth: providerHealth(sources, now),
      trustIntegrations: trustIntegrations(config),
      checks,
    };
  },
});
