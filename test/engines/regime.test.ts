import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyRegime, derivedBasisEurMwh, REGIME_ORDER } from '../../src/engines/regime.js';

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

describe('classifyRegime', () => {
  it('is monotone in the basis: a higher basis never gives a less scarce regime', () => {
    fc.assert(
      fc.property(finite(-5000, 5000), finite(-500, 500), finite(0, 300), (netImportMw, basis, delta) => {
        const low = classifyRegime({ netImportMw, basisEurMwh: basis });
        const high = classifyRegime({ netImportMw, basisEurMwh: basis + delta });
        expect(REGIME_ORDER[high.regime]).toBeGreaterThanOrEqual(REGIME_ORDER[low.regime]);
      }),
    );
  });

  it('is monotone in the net import position', () => {
    fc.assert(
      fc.property(finite(-5000, 5000), finite(-500, 500), finite(0, 3000), (net, basis, delta) => {
        expect(REGIME_ORDER[classifyRegime({ netImportMw: net + delta, basisEurMwh: basis }).regime]).toBeGreaterThanOrEqual(
          REGIME_ORDER[classifyRegime({ netImportMw: net, basisEurMwh: basis }).regime],
        );
      }),
    );
  });

  it('same inputs, same answer', () => {
    fc.assert(
      fc.property(finite(-5000, 5000), finite(-500, 500), (net, basis) => {
        expect(classifyRegime({ netImportMw: net, basisEurMwh: basis })).toEqual(classifyRegime({ netImportMw: net, basisEurMwh: basis }));
      }),
    );
  });

  it('reaches every regime and labels level and direction', () => {
    expect(classifyRegime({ netImportMw: 1500, basisEurMwh: 30 })).toMatchObject({ regime: 'scarce', basisLevel: 'high', flowDirection: 'import' });
    expect(classifyRegime({ netImportMw: 0, basisEurMwh: 0 })).toMatchObject({ regime: 'balanced', basisLevel: 'neutral', flowDirection: 'balanced' });
    expect(classifyRegime({ netImportMw: -800, basisEurMwh: -20 })).toMatchObject({ regime: 'surplus', basisLevel: 'low', flowDirection: 'export' });
  });

  it('without flow data scores the basis alone and names no direction', () => {
    expect(classifyRegime({ netImportMw: null, basisEurMwh: 30 })).toMatchObject({ regime: 'scarce', score: 1.2, flowDirection: null });
    expect(classifyRegime({ netImportMw: null, basisEurMwh: 3 })).toMatchObject({ regime: 'balanced', flowDirection: null });
    fc.assert(fc.property(finite(-500, 500), (basis) => Math.abs(classifyRegime({ netImportMw: null, basisEurMwh: basis }).score - basis / 25) < 1e-12));
  });

  it('derives the basis from a UAH price at the official rate', () => {
    expect(derivedBasisEurMwh(4000, 40, 90)).toBeCloseTo(10, 12);
  });
});
