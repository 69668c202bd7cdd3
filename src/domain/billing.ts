/** Subscription catalog records. */
import { z } from 'zod';
import { Locale } from './common.js';

export const SubscriptionPlan = z.strictObject({
  id: z.enum(['starter', 'tradingDesk', 'bessOptimizer', 'platformApi']),
  name: z.string(),
  description: z.string(),
  monthlyPriceFromUah: z.number().int().min(0),
  monthlyPriceFromEur: z.number().int().min(0),
  includedUsers: z.union([z.number().int().min(1), z.literal('custom')]),
  includedAiBriefsMonthly: z.union([z.number().int().min(0), z.literal('custom')]),
  apiAccess: z.enum(['none', 'read', 'bess', 'custom']),
  supportLevel: z.enum(['standard', 'priority', 'dedicated']),
  features: z.array(z.string()).min(1),
  limits: z.strictObject({
    auditTrail: z.boolean(),
    bessPlanning: z.boolean(),
    csvExport: z.boolean(),
    sso: z.boolean(),
    tenantIsolation: z.boolean(),
    webPushSignals: z.boolean(),
  }),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const SubscriptionAddOn = z.strictObject({
  id: z.enum(['aiPack', 'extraSeats', 'integrationSupport']),
  name: z.string(),
  description: z.string(),
  pricingModel: z.enum(['usage', 'seat', 'project']),
});
export type SubscriptionAddOn = z.infer<typeof SubscriptionAddOn>;

export const SubscriptionCatalog = z.strictObject({
  addOns: z.array(SubscriptionAddOn),
  billingMode: z.literal('subscription'),
  billingProvider: z.literal('manualContract'),
  cadence: z.literal('monthly'),
  checkoutStatus: z.literal('planned'),
  currency: z.literal('UAH'),
  locale: Locale,
  plans: z.array(SubscriptionPlan).min(4),
  policy: z.strictObject({
    aiUsageMetered: z.literal(true),
    humanApprovalRequired: z.literal(true),
    noGuaranteedProfitClaims: z.literal(true),
    overagesRequireApproval: z.literal(true),
  }),
});
export type SubscriptionCatalog = z.infer<typeof SubscriptionCatalog>;
