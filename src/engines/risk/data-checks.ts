/**
 * The two data checks: where the prices come from (dataSource) and whether the day is whole
 * (dataCoverage). Both look only at the request, never at the plans.
 */
import { HOURS_PER_DAY } from '../../domain/prices.js';
import type { RiskCheck } from '../../domain/plans.js';
import type { RiskConfig } from './config.js';
import { riskWords } from './locale.js';
import type { SourceReason } from './words.js';
import type { CoverageFacts, RiskInput, RiskLocale } from './types.js';

/**
 * Review for fallback data or a stated label that names non-production data. An omitted label
 * passes (the spec: the marker reports `not-supplied`, the check still passes), unless the request
 * itself says the data are a fallback: that flag is evidence of its own, whatever the label.
 */
export function dataSourceCheck(input: RiskInput, config: RiskConfig): RiskCheck {
  const label = input.sourceLabel;
  const said = riskWords(input.locale).source;
  const reasons: SourceReason[] = [];
  if (input.isFallbackData) reasons.push({ kind: 'fallback', reason: input.fallbackReason });
  if (input.supplied.sourceLabel) {
    if (label.trim() === '') reasons.push({ kind: 'emptyLabel' });
    const words = labelWordsToReview(label, config.dataSource.reviewLabelWords);
    if (words.length > 0) reasons.push({ kind: 'labelWords', words });
  }
  const base = { id: 'dataSource', value: label, unit: 'source', label: 'Data source' } as const;
  if (input.forecast) {
    return { ...base, status: 'forecast', detail: said.forecast(input.tradeDate, input.forecast.model, input.forecast.rmaeVsNaive, input.forecast.days) };
  }
  if (reasons.length > 0) return { ...base, status: 'review', detail: said.review(reasons, input.tradeDate) };
  if (!input.supplied.sourceLabel) return { ...base, status: 'pass', detail: said.notSupplied(label) };
  return { ...base, status: 'pass', detail: said.labelled(label) };
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
export function dataCoverageCheck(scan: CoverageScan, config: RiskConfig, forecast = false, locale?: RiskLocale): RiskCheck {
  const { reviewBelowShare, blockBelowShare } = config.dataCoverage;
  const share = scan.validCount / HOURS_PER_DAY;
  const status = scan.extraPoints > 0 || share < blockBelowShare ? 'block' : share < reviewBelowShare ? 'review' : forecast ? 'forecast' : 'pass';
  const said = riskWords(locale).coverage;
  const complete = scan.missing.length + scan.duplicate.length + scan.invalid.length + scan.extraPoints === 0;
  const detail = complete ? said.complete(scan.validCount, share, forecast) : said.incomplete(scan.validCount, share, scan, reviewBelowShare, blockBelowShare);
  return { id: 'dataCoverage', status, value: share, unit: 'coverage', label: 'Data coverage', detail };
}
