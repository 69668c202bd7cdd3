/** dataSource, dataCoverage and priceAnomaly at each side of their thresholds. */
import { describe, expect, it } from 'vitest';
import { parseRiskConfig, type RiskCaps } from '../../src/engines/risk.js';
import { MAD_TO_SIGMA } from '../../src/engines/risk/anomaly.js';
import { flatWith } from './backtest-fixture.js';
import { baseInput, check, run } from './risk-helpers.js';

describe('dataSource', () => {
  const source = (sourceLabel: string, suppliedLabel: boolean, isFallbackData = false) =>
    check(run(baseInput({ sourceLabel, isFallbackData, supplied: { fee: true, degradation: true, sourceLabel: suppliedLabel } })), 'dataSource');

  it('an omitted label passes, reports the default label and says so in the marker', () => {
    const input = baseInput({ sourceLabel: 'unknown', supplied: { fee: true, degradation: true, sourceLabel: false } });
    const result = run(input);
    expect(check(result, 'dataSource')).toMatchObject({ status: 'pass', value: 'unknown', unit: 'source' });
    expect(result.markers.dataProvenanceUnavailableReason).toBe('not-supplied');
  });

  it('fallback data ask for review, with or without a label', () => {
    expect(source('unknown', false, true).status).toBe('review');
    expect(source('mktop', true, true).status).toBe('review');
    expect(source('mktop', true, true).detail).toContain('fallback');
  });

  it('a stated label naming non-production data asks for review, on whole words only', () => {
    expect(source('mktop', true).status).toBe('pass');
    expect(source('fixtures/oree-dam-ips-2022-2024.csv', true).status).toBe('review');
    expect(source('OREE FALLBACK cache', true).status).toBe('review');
    expect(source('unknown', true).status).toBe('review');
    expect(source('   ', true).status).toBe('review');
    // "latest" contains "test", "contest" too: not words of the list.
    expect(source('oree-latest', true).status).toBe('pass');
    expect(source('contested-feed', true).status).toBe('pass');
  });

  it('the word list can be replaced by config', () => {
    const config = parseRiskConfig({ dataSource: { reviewLabelWords: ['oree'] } });
    const run2 = (label: string) => check(run(baseInput({ sourceLabel: label }), config), 'dataSource').status;
    expect(run2('oree-api')).toBe('review');
    expect(run2('fixture')).toBe('pass');
  });
});

describe('dataCoverage', () => {
  const coverage = (prices: number[], extra: Parameters<typeof baseInput>[0] = {}, config = parseRiskConfig({})) =>
    check(run(baseInput({ prices, ...extra }), config), 'dataCoverage');
  const full = flatWith(1000, { 0: 1100 });

  it('a complete day passes with value 1', () => {
    expect(coverage(full)).toMatchObject({ status: 'pass', value: 1, unit: 'coverage' });
  });

  it('one gap, one duplicate or one invalid price blocks by default', () => {
    expect(coverage(flatWith(1000, { 5: Number.NaN }))).toMatchObject({ status: 'block', value: 23 / 24 });
    const missing = coverage(full, { coverage: { missingHours: [5, 6] } });
    expect(missing).toMatchObject({ status: 'block', value: 22 / 24 });
    expect(missing.detail).toContain('missing hours 5, 6');
    const dup = coverage(full, { coverage: { duplicateHours: [3] } });
    expect(dup).toMatchObject({ status: 'block', value: 23 / 24 });
    expect(dup.detail).toContain('given twice hour 3');
    expect(coverage(full.slice(0, 23)).status).toBe('block');
    expect(coverage(flatWith(1000, { 7: -5 })).status).toBe('block');
  });

  it('more than 24 points block even with every hour present', () => {
    expect(coverage([...full, 1000])).toMatchObject({ status: 'block', value: 1 });
  });

  it('a relaxed config reviews down to its block bound, inclusive', () => {
    const config = parseRiskConfig({ dataCoverage: { reviewBelowShare: 1, blockBelowShare: 22 / 24 } });
    const gaps = (n: number) => flatWith(1000, Object.fromEntries(Array.from({ length: n }, (_, i) => [i, Number.NaN])));
    expect(coverage(gaps(0), {}, config).status).toBe('pass');
    expect(coverage(gaps(1), {}, config).status).toBe('review');
    expect(coverage(gaps(2), {}, config).status).toBe('review');
    expect(coverage(gaps(3), {}, config).status).toBe('block');
  });
});

describe('priceAnomaly', () => {
  const anomaly = (prices: number[], extra: Parameters<typeof baseInput>[0] = {}, config = parseRiskConfig({})) =>
    check(run(baseInput({ prices, ...extra }), config), 'priceAnomaly');

  it('an ordinary day passes with no flagged hour', () => {
    expect(anomaly(flatWith(1000, { 0: 1100 }))).toMatchObject({ status: 'pass', value: 0, unit: 'count' });
  });

  it('the outlier floor: exactly 3,000 from the median passes, a step past it is reviewed', () => {
    // 23 hours at 1,000: median 1,000, MAD 0, so the floor of 3,000 UAH/MWh is the threshold.
    expect(anomaly(flatWith(1000, { 5: 4000 })).status).toBe('pass');
    expect(anomaly(flatWith(1000, { 5: 4000.01 }))).toMatchObject({ status: 'review', value: 1 });
  });

  it('the MAD multiple: k x 1.4826 x MAD from the median is the threshold when above the floor', () => {
    // 12 hours at 1,000, 11 at 3,000, one probe: median 2,000, MAD 1,000, threshold 5 x 1,482.6.
    const threshold = 5 * MAD_TO_SIGMA * 1000;
    const day = (probe: number) => [...new Array<number>(12).fill(1000), ...new Array<number>(11).fill(3000), probe];
    expect(anomaly(day(2000 + threshold - 0.01)).status).toBe('pass');
    const flagged = anomaly(day(2000 + threshold + 0.01));
    expect(flagged).toMatchObject({ status: 'review', value: 1 });
    expect(flagged.detail).toContain('Hour 23');
    expect(flagged.detail).toContain('7,413');
    // The median says its unit.
    expect(flagged.detail).toContain("from the day's median of 2,000 UAH/MWh");
    expect(anomaly(day(2000)).detail).toMatch(/of the day's median of [\d,.]+ UAH\/MWh, and the day is not flat/);
  });

  it('review from one outlier hour, block from nine', () => {
    const withSpikes = (n: number) => [...new Array<number>(24 - n).fill(1000), ...new Array<number>(n).fill(5000)];
    expect(anomaly(withSpikes(8))).toMatchObject({ status: 'review', value: 8 });
    expect(anomaly(withSpikes(9))).toMatchObject({ status: 'block', value: 9 });
    const strict = parseRiskConfig({ priceAnomaly: { outlierReviewAtCount: 2 } });
    expect(anomaly(withSpikes(1), {}, strict).status).toBe('pass');
    expect(anomaly(withSpikes(2), {}, strict).status).toBe('review');
  });

  it('a flat day (range below 50 UAH/MWh) is reviewed and flags every hour', () => {
    expect(anomaly(flatWith(1000, { 3: 1050 })).status).toBe('pass');
    expect(anomaly(flatWith(1000, { 3: 1049.99 }))).toMatchObject({ status: 'review', value: 24 });
    expect(anomaly(flatWith(1000)).detail).toContain('flat');
  });

  const caps: RiskCaps = {
    regime: 'RX',
    decision: 'Test Resolution 1',
    minByHour: [...new Array<number | null>(23).fill(10), null],
    maxByHour: [...new Array<number | null>(12).fill(4000), ...new Array<number | null>(12).fill(null)],
  };

  // Base 2,000 keeps the probes within the outlier threshold, so only the caps can flag them.
  it('regulator caps: at the cap or the floor passes, past them blocks', () => {
    expect(anomaly(flatWith(2000, { 2: 4000, 3: 10 }), { caps }).status).toBe('pass');
    expect(anomaly(flatWith(2000, { 2: 4000.005 }), { caps }).status).toBe('pass');
    const above = anomaly(flatWith(2000, { 2: 4000.02 }), { caps });
    expect(above).toMatchObject({ status: 'block', value: 1 });
    expect(above.detail).toContain('above the cap of 4,000');
    expect(above.detail).toContain('Test Resolution 1');
    const below = anomaly(flatWith(2000, { 4: 9.98 }), { caps });
    expect(below).toMatchObject({ status: 'block', value: 1 });
    expect(below.detail).toContain('below the floor of 10');
  });

  it('hours without a numeric cap are not compared, and no caps at all is said in words', () => {
    // Hour 23 has no floor, hours 12..23 no cap.
    expect(anomaly(flatWith(2000, { 23: 5, 15: 4900 }), { caps }).status).toBe('pass');
    expect(anomaly(flatWith(1000, { 2: 4100 })).detail).toContain('No regulator caps are known');
  });

  it('the cap breach status can be lowered to review; a breach that is also an outlier counts once', () => {
    const lenient = parseRiskConfig({ priceAnomaly: { capViolationStatus: 'review' } });
    expect(anomaly(flatWith(2000, { 2: 4100 }), { caps }, lenient).status).toBe('review');
    // 9,000 is both above the cap and 8,000 from the median of 1,000.
    expect(anomaly(flatWith(1000, { 2: 9000 }), { caps })).toMatchObject({ status: 'block', value: 1 });
    expect(anomaly(flatWith(1000, { 2: 9000 }))).toMatchObject({ status: 'review', value: 1 });
  });

  it('invalid hours are left to dataCoverage, not counted as anomalies', () => {
    expect(anomaly(flatWith(1000, { 0: 1100, 5: Number.NaN }))).toMatchObject({ status: 'pass', value: 0 });
    expect(anomaly(new Array<number>(24).fill(Number.NaN)).detail).toContain('No valid price');
  });
});
