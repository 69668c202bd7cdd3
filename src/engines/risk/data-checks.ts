/**
 * The two data checks: where the prices come from (dataSource) and whether the day is whole
 * (dataCoverage). Both look only at the request, never at the plans.
 */
import { HOURS_PER_DAY } from '../../domain/prices.js';
import type { RiskCheck } from '../../domain/plans.js';
import type { RiskConfig } from './config.js';
import { formatNumber, hourList } from './format.js';
import type { CoverageFacts, RiskInput } from './types.js';

/**
 * Review for fallback data or a stated label that names non-production data. An omitted label
 * passes (the spec: the marker reports `not-supplied`, the check still passes), unless the request
 * itself says the data are a fallback: that flag is evidence of its own, whatever the label.
 */
export function dataSourceCheck(input: RiskInput, config: RiskConfig): RiskCheck {
  const label = input.sourceLabel;
  const reasons: string[] = [];
  if (input.isFallbackData) reasons.push(input.fallbackReason ? `the prices are fallback data: ${input.fallbackReason}` : 'the request marks the prices as fallback data');
  if (input.supplied.sourceLabel) {
    if (label.trim() === '') reasons.push('the source label is empty');
    const words = labelWordsToReview(label, config.dataSource.reviewLabelWords);
    if (words.length > 0) reasons.push(`the source label says ${words.map((w) => `"${w}"`).join(', ')}`);
  }
  const base = { id: 'dataSource', value: label, unit: 'source', label: 'Data source' } as const;
  if (input.forecast) {
    const skill = input.forecast.rmaeVsNaive === null ? 'not scored recently' : `rMAE ${formatNumber(input.forecast.rmaeVsNaive)} against the naive over the last ${input.forecast.days} days`;
    return {
      ...base,
      status: 'forecast',
      detail: `Forecast prices for ${input.tradeDate}, not cleared prices: the expected path of ${input.forecast.model} (${skill}). Settle nothing on them; re-check against the published prices.`,
    };
  }
  if (reasons.length > 0) {
    return {
      ...base,
      status: 'review',
      detail: `Review: ${reasons.join('; ')}. Check that these prices are the market operator's published day-ahead prices for ${input.tradeDate} before acting on the plan.`,
    };
  }
  if (!input.supplied.sourceLabel) {
    return {
      ...base,
      status: 'pass',
      detail: `No source label was given, so the source is reported as "${label}". The check passes; dataProvenanceUnavailableReason says not-supplied so the caller can tell.`,
    };
  }
  return { ...base, status: 'pass', detail: `Prices come from "${label}", which is not marked as fallback, fixture or test data.` };
}

/** Configured words found among the label's words (a word also matches with a trailing s). */
export function labelWordsToReview(label: string, words: readonly string[]): string[] {
  const tokens = new Set(label.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t !== ''));
  return words.filter((word) => {
    const w = word.toLowerCase();
    return tokens.has(w) || tokens.has(`${w}s`);
  });
}

export interface CoverageScan {
  /** valid[h]: hour h has exactly one finite price >= 0. */
  valid: boolean[];
  validCount: number;
  missing: number[];
  duplicate: number[];
  invalid: number[];
  extraPoints: number;
}

/** Which hours can be trusted, from the prices themselves and a raw reader's findings. */
export function scanCoverage(prices: readonly number[], facts: CoverageFacts | undefined): CoverageScan {
  const missingSet = new Set(facts?.missingHours ?? []);
  const duplicateSet = new Set(facts?.duplicateHours ?? []);
  const valid: boolean[] = [];
  const missing: number[] = [];
  const duplicate: number[] = [];
  const invalid: number[] = [];
  let validCount = 0;
  for (let h = 0; h < HOURS_PER_DAY; h += 1) {
    const price = prices[h];
    if (duplicateSet.has(h)) duplicate.push(h);
    else if (missingSet.has(h) || price === undefined) missing.push(h);
    else if (!Number.isFinite(price) || price < 0) invalid.push(h);
    else {
      valid.push(true);
      validCount += 1;
      continue;
    }
    valid.push(false);
  }
  return { valid, validCount, missing, duplicate, invalid, extraPoints: Math.max(0, prices.length - HOURS_PER_DAY) };
}

/**
 * Value: share of the 24 hours with exactly one valid price (unit `coverage`, 0..1). Below
 * blockBelowShare it blocks, below reviewBelowShare it asks for review. More than 24 points
 * block whatever the share: the day is ambiguous.
 */
export function dataCoverageCheck(scan: CoverageScan, config: RiskConfig, forecast = false): RiskCheck {
  const { reviewBelowShare, blockBelowShare } = config.dataCoverage;
  const share = scan.validCount / HOURS_PER_DAY;
  const problems: string[] = [];
  if (scan.missing.length > 0) problems.push(`missing ${hourList(scan.missing)}`);
  if (scan.duplicate.length > 0) problems.push(`given twice ${hourList(scan.duplicate)}`);
  if (scan.invalid.length > 0) problems.push(`not a finite price >= 0 ${hourList(scan.invalid)}`);
  if (scan.extraPoints > 0) problems.push(`${scan.extraPoints} point(s) beyond hour 23`);
  const status = scan.extraPoints > 0 || share < blockBelowShare ? 'block' : share < reviewBelowShare ? 'review' : forecast ? 'forecast' : 'pass';
  const covered = `${scan.validCount} of ${HOURS_PER_DAY} hours have exactly one valid price (${formatNumber(share * 100)} %)`;
  const rule = `review below ${formatNumber(reviewBelowShare * 100)} %, block below ${formatNumber(blockBelowShare * 100)} %`;
  const detail =
    problems.length === 0
      ? `${covered}; the day is complete${forecast ? ' (as a forecast: every hour forecast, none cleared yet)' : ''}.`
      : `${covered}: ${problems.join('; ')}. Rule: ${rule}. A plan built on an incomplete day can pair hours that have no real price.`;
  return { id: 'dataCoverage', status, value: share, unit: 'coverage', label: 'Data coverage', detail };
}
