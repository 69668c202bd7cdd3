/** Notification-subscription records (contract only: nothing is delivered yet). */
import { z } from 'zod';
import { IsoDateTime, Locale } from './common.js';

export const NotificationChannel = z.enum(['priceUpdate', 'riskAlert', 'bessWindow', 'exportReady']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

export const NotificationPreferences = z.strictObject({
  priceUpdate: z.boolean().default(true),
  riskAlert: z.boolean().default(true),
  bessWindow: z.boolean().default(false),
  exportReady: z.boolean().default(true),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const WebPushSubscription = z.strictObject({
  // Push services are https endpoints; any other scheme (javascript:, http:, data:) is refused.
  endpoint: z.url({ protocol: /^https$/, error: 'expected an https push-service URL' }).max(2048),
  expirationTime: z.number().nullable().default(null),
  keys: z.strictObject({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

export const NotificationSubscriptionRequest = z.strictObject({
  subscription: WebPushSubscription,
  actor: z.string().min(1).max(200).default('local-user'),
  channels: z.array(NotificationChannel).min(1).max(4).default(['priceUpdate', 'riskAlert', 'exportReady']),
  locale: Locale.default('uk'),
  preferences: NotificationPreferences.default({ priceUpdate: true, riskAlert: true, bessWindow: false, exportReady: true }),
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
