/**
 * Decision sensitivity: how much the spread plan and its result move when the day turns out a
 * little different from the prices it was built on.
 *
 * Scenarios (fixed, so every brief is comparable):
 *   level: all 24 prices x 0.95, x 0.97, x 1.03, x 1.05;
 *   fee:   fee + FEE_STRESS_UAH_MWH on each leg;
 *   shift: the whole price profile one hour later (p'[h] = p[h-1], hour 0 keeps its price) and
 *          one hour earlier (p'[h] = p[h+1], hour 23 keeps its price): the peak arrives off-plan.
 * For each scenario two numbers: the plan as built, re-priced under the scenario ("what we would
 * earn if we submit these hours and the day is like this"), and whether the spread engine, re-run
 * on the scenario, keeps the same buy/sell hours. Shift scenarios only re-price: a re-run always
 * follows the shifted peak, which says nothing about this plan.
 *
 * Score 0..100 (higher = steadier):
 *   outcome   60 x clamp(1 - worstDrop / 0.5, 0, 1), worstDrop = max(0, 1 - min_s pnl_s / basePnl);
 *             a plan losing half its result in its worst scenario scores 0 here. With no money at
 *             stake (no trades, or a zero result) it is 60 unless some scenario loses money.
 *   stability 40 x (level and fee scenarios whose re-run keeps the same hours) / 5.
 * Pure and deterministic: it only calls planSpread.
 */
import type { TradingPlan } from '../../domain/plans.js';
import type { TradingSettings } from '../../domain/settings.js';
import { planSpread } from '../strategy.js';

export const FEE_STRESS_UAH_MWH = 100;
export const OUTCOME_WEIGHT = 60;
export const STABILITY_WEIGHT = 40;
/** A worst-case drop of the result by this share or more takes all outcome points. */
export const FULL_DROP_SHARE = 0.5;

export type ScenarioId = 'pricesMinus5' | 'pricesMinus3' | 'pricesPlus3' | 'pricesPlus5' | 'feePlus' | 'peakLater' | 'peakEarlier';

interface ScenarioSpec {
  id: ScenarioId;
  kind: 'level' | 'fee' | 'shift';
  prices: (p: readonly number[]) => number[];
  fee: (fee: number) => number;
}

const scale = (k: number) => (p: readonly number[]) => p.map((v) => v * k);
const same = (p: readonly number[]) => [...p];
const keepFee = (fee: number) => fee;

const SCENARIOS: readonly ScenarioSpec[] = [
  { id: 'pricesMinus5', kind: 'level', prices: scale(0.95), fee: keepFee },
  { id: 'pricesMinus3', kind: 'level', prices: scale(0.97), fee: keepFee },
  { id: 'pricesPlus3', kind: 'level', prices: scale(1.03), fee: keepFee },
  { id: 'pricesPlus5', kind: 'level', prices: scale(1.05), fee: keepFee },
  { id: 'feePlus', kind: 'fee', prices: same, fee: (fee) => fee + FEE_STRESS_UAH_MWH },
  { id: 'peakLater', kind: 'shift', prices: (p) => p.map((_, h) => p[Math.max(h - 1, 0)] as number), fee: keepFee },
  { id: 'peakEarlier', kind: 'shift', prices: (p) => p.map((_, h) => p[Math.min(h + 1, p.length - 1)] as number), fee: keepFee },
];

export interface ScenarioResult {
  id: ScenarioId;
  kind: 'level' | 'fee' | 'shift';
  /** Result of the base plan's trades re-priced under the scenario (UAH). */
  planPnlUah: number;
  /** planPnlUah / base result - 1; null when the base result is 0. */
  changeShare: number | null;
  /** The engine's own plan for the scenario; null for shift scenarios (not re-run). */
  replanned: TradingPlan | null;
  /** Same buy and sell hours as the base plan (level and fee scenarios only). */
  sameHours: boolean | null;
}

export interface SensitivityResult {
  score: number;
  scenarios: ScenarioResult[];
  /** The scenario with the lowest re-priced result (first in scenario order on ties). */
  worst: ScenarioResult;
  /** Some scenario turns the plan's result negative. */
  losesMoney: boolean;
  /** The two parts of the score before rounding: outcome (0..60) and stability (0..40). */
  outcomePoints: number;
  stabilityPoints: number;
}

/** Result of a fixed set of trades at other prices and fee. */
export function repricePlan(plan: TradingPlan, prices: readonly number[], fee: number): number {
  let total = 0;
  for (const t of plan.trades) {
    total += ((prices[t.sellHour] as number) - (prices[t.buyHour] as number) - 2 * fee) * t.volumeMwh;
  }
  return total;
}

const hoursKey = (plan: TradingPlan): string =>
  plan.trades
    .map((t) => `${t.buyHour}>${t.sellHour}`)
    .sort()
    .join(',');

export function analyseSensitivity(prices: readonly number[], settings: TradingSettings, base: TradingPlan): SensitivityResult {
  const baseKey = hoursKey(base);
  const basePnl = base.netPnlUah;
  const scenarios = SCENARIOS.map((spec): ScenarioResult => {
    const p = spec.prices(prices);
    const fee = spec.fee(settings.feeUahPerMwh);
    const planPnlUah = repricePlan(base, p, fee);
    const replanned = spec.kind === 'shift' ? null : planSpread(p, { ...settings, feeUahPerMwh: fee });
    return {
      id: spec.id,
      kind: spec.kind,
      planPnlUah,
      changeShare: basePnl !== 0 ? planPnlUah / basePnl - 1 : null,
      replanned,
      sameHours: replanned === null ? null : hoursKey(replanned) === baseKey,
    };
  });
  const worst = scenarios.reduce((a, s) => (s.planPnlUah < a.planPnlUah ? s : a));
  const losesMoney = scenarios.some((s) => s.planPnlUah < 0);
  let outcome: number;
  if (basePnl > 0) {
    const worstDrop = Math.max(0, 1 - worst.planPnlUah / basePnl);
    outcome = OUTCOME_WEIGHT * Math.min(1, Math.max(0, 1 - worstDrop / FULL_DROP_SHARE));
  } else {
    outcome = losesMoney ? 0 : OUTCOME_WEIGHT;
  }
  const rerun = scenarios.filter((s) => s.sameHours !== null);
  const steady = rerun.filter((s) => s.sameHours === true).length;
  const stability = rerun.length === 0 ? STABILITY_WEIGHT : (STABILITY_WEIGHT * steady) / rerun.length;
  return { score: Math.round(outcome + stability), scenarios, worst, losesMoney, outcomePoints: outcome, stabilityPoints: stability };
}
