/** GET /api/billing/plans: the public subscription catalog, localized. */
import { z } from 'zod';
import { Locale } from '../../domain/common.js';
import { SubscriptionCatalog } from '../../domain/billing.js';
import { defineOperation } from '../types.js';
import { subscriptionCatalog } from './billing-catalog.js';

export const BillingPlansQuery = z.strictObject({ lang: Locale.default('uk').describe('Language of names, descriptions and features.') });

export const billingPlans = defineOperation({
  id: 'billing.plans',
  summary: 'Subscription catalog: four plans and three add-ons',
  description:
    'Monthly "from" prices in UAH (and EUR) per plan. Fixed prices are not published: the cost is agreed in a pilot contract. ' +
    'No payment is accepted (checkoutStatus `planned`, billing by manual contract).',
  tags: ['billing'],
  access: 'public',
  input: BillingPlansQuery,
  output: SubscriptionCatalog,
  http: { method: 'GET', path: '/api/billing/plans', inputFrom: 'query', successStatus: 200, errors: [400] },
  async run(_ctx, input) {
    return subscriptionCatalog(input.lang);
  },
});
