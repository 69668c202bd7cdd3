/**
 * POST /api/notifications/subscriptions: a validation boundary that records a web-push
 * subscription as a contract. Nothing is delivered yet and no trading action follows. The push
 * keys (`p256dh`, `auth`) are secrets of the subscription: stored server-side, never returned,
 * never logged (only the endpoint's host is logged).
 */
import { NotificationSubscriptionRequest, NotificationSubscriptionResponse } from '../../domain/notifications.js';
import type { Locale } from '../../domain/common.js';
import { actorOf } from './access.js';
import { defineOperation } from '../types.js';

const NEXT_STEP: Record<Locale, string> = {
  uk: 'Підписку прийнято як контракт. Доставка сповіщень ще не підключена: нічого не надсилатиметься, доки не буде налаштовано провайдера доставки.',
  en: 'Subscription accepted as a contract. Delivery is not wired yet: nothing will be sent until a delivery provider is configured.',
};

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

export const notificationsSubscribe = defineOperation({
  id: 'notifications.subscribe',
  summary: 'Register a web-push subscription (contract only)',
  description:
    'Validates and records a web-push subscription for the caller\'s tenant. Mode `contract`: no delivery is promised and no ' +
    'trading action follows. The push keys are kept server-side and never returned or logged. With a signed-in (JWT) caller ' +
    'the registration\'s `actor` is the signed-in user; otherwise it is the `actor` of the body.',
  tags: ['notifications'],
  access: 'key',
  writes: true,
  input: NotificationSubscriptionRequest,
  output: NotificationSubscriptionResponse,
  http: { method: 'POST', path: '/api/notifications/subscriptions', inputFrom: 'body', successStatus: 202, errors: [400, 401, 429] },
  async run(ctx, input) {
    const registration = {
      actor: actorOf(ctx.caller, input.actor),
      channels: [...new Set(input.channels)],
      createdAt: ctx.now().toISOString(),
      delivery: 'webPush' as const,
      locale: input.locale,
      mode: 'contract' as const,
      policy: { humanApprovalRequired: true as const, noTradingAction: true as const },
      source: input.source,
      status: 'accepted' as const,
      subscriptionId: ctx.newId(),
      workspaceId: input.workspaceId,
    };
    const stores = await ctx.stores();
    await stores.subscriptions.save({
      registration,
      tenantId: ctx.caller.tenantId,
      subscription: input.subscription,
      preferences: input.preferences,
    });
    ctx.logger.info('notification subscription registered', {
      subscriptionId: registration.subscriptionId,
      tenantId: ctx.caller.tenantId,
      endpointHost: hostOf(input.subscription.endpoint),
      channels: registration.channels,
    });
    return { registration, nextStep: NEXT_STEP[input.locale] };
  },
});
