/**
 * The checks on the plans: how much of the spread plan's profit rests on one trade, how much cash
 * the day's purchases need, whether the battery plan keeps its cycle limit, and the human
 * approval step.
 */
import type { BessPlan, RiskCheck } from '../../domain/plans.js';
import type { RiskConfig } from './config.js';
import { riskWords } from './locale.js';
import type { RiskInput, RiskLocale } from './types.js';

/**
 * Value: PnL of the spread plan's largest trade (unit `uah`). Review when it earns at least
 * reviewShareAtOrAbove of the plan's positive PnL, i.e. one price pair carries the day. Passes
 * when there is nothing to concentrate (no trade, no profit) or the settings allow one trade a
 * day, where concentration is the caller's stated choice rather than a finding.
 */
export function tradeConcentrationCheck(input: RiskInput, config: RiskConfig): RiskCheck {
  const trades = input.plan.trades;
  let largest = 0;
  let positive = 0;
  for (const trade of trades) {
    if (trade.pnlUah > largest) largest = trade.pnlUah;
    if (trade.pnlUah > 0) positive += trade.pnlUah;
  }
  const threshold = config.tradeConcentration.reviewShareAtOrAbove;
  const base = { id: 'tradeConcentration', value: largest, unit: 'uah', label: 'Trade concentration' } as const;
  const said = riskWords(input.locale).concentration;
  if (trades.length === 0 || positive <= 0) return { ...base, status: 'pass', detail: said.noProfit() };
  const share = largest / positive;
  if (input.strategySettings.maxTradesPerDay === 1) return { ...base, status: 'pass', detail: said.byChoice(largest, share, positive, trades.length) };
  if (share >= threshold) return { ...base, status: 'review', detail: said.review(largest, share, positive, trades.length, threshold) };
  return { ...base, status: 'pass', detail: said.pass(largest, share, positive, trades.length, threshold) };
}

/**
 * Value: cash needed for the day's purchases (unit `uah`), i.e. what the exchange account must
 * hold before the auction: every spread buy at its price plus the buy-side fee, and every battery
 * charge at its price. Revenue from sales is not netted: on the DAM it settles after the
 * purchases must be covered, so the gross outlay is the amount a desk has to fund. The one
 * computation of this figure: the brief's cash line and fact (brief/analysis.ts) call it too.
 */
export function cashExposureUah(input: Pick<RiskInput, 'plan' | 'strategySettings'> & { readonly bessPlan?: BessPlan | undefined }): number {
  const fee = input.strategySettings.feeUahPerMwh ?? 0;
  let cash = 0;
  for (const trade of input.plan.trades) cash += (trade.buyPriceUahMwh + fee) * trade.volumeMwh;
  for (const cycle of input.bessPlan?.cycles ?? []) cash += cycle.chargePriceUahMwh * cycle.chargeMwh;
  return cash;
}

export function cashExposureCheck(input: RiskInput, config: RiskConfig): RiskCheck {
  const { reviewAboveUah, blockAboveUah } = config.cashExposure;
  const cash = cashExposureUah(input);
  const status = cash > blockAboveUah ? 'block' : cash > reviewAboveUah ? 'review' : 'pass';
  return {
    id: 'cashExposure',
    status,
    value: cash,
    unit: 'uah',
    label: 'Cash exposure',
    detail: riskWords(input.locale).cash(cash, status, reviewAboveUah, blockAboveUah),
  };
}

/**
 * Value: the battery plan's equivalent full cycles (unit `cycles`). A guard on the engine: a
 * correct plan never exceeds maxCyclesPerDay, so anything above it (or a non-finite or negative
 * count) blocks.
 */
export function bessCyclesCheck(input: RiskInput, config: RiskConfig): RiskCheck {
  const cycles = input.bessPlan.equivalentCycles;
  const limit = input.bessSettings.maxCyclesPerDay;
  const tolerance = config.bessCycles.toleranceCycles;
  const ok = Number.isFinite(cycles) && cycles >= 0 && cycles <= limit + tolerance;
  return {
    id: 'bessCycles',
    status: ok ? 'pass' : 'block',
    value: cycles,
    unit: 'cycles',
    label: 'Battery cycles',
    detail: riskWords(input.locale).cycles(cycles, limit, ok),
  };
}

/**
 * Always `pass` with value `required`: the approval step is in place and enforced by the product,
 * since svc never submits an order. Reporting `review` here would make every day `needsReview`,
 * leaving `ready` unreachable and the overall status useless to a cron job.
 */
export function humanApprovalCheck(locale?: RiskLocale): RiskCheck {
  return {
    id: 'humanApproval',
    status: 'pass',
    value: 'required',
    unit: 'approval',
    label: 'Human approval',
    detail: riskWords(locale).approval(),
  };
}
