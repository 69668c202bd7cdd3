/**
 * The trading brief's input (ai.tradingBrief, and its receipt on the same request): the spec's
 * TradingBriefRequest, except that settings.feeUahPerMwh keeps "not sent" distinct from 0. Its own
 * module so that the brief's CLI view and steps (brief-view.ts, brief-steps.ts) can name it.
 */
import { z } from 'zod';
import { BriefContext } from '../../domain/brief.js';
import { BodyTradeDate, Locale } from '../../domain/common.js';
import { PriceDay } from '../../domain/prices.js';
import { TradingSettingsAsSent } from '../strategy/settings-as-sent.js';
import { PricesForecastSchema } from '../strategy/plan-on.js';

export const TradingBriefOpInput = z.strictObject({
  tradeDate: BodyTradeDate,
  prices: PriceDay,
  settings: TradingSettingsAsSent,
  locale: Locale.default('uk'),
  context: BriefContext.optional(),
  /** svc extension: `prices` are this forecast's expected path (`svc brief --plan-on forecast`): the brief says so in its language and the risk facts say `forecast`. */
  forecast: PricesForecastSchema.optional(),
});
export type TradingBriefOpInput = z.infer<typeof TradingBriefOpInput>;
