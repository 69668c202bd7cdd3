import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dot, dot4 } from '../../../src/engines/forecast/gram.js';

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
});
