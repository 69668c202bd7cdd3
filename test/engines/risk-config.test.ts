/** RiskConfig: defaults, partial overrides, rejected keys and values. */
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { DEFAULT_RISK_CONFIG, RiskConfig, parseRiskConfig } from '../../src/engines/risk.js';

describe('RiskConfig', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_RISK_CONFIG).toEqual({
      dataSource: { reviewLabelWords: ['fixture', 'fallback', 'sample', 'synthetic', 'demo', 'mock', 'test', 'stub', 'placeholder', 'unknown'] },
      dataCoverage: { reviewBelowShare: 1, blockBelowShare: 1 },
      priceAnomaly: {
        capToleranceUahMwh: 0.01,
        capViolationStatus: 'block',
        unconfirmedCapStatus: 'review',
        outlierMadMultiple: 5,
        outlierFloorUahMwh: 3000,
        outlierReviewAtCount: 1,
        outlierBlockAtCount: 9,
        flatRangeBelowUahMwh: 50,
      },
      tradeConcentration: { reviewShareAtOrAbove: 0.6 },
      cashExposure: { reviewAboveUah: 1_000_000, blockAboveUah: 5_000_000 },
      bessCycles: { toleranceCycles: 1e-9 },
      score: { reviewPenalty: 15, blockPenalty: 40 },
    });
    expect(parseRiskConfig(undefined)).toEqual(DEFAULT_RISK_CONFIG);
  });

  it('a partial object overrides only what it names', () => {
    const config = parseRiskConfig({ cashExposure: { blockAboveUah: 9e6 }, priceAnomaly: { outlierFloorUahMwh: 2500 } });
    expect(config.cashExposure).toEqual({ reviewAboveUah: 1_000_000, blockAboveUah: 9e6 });
    expect(config.priceAnomaly.outlierFloorUahMwh).toBe(2500);
    expect(config.priceAnomaly.outlierMadMultiple).toBe(5);
    expect(config.score).toEqual(DEFAULT_RISK_CONFIG.score);
  });

  it('rejects an unknown key, so a misspelt threshold cannot fall back silently', () => {
    expect(RiskConfig.safeParse({ cashExposure: { reviewAbove: 5 } }).success).toBe(false);
    expect(RiskConfig.safeParse({ cashExposures: {} }).success).toBe(false);
  });

  it('rejects inconsistent bounds with the failing path', () => {
    const cases: [unknown, string][] = [
      [{ cashExposure: { reviewAboveUah: 6e6 } }, 'riskConfig.cashExposure.reviewAboveUah'],
      [{ dataCoverage: { blockBelowShare: 1, reviewBelowShare: 0.9 } }, 'riskConfig.dataCoverage.blockBelowShare'],
      [{ priceAnomaly: { outlierReviewAtCount: 10 } }, 'riskConfig.priceAnomaly.outlierReviewAtCount'],
      [{ tradeConcentration: { reviewShareAtOrAbove: 1.5 } }, 'riskConfig.tradeConcentration.reviewShareAtOrAbove'],
      [{ priceAnomaly: { capViolationStatus: 'pass' } }, 'riskConfig.priceAnomaly.capViolationStatus'],
      [{ dataSource: { reviewLabelWords: ['two words'] } }, 'riskConfig.dataSource.reviewLabelWords.0'],
    ];
    for (const [input, path] of cases) {
      let error: unknown;
      try {
        parseRiskConfig(input);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SvcError);
      expect((error as SvcError).code).toBe('validation_error');
      expect((error as SvcError).issues.map((i) => i.path)).toContain(path);
    }
  });

  it('names a custom prefix for the CLI flag', () => {
    expect(() => parseRiskConfig({ score: { blockPenalty: -1 } }, '--risk-config')).toThrow(/--risk-config\.score\.blockPenalty/);
  });
});
