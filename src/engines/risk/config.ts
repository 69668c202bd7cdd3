/**
 * Every threshold of the risk guardrails, named, with its default. A partial JSON object (for
 * instance a `--risk-config` file) overrides any subset: missing keys take the defaults below,
 * unknown keys are rejected so a misspelt threshold cannot silently fall back to its default.
 * The reason behind each default is in docs/risk.md.
 */
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';

const share = z.number().min(0).max(1);
const nonNegative = z.number().min(0);

const DataSourceConfig = z
  .strictObject({
    /**
     * Words that mark a stated source label as non-production data. Matched case-insensitively
     * against the label's words (split on anything that is not a letter or digit); a word also
     * matches with a trailing `s` (fixture / fixtures).
     */
    reviewLabelWords: z
      .array(z.string().min(1).regex(/^[a-z0-9]+$/i, 'a word of letters and digits'))
      .default(['fixture', 'fallback', 'sample', 'synthetic', 'demo', 'mock', 'test', 'stub', 'placeholder', 'unknown']),
  })
  .prefault({});

const DataCoverageConfig = z
  .strictObject({
    /** Share of the 24 hours with exactly one valid price below which the check says review. */
    reviewBelowShare: share.default(1),
    /** Share below which the check blocks. */
    blockBelowShare: share.default(1),
  })
  .prefault({})
  .refine((c) => c.blockBelowShare <= c.reviewBelowShare, {
    message: 'blockBelowShare must not exceed reviewBelowShare',
    path: ['blockBelowShare'],
  });

const PriceAnomalyConfig = z
  .strictObject({
    /** Rounding slack when comparing a price with a regulator cap or floor (UAH/MWh). */
    capToleranceUahMwh: nonNegative.default(0.01),
    /** Status of a day with at least one price outside the regulator's caps. */
    capViolationStatus: z.enum(['review', 'block']).default('block'),
    /**
     * Status of a day whose only cap finding is against a bound the caps table does not confirm
     * (inferred, or contradicted by later data): never a block by default.
     */
    unconfirmedCapStatus: z.enum(['review', 'block']).default('review'),
    /** An hour is an outlier when |price - median| exceeds this many scaled MADs ... */
    outlierMadMultiple: z.number().gt(0).default(5),
    /** ... and also exceeds this floor (UAH/MWh), which keeps near-constant days quiet. */
    outlierFloorUahMwh: nonNegative.default(3000),
    /** Outlier hours from which the check says review. */
    outlierReviewAtCount: z.number().int().min(1).max(24).default(1),
    /** Outlier hours from which the check blocks. */
    outlierBlockAtCount: z.number().int().min(1).max(25).default(9),
    /** A day whose max - min price is below this (UAH/MWh) is flat: every hour is flagged, review. */
    flatRangeBelowUahMwh: nonNegative.default(50),
  })
  .prefault({})
  .refine((c) => c.outlierReviewAtCount <= c.outlierBlockAtCount, {
    message: 'outlierReviewAtCount must not exceed outlierBlockAtCount',
    path: ['outlierReviewAtCount'],
  });

const TradeConcentrationConfig = z
  .strictObject({
    /** Review when the largest trade earns at least this share of the plan's positive PnL. */
    reviewShareAtOrAbove: share.default(0.6),
  })
  .prefault({});

const CashExposureConfig = z
  .strictObject({
    /** Review when the cash needed for the day's purchases is above this (UAH). */
    reviewAboveUah: nonNegative.default(1_000_000),
    /** Block when it is above this (UAH). */
    blockAboveUah: nonNegative.default(5_000_000),
  })
  .prefault({})
  .refine((c) => c.reviewAboveUah <= c.blockAboveUah, {
    message: 'reviewAboveUah must not exceed blockAboveUah',
    path: ['reviewAboveUah'],
  });

const BessCyclesConfig = z
  .strictObject({
    /** Floating-point slack above maxCyclesPerDay before the guard blocks (cycles). */
    toleranceCycles: nonNegative.default(1e-9),
  })
  .prefault({});

const ScoreConfig = z
  .strictObject({
    /** Points taken from 100 for each check in review. */
    reviewPenalty: z.number().min(0).max(100).default(15),
    /** Points taken from 100 for each blocking check. */
    blockPenalty: z.number().min(0).max(100).default(40),
  })
  .prefault({});

export const RiskConfig = z.strictObject({
  dataSource: DataSourceConfig,
  dataCoverage: DataCoverageConfig,
  priceAnomaly: PriceAnomalyConfig,
  tradeConcentration: TradeConcentrationConfig,
  cashExposure: CashExposureConfig,
  bessCycles: BessCyclesConfig,
  score: ScoreConfig,
});
export type RiskConfig = z.infer<typeof RiskConfig>;
export type RiskConfigInput = z.input<typeof RiskConfig>;

export const DEFAULT_RISK_CONFIG: RiskConfig = RiskConfig.parse({});

/** A full config from a partial one; a bad value is a 400 naming its path under `prefix`. */
export function parseRiskConfig(input: unknown, prefix = 'riskConfig'): RiskConfig {
  const result = RiskConfig.safeParse(input ?? {});
  if (!result.success) throw SvcError.fromZod(result.error, prefix);
  return result.data;
}
