/**
 * Price anomalies of one day, three tests over the hours with a valid price:
 *
 * 1. Regulator bounds. The DAM cannot clear above the hour's cap or below its floor, so such a
 *    price is a data error (wrong unit, shifted clock-change hour, wrong date), not a market
 *    event: configurable status, block by default.
 * 2. Outliers. |price - median| > max(k x 1.4826 x MAD, floor). MAD is the median absolute
 *    deviation; x 1.4826 makes it estimate a standard deviation for normal data; the floor keeps
 *    days whose hours mostly clear at one regulated price (MAD = 0) from flagging every other
 *    hour. Review from outlierReviewAtCount hours, block from outlierBlockAtCount.
 * 3. Flat day. max - min below flatRangeBelowUahMwh: a stale or placeholder feed looks like this;
 *    every hour is flagged, review.
 *
 * Value: the number of distinct flagged hours (unit `count`).
 */
import type { RiskCheck, RiskCheckStatus } from '../../domain/plans.js';
import type { RiskConfig } from './config.js';
import type { CoverageScan } from './data-checks.js';
import { riskWords } from './locale.js';
import type { CapBreach, RiskCaps, RiskLocale } from './types.js';

export type { CapBreach } from './types.js';

/** Makes the MAD a consistent estimator of the standard deviation of normal data. */
export const MAD_TO_SIGMA = 1.4826;

export interface AnomalyScan {
  capBreaches: CapBreach[];
  outlierHours: number[];
  flat: boolean;
  medianUahMwh: number;
  outlierThresholdUahMwh: number;
  rangeUahMwh: number;
}

export function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function scanAnomalies(prices: readonly number[], coverage: CoverageScan, caps: RiskCaps | null, config: RiskConfig): AnomalyScan {
  const cfg = config.priceAnomaly;
  const hours: number[] = [];
  const values: number[] = [];
  for (let h = 0; h < coverage.valid.length; h += 1) {
    if (coverage.valid[h] === true) {
      hours.push(h);
      values.push(prices[h] as number);
    }
  }
  const capBreaches: CapBreach[] = [];
  if (caps !== null) {
    for (let i = 0; i < hours.length; i += 1) {
      const hour = hours[i] as number;
      const price = values[i] as number;
      const max = caps.maxByHour[hour];
      const min = caps.minByHour[hour];
      if (typeof max === 'number' && price > max + cfg.capToleranceUahMwh) {
        capBreaches.push({ hour, priceUahMwh: price, bound: 'max', limitUahMwh: max, confirmed: caps.maxConfirmedByHour?.[hour] ?? true });
      } else if (typeof min === 'number' && price < min - cfg.capToleranceUahMwh) {
        capBreaches.push({ hour, priceUahMwh: price, bound: 'min', limitUahMwh: min, confirmed: caps.minConfirmedByHour?.[hour] ?? true });
      }
    }
  }
  const sorted = [...values].sort((a, b) => a - b);
  const mid = median(sorted);
  const deviations = values.map((v) => Math.abs(v - mid)).sort((a, b) => a - b);
  const threshold = Math.max(cfg.outlierMadMultiple * MAD_TO_SIGMA * median(deviations), cfg.outlierFloorUahMwh);
  const outlierHours = hours.filter((_, i) => Math.abs((values[i] as number) - mid) > threshold);
  const range = sorted.length === 0 ? 0 : (sorted[sorted.length - 1] as number) - (sorted[0] as number);
  const flat = sorted.length >= 2 && range < cfg.flatRangeBelowUahMwh;
  return { capBreaches, outlierHours, flat, medianUahMwh: mid, outlierThresholdUahMwh: threshold, rangeUahMwh: range };
}

const SEVERITY: Record<RiskCheckStatus, number> = { pass: 0, forecast: 1, review: 1, block: 2 };

export function worst(a: RiskCheckStatus, b: RiskCheckStatus): RiskCheckStatus {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}

export function priceAnomalyCheck(prices: readonly number[], coverage: CoverageScan, caps: RiskCaps | null, config: RiskConfig, locale?: RiskLocale): RiskCheck {
  const cfg = config.priceAnomaly;
  const scan = scanAnomalies(prices, coverage, caps, config);
  const flagged = new Set<number>();
  let status: RiskCheckStatus = 'pass';
  const findings: string[] = [];

  const said = riskWords(locale).anomaly;
  const capsName = caps === null ? null : said.capsName(caps.decision, caps.regime);
  const confirmed = scan.capBreaches.filter((b) => b.confirmed);
  const unconfirmed = scan.capBreaches.filter((b) => !b.confirmed);
  for (const b of scan.capBreaches) flagged.add(b.hour);
  if (confirmed.length > 0) {
    status = worst(status, cfg.capViolationStatus);
    findings.push(said.confirmed(confirmed, capsName ?? ''));
  }
  if (unconfirmed.length > 0) {
    status = worst(status, cfg.unconfirmedCapStatus);
    findings.push(said.unconfirmed(unconfirmed, capsName ?? ''));
  }
  const outliers = scan.outlierHours.length;
  if (outliers >= cfg.outlierBlockAtCount) status = worst(status, 'block');
  else if (outliers >= cfg.outlierReviewAtCount) status = worst(status, 'review');
  if (outliers > 0) {
    for (const h of scan.outlierHours) flagged.add(h);
    findings.push(said.outliers(scan.outlierHours, scan.outlierThresholdUahMwh, scan.medianUahMwh, cfg.outlierReviewAtCount, cfg.outlierBlockAtCount));
  }
  if (scan.flat) {
    status = worst(status, 'review');
    coverage.valid.forEach((ok, h) => {
      if (ok) flagged.add(h);
    });
    findings.push(said.flat(scan.rangeUahMwh, cfg.flatRangeBelowUahMwh));
  }

  const detail =
    coverage.validCount === 0
      ? said.noValid()
      : findings.length === 0
        ? said.none(scan.outlierThresholdUahMwh, scan.medianUahMwh, capsName)
        : said.found(findings, capsName);
  return { id: 'priceAnomaly', status, value: flagged.size, unit: 'count', label: 'Price anomalies', detail };
}

