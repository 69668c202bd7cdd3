/** Notification-subscription records (contract only: nothing is delivered yet). */
import { z } from 'zod';
import { IsoDateTime, Locale } from './common.js';

export const NotificationChannel = z.enum(['priceUpdate', 'riskAlert', 'bessWindow', 'exportReady']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/**
 * The record table: four booleans, all four required. Their defaults (true, true, false, true) are
 * what the body gets when it leaves `preferences` out; an object naming only some is refused.
 */
export const NotificationPreferences = z.strictObject({
  priceUpdate: z.boolean(),
  riskAlert: z.boolean(),
  bessWindow: z.boolean(),
  exportReady: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const WebPushSubscription = z.strictObject({
  // The spec's type is uri; Web Push narrows it: push services are reached over https only (RFC 8030
  // section 5; browsers hand out https endpoints). Any other scheme (http:, javascript:, data:) is refused, saying why.
  endpoint: z
    .url({ protocol: /^https$/, error: 'a web-push endpoint must be an https URL: push services are reached over https only (RFC 8030)' })
    .max(2048)
    .describe('The push service URL the browser gave (a uri; https only, as Web Push requires: RFC 8030).'),
  expirationTime: z.number().nullable().default(null),
  keys: z.strictObject({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

export const NotificationSubscriptionRequest = z.strictObject({
  subscription: WebPushSubscription,
  actor: z.string().min(1).max(200).default('local-user'),
  channels: z.array(NotificationChannel).min(1).max(4).default(['priceUpdate', 'riskAlert', 'exportReady']),
  locale: Locale.default('uk'),
  preferences: NotificationPreferences.describe('All four booleans, or leave it out for the defaults priceUpdate true, riskAlert true, bessWindow false, exportReady true.').default({ priceUpdate: true, riskAlert: true, bessWindow: false, exportReady: true }),
  source: z.enum(['workspace', 'api', 'pwa']).default('workspace'),
  workspaceId: z.string().min(1).max(120).default('demo'),
});
export type NotificationSubscriptionRequest = z.infer<typeof NotificationSubscriptionRequest>;

export const NotificationSubscriptionRegistration = z.strictObject({
  actor: z.string(),
  channels: z.array(NotificationChannel),
  createdAt: IsoDateTime,
  delivery: z.literal('webPush'),
  locale: Locale,
  mode: z.literal('contract'),
  policy: z.strictObject({ humanApprovalRequired: z.literal(true), noTradingAction: z.literal(true) }),
  source: z.enum(['workspace', 'api', 'pwa']),
  status: z.literal('accepted'),
  subscriptionId: z.string(),
  workspaceId: z.string(),
});
export type NotificationSubscriptionRegistration = z.infer<typeof NotificationSubscriptionRegistration>;

export const NotificationSubscriptionResponse = z.strictObject({
  registration: NotificationSubscriptionRegistration,
  nextStep: z.string(),
});
