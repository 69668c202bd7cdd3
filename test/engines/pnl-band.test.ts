/** The PnL band of a plan on the forecast: split-conformal on the recent days' realised − expected PnL. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIN_CALIBRATION_DAYS, calibratedPnlBand, pnlErrors } from '../../src/engines/pnl-band.js';

const day = (expectedUah: number, realisedUah: number) => ({ expectedUah, realisedUah });

describe('calibratedPnlBand', () => {
  it('is E plus the ⌊(n+1)·0.1⌋-th and ⌈(n+1)·0.9⌉-th smallest errors R − E (56 days: the 5th and the 52nd)', () => {
    // Errors −55, −53, …, +55 (step 2), given in a scrambled order.
    const days = Array.from({ length: 56 }, (_, i) => (i * 37) % 56).map((k) => day(1000, 1000 - 55 + 2 * k));
    const b = calibratedPnlBand(500, days)!;
    expect(b.days).toBe(56);
    expect(b.p10Uah).toBe(500 + (-55 + 2 * 4));
    expect(b.p90Uah).toBe(500 + (-55 + 2 * 51));
    // P(loss): the share of 500 + r below zero: none here; 30 + r < 0 for r ≤ −31: −55…−31, 13 days.
    expect(b.probabilityOfLoss).toBe(0);
    expect(calibratedPnlBand(30, days)!.probabilityOfLoss).toBeCloseTo(13 / 56, 12);
  });

  it('needs MIN_CALIBRATION_DAYS days, else null (the scenarios’ own band is used)', () => {
    const days = Array.from({ length: MIN_CALIBRATION_DAYS - 1 }, (_, i) => day(0, i));
    expect(calibratedPnlBand(0, days)).toBeNull();
    expect(calibratedPnlBand(0, [...days, day(0, 99)])).not.toBeNull();
  });

  it('covers at least 80 % of exchangeable errors: held out one at a time, the realised PnL falls inside on ≥ 47/57 of the days', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e5, max: 1e5, noNaN: true }), { minLength: 57, maxLength: 57 }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), (errors, e) => {
        // Conformal guarantee, exactly: each of the 57 errors, with the other 56 as calibration, is inside its band on ≥ 47 of them.
        let inside = 0;
        errors.forEach((x, i) => {
          const others = errors.filter((_, j) => j !== i).map((r) => day(e, e + r));
          const b = calibratedPnlBand(e, others)!;
          if (e + x >= b.p10Uah - 1e-6 && e + x <= b.p90Uah + 1e-6) inside++;
        });
        expect(inside).toBeGreaterThanOrEqual(47);
        expect(pnlErrors(errors.map((r) => day(e, e + r))).length).toBe(57);
      }),
      { numRuns: 40 },
    );
  });
});
