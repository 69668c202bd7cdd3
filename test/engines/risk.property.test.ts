/** Properties of buildRiskReport over random days, plans, gaps, labels and configs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RiskGuardrailReport } from '../../src/domain/plans.js';
import { parseRiskConfig } from '../../src/engines/risk.js';
import { plannedInput, run } from './risk-helpers.js';

const price = fc.oneof(fc.integer({ min: 0, max: 15_000 }), fc.double({ min: 0, max: 15_000, noNaN: true }));
const prices = fc.array(price, { minLength: 24, maxLength: 24 });
const supplied = fc.record({ fee: fc.boolean(), degradation: fc.boolean(), sourceLabel: fc.boolean() });
const ORDER = ['dataSource', 'dataCoverage', 'priceAnomaly', 'tradeConcentration', 'cashExposure', 'bessCycles', 'humanApproval'];

describe('buildRiskReport properties', () => {
  it('the report is always well formed and its status, counts and score follow its checks', () => {
    fc.assert(
      fc.property(
        prices,
        fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 4 }),
        supplied,
        fc.boolean(),
        fc.constantFrom('mktop', 'fixture-week', 'oree cache', 'unknown'),
        (p, gaps, sup, fallback, label) => {
          // Plans come from the full day; the gaps then reach the report as a raw reader would report them.
          const input = plannedInput(p, { supplied: sup, isFallbackData: fallback, sourceLabel: label, coverage: { missingHours: gaps } });
          const { report, markers } = run(input);
          expect(RiskGuardrailReport.safeParse(report).success).toBe(true);
          expect(report.checks.map((c) => c.id)).toEqual(ORDER);
          const reviews = report.checks.filter((c) => c.status === 'review').length;
          const blocks = report.checks.filter((c) => c.status === 'block').length;
          expect(report.reviewCount).toBe(reviews);
          expect(report.blockCount).toBe(blocks);
          expect(report.overallStatus).toBe(blocks > 0 ? 'blocked' : reviews > 0 ? 'needsReview' : 'ready');
          expect(report.score).toBe(Math.max(0, 100 - 15 * reviews - 40 * blocks));
          const coverage = report.checks[1];
          expect(coverage?.value).toBe((24 - gaps.length) / 24);
          expect(coverage?.status).toBe(gaps.length > 0 ? 'block' : 'pass');
          expect(report.checks[6]).toMatchObject({ status: 'pass', value: 'required' });
          expect(report.checks[5]?.status).toBe('pass');
          expect(markers.dataProvenanceUnavailableReason === null).toBe(sup.sourceLabel);
          const anomalies = report.checks[2]?.value as number;
          expect(anomalies).toBeGreaterThanOrEqual(0);
          expect(anomalies).toBeLessThanOrEqual(24 - gaps.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('looser limits never make a check stricter', () => {
    const strict = parseRiskConfig({ cashExposure: { reviewAboveUah: 1000, blockAboveUah: 5000 }, tradeConcentration: { reviewShareAtOrAbove: 0.3 } });
    const loose = parseRiskConfig({ cashExposure: { reviewAboveUah: 5000, blockAboveUah: 20000 }, tradeConcentration: { reviewShareAtOrAbove: 0.9 } });
    const rank = { pass: 0, forecast: 1, review: 1, block: 2 } as const;
    fc.assert(
      fc.property(prices, (p) => {
        const input = plannedInput(p);
        const a = run(input, strict).report;
        const b = run(input, loose).report;
        a.checks.forEach((c, i) => expect(rank[b.checks[i]?.status ?? 'pass']).toBeLessThanOrEqual(rank[c.status]));
        expect(b.score).toBeGreaterThanOrEqual(a.score);
      }),
      { numRuns: 150 },
    );
  });
});
