import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dot, dot4, gramMatrix, hourCorrelations } from '../../../src/engines/forecast/gram.js';

describe('the Gram kernels', () => {
  it('dot4 gives the bits of four separate dot calls, odd and even lengths, columns anywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 41 }), fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 6 * 41, maxLength: 6 * 41 }), fc.array(fc.nat(5), { minLength: 5, maxLength: 5 }), (n, values, cols) => {
        const x = Float64Array.from(values);
        const [a, b, c, d, e] = cols.map((k) => k * n) as [number, number, number, number, number];
        const quad = new Float64Array(4);
        dot4(x, a, x, b, c, d, e, n, quad);
        expect(Array.from(quad)).toEqual([b, c, d, e].map((o) => dot(x, a, x, o, n)));
      }),
      { numRuns: 200 },
    );
  });

  it('gramMatrix and hourCorrelations give each entry the bits of its own dot call, 0 at a constant column', () => {
    const [n, p] = [13, 7];
    const x = Float64Array.from({ length: n * p }, (_, i) => Math.sin(i * 1.7) * 100);
    const y = Float64Array.from({ length: n * 24 }, (_, i) => Math.cos(i * 0.3) * 50);
    const diag = Float64Array.from({ length: p }, (_, j) => (j === 5 ? 0 : 1));
    const g = new Float64Array(p * p);
    const qAll = new Float64Array(24 * p).fill(Number.NaN);
    const quad = new Float64Array(4);
    gramMatrix(x, n, p, diag, g, quad);
    hourCorrelations(x, y, n, p, diag, qAll, quad);
    for (let a = 0; a < p; a++) {
      for (let b = 0; b < p; b++) expect(g[a * p + b]).toBe(diag[a] === 0 || diag[b] === 0 ? 0 : dot(x, a * n, x, b * n, n) / n);
      for (let h = 0; h < 24; h++) expect(qAll[h * p + a]).toBe(diag[a] === 0 ? 0 : dot(x, a * n, y, h * n, n) / n);
    }
  });
});
