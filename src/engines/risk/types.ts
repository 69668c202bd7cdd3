/** Inputs and outputs of the risk guardrails (see src/engines/risk.ts). */
import type { BessPlan, RiskGuardrailReport, TradingPlan } from '../../domain/plans.js';
import type { BessSettings, TradingSettings } from '../../domain/settings.js';

/**
 * The regulator's price bounds for one date and market, by hour (null where the table has no
 * number for that hour, e.g. a rule such as "110 % of the DAM price"). Structurally the value
 * `capsFor(tradeDate, market)` of src/data/caps.ts returns; the op layer loads it, the engine
 * only reads it.
 */
export interface RiskCaps {
  readonly regime?: string;
  readonly decision?: string;
  readonly validFrom?: string;
  readonly sourceUrl?: string | null;
  readonly minByHour: readonly (number | null)[];
  readonly maxByHour: readonly (number | null)[];
  /**
   * false where the hour's bound comes from a row its table does not confirm (inferred, or
   * contradicted by later data). Absent: every bound is confirmed (e.g. a caller's own cap).
   */
  readonly minConfirmedByHour?: readonly boolean[];
  readonly maxConfirmedByHour?: readonly boolean[];
}

/**
 * Gaps found by a reader of a raw price book, for callers that check a day before it became a
 * validated PriceDay. Hours are 0..23.
 */
export interface CoverageFacts {
  readonly missingHours?: readonly number[];
  readonly duplicateHours?: readonly number[];
}

/** Which optional keys the request stated (drives the three `...UnavailableReason` markers). */
export interface SuppliedKeys {
  /** `strategySettings.feeUahPerMwh` was present. */
  readonly fee: boolean;
  /** `bessSettings.degradationCostUahMwh` was present. */
  readonly degradation: boolean;
  /** `sourceLabel` was present. */
  readonly sourceLabel: boolean;
}

export interface RiskInput {
  readonly tradeDate: string;
  /** Price of hour h at index h; a missing or invalid hour may be NaN (it lowers coverage). */
  readonly prices: readonly number[];
  readonly strategySettings: TradingSettings;
  readonly bessSettings: BessSettings;
  /** The label as given, or the spec's default `unknown` when the key was omitted. */
  readonly sourceLabel: string;
  readonly isFallbackData: boolean;
  /** Why the prices are fallback data (e.g. svc served its shipped copy of the operator's prices): said in the dataSource check's detail. */
  readonly fallbackReason?: string | undefined;
  readonly plan: TradingPlan;
  readonly bessPlan: BessPlan;
  /** Caps for tradeDate and the market, or null when none are known (the cap test is skipped). */
  readonly caps: RiskCaps | null;
  readonly supplied: SuppliedKeys;
  readonly coverage?: CoverageFacts;
  /** The prices are a forecast's expected path, not cleared prices: the data checks say `forecast`. */
  readonly forecast?: PricesForecast | undefined;
  /** The language of the checks' explanations (words.ts); English when omitted. */
  readonly locale?: RiskLocale | undefined;
}

/** What a report built on forecast prices names: the model and its recent skill. */
export interface PricesForecast {
  model: string;
  /** rMAE against the standard EPF naive over `days` recent days (null: not scored). */
  rmaeVsNaive: number | null;
  days: number;
}

export type UnavailableReason = 'not-supplied' | null;

export interface RiskMarkers {
  bessDegradationUnavailableReason: UnavailableReason;
  tradingFeeUnavailableReason: UnavailableReason;
  dataProvenanceUnavailableReason: UnavailableReason;
}

export interface RiskResult {
  report: RiskGuardrailReport;
  markers: RiskMarkers;
}

/** The language of the checks' explanations (words.ts). */
export type RiskLocale = 'en' | 'uk';

/** A price outside the regulator's bounds (anomaly.ts). */
export interface CapBreach {
  hour: number;
  priceUahMwh: number;
  bound: 'max' | 'min';
  limitUahMwh: number;
  /** false when the table that gave the bound does not confirm it for this hour. */
  confirmed: boolean;
}
