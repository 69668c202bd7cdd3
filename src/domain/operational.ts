/** Operational records: data providers, their health, and the OperationalReadiness health body. */
import { z } from 'zod';
import { IsoDateTime } from './common.js';

export const ProviderId = z.enum(['mktop', 'exch', 'tsoplatform', 'gridop', 'weather', 'fuelCarbon', 'mapsource', 'regulator', 'competition']);

export const DataProvider = z.strictObject({
  id: ProviderId,
  name: z.string(),
  category: z.enum(['market', 'benchmark', 'system', 'regulatory', 'weather', 'macro']),
  status: z.enum(['connected', 'tokenRequired', 'planned', 'review']),
  sourceUrl: z.url(),
  apiPath: z.string().optional(),
  requiresToken: z.boolean(),
  summary: z.string(),
  detail: z.string(),
  nextStep: z.string(),
});
export type DataProvider = z.infer<typeof DataProvider>;

export const DataProviderHealth = z.strictObject({
  providerId: ProviderId,
  status: z.enum(['fresh', 'stale', 'pending', 'blocked']),
  cadence: z.string(),
  maxAgeHours: z.number(),
  latestDataAt: IsoDateTime.nullable(),
  checkedAt: IsoDateTime,
  ageHours: z.number().nullable(),
  detail: z.string(),
});
export type DataProviderHealth = z.infer<typeof DataProviderHealth>;

export const RoleId = z.enum(['owner', 'trader', 'analyst', 'risk', 'apiClient', 'auditor']);
export type RoleId = z.infer<typeof RoleId>;
export const SecurityMode = z.enum(['public-demo', 'api-key', 'external-auth']);
export type SecurityMode = z.infer<typeof SecurityMode>;
export const AuthProvider = z.enum(['none', 'customOidc', 'auth0', 'clerk', 'entraId', 'cognito']);
const HostedProvider = z.enum(['auth0', 'clerk', 'entraId', 'cognito']);

const Status3 = z.enum(['ready', 'review', 'blocked']);

/** Item of `trustIntegrations` (shape not shown by the spec; designed by svc). */
export const TrustIntegration = z.strictObject({
  id: z.string(),
  label: z.string(),
  status: z.enum(['active', 'review', 'planned']),
  detail: z.string(),
});

export const HealthCheck = z.strictObject({
  id: z.string(),
  status: z.enum(['pass', 'review', 'block']),
  label: z.string(),
  detail: z.string(),
});

export const OperationalReadiness = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  generatedAt: IsoDateTime,
  app: z.strictObject({
    name: z.literal('svc'),
    version: z.string(),
    apiVersion: z.literal('v1'),
    mode: z.literal('decision-support'),
  }),
  security: z.strictObject({
    apiKeyRequired: z.boolean(),
    apiKeyConfigured: z.boolean(),
    rateLimitPerMinute: z.number().int(),
    rateLimitWindowMs: z.number().int(),
    authRequired: z.boolean(),
    authProvider: AuthProvider,
    authProviderConfigured: z.boolean(),
  }),
  securityPosture: z.strictObject({
    generatedFrom: z.literal('server-env'),
    auth: z.strictObject({
      provider: AuthProvider,
      required: z.boolean(),
      configured: z.boolean(),
      issuerConfigured: z.boolean(),
      audienceConfigured: z.boolean(),
      recommendation: HostedProvider,
      mode: SecurityMode,
    }),
    accessControl: z.strictObject({
      mode: z.enum(['planned', 'enforced']),
      enforced: z.boolean(),
      roles: z.array(z.strictObject({ id: RoleId, label: z.string(), description: z.string(), permissions: z.array(z.string()) })),
      permissions: z.array(
        z.strictObject({
          id: z.string(),
          category: z.enum(['workspace', 'data', 'decision', 'risk', 'automation', 'admin']),
          label: z.string(),
          description: z.string(),
          highRisk: z.boolean(),
        }),
      ),
      permissionCount: z.number().int(),
      highRiskPermissions: z.array(z.string()),
      decisionSubmitRequiresApproval: z.boolean(),
      nextStep: z.string(),
    }),
    controls: z.array(
      z.strictObject({
        id: z.enum(['owaspAsvs', 'soc2', 'hipaa', 'authProvider', 'rbac']),
        status: z.enum(['active', 'review', 'planned', 'notApplicable']),
        framework: z.string(),
        target: z.string(),
        evidence: z.array(z.string()),
        nextStep: z.string(),
      }),
    ),
  }),
  notifications: z.strictObject({
    mode: z.enum(['contractOnly', 'deliveryReady']),
    deliveryProvider: z.enum(['none', 'webPush', 'custom', 'onesignal', 'firebase', 'pusher', 'novu']),
    webPushPublicKeyConfigured: z.boolean(),
    webPushPrivateKeyConfigured: z.boolean(),
    subscriptionStoreConfigured: z.boolean(),
  }),
  platformData: z.strictObject({
    mode: z.enum(['gracefulFallback', 'platformOnly']),
    databaseConfigured: z.boolean(),
    redisConfigured: z.boolean(),
    dbReadsEnabled: z.boolean(),
    dbIngestionEnabled: z.boolean(),
    liveMktopFallbackEnabled: z.boolean(),
  }),
  production: z.strictObject({
    ready: z.boolean(),
    summary: z.strictObject({ ready: z.number().int(), review: z.number().int(), blocked: z.number().int() }),
    gates: z.array(
      z.strictObject({
        id: z.enum(['apiProtection', 'auth', 'rbac', 'marketData', 'auditStorage', 'notifications', 'trustLayer']),
        status: Status3,
        owner: z.enum(['security', 'platform', 'data', 'product', 'legal']),
        label: z.string(),
        detail: z.string(),
      }),
    ),
  }),
  summary: z.strictObject({ pass: z.number().int(), review: z.number().int(), block: z.number().int() }),
  dataProviders: z.array(DataProvider),
  dataProviderHealth: z.array(DataProviderHealth),
  trustIntegrations: z.array(TrustIntegration),
  checks: z.array(HealthCheck),
});
export type OperationalReadiness = z.infer<typeof OperationalReadiness>;
