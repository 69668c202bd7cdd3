/**
 * The sentences of the checks' explanations (`detail`), in the two languages of svc's tables:
 * English (the API's default) and Ukrainian (`locale: 'uk'`, which `svc risk --lang uk` and the
 * Ukrainian day report send). The checks decide and count; these only say what they found, from
 * the same facts, so the two languages cannot disagree on a figure. Rounding here is for the words
 * only, never a value. Ids, statuses, labels and values are the same in both languages. The
 * Ukrainian sentences are in words-uk.ts; locale.ts picks one.
 */
import { upperFirst } from '../../domain/text.js';
import type { CapBreach } from './types.js';
import { formatMoney, formatNumber, hourList } from './format.js';

export type { RiskLocale } from './types.js';

/** Why a data source asks for review. */
export type SourceReason = { kind: 'fallback'; reason?: string | undefined } | { kind: 'emptyLabel' } | { kind: 'labelWords'; words: readonly string[] };

/** What is wrong with the day's coverage. */
export interface CoverageProblems {
  missing: readonly number[];
  duplicate: readonly number[];
  invalid: readonly number[];
  extraPoints: number;
}

export interface RiskWords {
  source: {
    forecast(tradeDate: string, model: string, rmaeVsNaive: number | null, days: number): string;
    review(reasons: readonly SourceReason[], tradeDate: string): string;
    notSupplied(label: string): string;
    labelled(label: string): string;
  };
  coverage: {
    complete(valid: number, share: number, forecast: boolean): string;
    incomplete(valid: number, share: number, problems: CoverageProblems, reviewShare: number, blockShare: number): string;
  };
  anomaly: {
    /** `caps` the caps' name (capsName), null when no caps are known for the day. */
    confirmed(breaches: readonly CapBreach[], caps: string): string;
    unconfirmed(breaches: readonly CapBreach[], caps: string): string;
    outliers(hours: readonly number[], threshold: number, median: number, reviewAt: number, blockAt: number): string;
    flat(range: number, below: number): string;
    noValid(): string;
    none(threshold: number, median: number, caps: string | null): string;
    /** The findings joined into the detail. */
    found(findings: readonly string[], caps: string | null): string;
    capsName(decision: string | undefined, regime: string | undefined): string;
  };
  concentration: {
    noProfit(): string;
    byChoice(largest: number, share: number, positive: number, trades: number): string;
    review(largest: number, share: number, positive: number, trades: number, threshold: number): string;
    pass(largest: number, share: number, positive: number, trades: number, threshold: number): string;
  };
  cash(cash: number, status: 'pass' | 'review' | 'block', reviewAbove: number, blockAbove: number): string;
  cycles(cycles: number, limit: number, ok: boolean): string;
  approval(): string;
}

const pct = (share: number): string => `${formatNumber(share * 100)} %`;
const breachEn = (b: CapBreach): string =>
  `hour ${b.hour} at ${formatNumber(b.priceUahMwh)} is ${b.bound === 'max' ? 'above the cap' : 'below the floor'} of ${formatNumber(b.limitUahMwh)}`;
const noCapsEn = (caps: string | null): string => (caps === null ? ' No regulator caps are known for this date and market, so prices were not compared with caps.' : '');
const tradesEn = (largest: number, share: number, positive: number, trades: number): string =>
  `The largest trade earns ${formatMoney(largest)} UAH, ${pct(share)} of the plan's ${formatMoney(positive)} UAH from ${trades} ${trades === 1 ? 'trade' : 'trades'}`;

export const RISK_WORDS_EN: RiskWords = {
  source: {
    forecast: (tradeDate, model, rmae, days) =>
      `Forecast prices for ${tradeDate}, not cleared prices: the expected path of ${model} (${rmae === null ? 'not scored recently' : `rMAE ${formatNumber(rmae)} against the naive over the last ${days} days`}). Settle nothing on them; re-check against the published prices.`,
    review: (reasons, tradeDate) => {
      const said = reasons.map((r) =>
        r.kind === 'fallback'
          ? r.reason
            ? `the prices are fallback data: ${r.reason}`
            : 'the request marks the prices as fallback data'
          : r.kind === 'emptyLabel'
            ? 'the source label is empty'
            : `the source label says ${r.words.map((w) => `"${w}"`).join(', ')}`,
      );
      return `Review: ${said.join('; ')}. Check that these prices are the market operator's published day-ahead prices for ${tradeDate} before acting on the plan.`;
    },
    notSupplied: (label) => `No source label was given, so the source is reported as "${label}". The check passes; dataProvenanceUnavailableReason says not-supplied so the caller can tell.`,
    labelled: (label) => `Prices come from "${label}", which is not marked as fallback, fixture or test data.`,
  },
  coverage: {
    complete: (valid, share, forecast) =>
      `${valid} of 24 hours have exactly one valid price (${pct(share)}); the day is complete${forecast ? ' (as a forecast: every hour forecast, none cleared yet)' : ''}.`,
    incomplete: (valid, share, p, reviewShare, blockShare) => {
      const problems: string[] = [];
      if (p.missing.length > 0) problems.push(`missing ${hourList(p.missing)}`);
      if (p.duplicate.length > 0) problems.push(`given twice ${hourList(p.duplicate)}`);
      if (p.invalid.length > 0) problems.push(`not a finite price >= 0 ${hourList(p.invalid)}`);
      if (p.extraPoints > 0) problems.push(`${p.extraPoints} point(s) beyond hour 23`);
      return `${valid} of 24 hours have exactly one valid price (${pct(share)}): ${problems.join('; ')}. Rule: review below ${pct(reviewShare)}, block below ${pct(blockShare)}. A plan built on an incomplete day can pair hours that have no real price.`;
    },
  },
  anomaly: {
    confirmed: (breaches, caps) => `${breaches.map(breachEn).join('; ')} UAH/MWh (${caps}); a DAM price cannot clear outside these bounds, so the data are wrong`,
    unconfirmed: (breaches, caps) =>
      `${breaches.map(breachEn).join('; ')} UAH/MWh, ${breaches.length === 1 ? 'a bound' : 'bounds'} this table infers for that date (${caps}) ` +
      "but does not confirm; the table may be out of date, so check the regulator's current decision before treating the prices as wrong",
    outliers: (hours, threshold, median, reviewAt, blockAt) =>
      `${hourList(hours)} ${hours.length === 1 ? 'is' : 'are'} more than ${formatNumber(threshold)} UAH/MWh from the day's median of ${formatNumber(median)} UAH/MWh` +
      ` (review from ${reviewAt}, block from ${blockAt} such hours)`,
    flat: (range, below) => `the day is flat: prices span only ${formatNumber(range)} UAH/MWh (review below ${formatNumber(below)} UAH/MWh), as a stale or placeholder feed would`,
    noValid: () => 'No valid price to examine (see dataCoverage).',
    none: (threshold, median, caps) =>
      `No anomaly: every price is${caps === null ? '' : ` within the regulator's bounds (${caps}),`} within ${formatNumber(threshold)} UAH/MWh of the day's median of ${formatNumber(median)} UAH/MWh, and the day is not flat.${noCapsEn(caps)}`,
    found: (findings, caps) => `${upperFirst(findings.join('; '))}.${noCapsEn(caps)}`,
    capsName: (decision, regime) => {
      const parts = [decision, regime === undefined ? undefined : `regime ${regime}`].filter((p): p is string => p !== undefined && p !== '');
      return parts.length > 0 ? parts.join(', ') : "regulator's caps";
    },
  },
  concentration: {
    noProfit: () => 'The spread plan has no profitable trade, so no profit rests on a single trade.',
    byChoice: (largest, share, positive, trades) => `${tradesEn(largest, share, positive, trades)}; the settings allow one trade a day, so this concentration is by choice.`,
    review: (largest, share, positive, trades, threshold) =>
      `${tradesEn(largest, share, positive, trades)}, at or above the review share of ${pct(threshold)}: one mispriced hour pair would take most of the day's result.`,
    pass: (largest, share, positive, trades, threshold) => `${tradesEn(largest, share, positive, trades)}, below the review share of ${pct(threshold)}.`,
  },
  cash: (cash, status, reviewAbove, blockAbove) =>
    `The day's purchases (spread buys incl. the buy-side fee, battery charging) need ${formatMoney(cash)} UAH, ${status === 'pass' ? 'within the limits' : status === 'review' ? 'above the review limit' : 'above the blocking limit'} (review above ${formatMoney(reviewAbove)} UAH, block above ${formatMoney(blockAbove)} UAH).`,
  cycles: (cycles, limit, ok) =>
    ok
      ? `The battery plan uses ${formatNumber(cycles)} equivalent full ${cycles === 1 ? 'cycle' : 'cycles'}, within the limit of ${limit} a day.`
      : `The battery plan uses ${formatNumber(cycles)} equivalent full cycles against a limit of ${limit} a day: the plan breaks the battery settings and must not be used.`,
  approval: () => 'A person must approve this plan before any order is placed; svc prepares plans and never submits orders, so this step is always enforced.',
};
