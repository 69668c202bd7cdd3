import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dot, dot2, dot4 } from '../../../src/engines/forecast/gram.js';

describe('the Gram kernels', () => {
  it('dot2 and dot4 give the bits of separate dot calls, odd and even lengths, columns anywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 41 }), fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 6 * 41, maxLength: 6 * 41 }), fc.array(fc.nat(5), { minLength: 5, maxLength: 5 }), (n, values, cols) => {
        const x = Float64Array.from(values);
        const [a, b, c, d, e] = cols.map((k) => k * n) as [number, number, number, number, number];
        const pair = new Float64Array(2);
        const quad = new Float64Array(4);
        dot2(x, a, b, c, n, pair);
        expect([pair[0], pair[1]]).toEqual([dot(x, a, x, b, n), dot(x, a, x, c, n)]);
        dot4(x, a, x, b, c, d, e, n, quad);
        expect(Array.from(quad)).toEqual([b, c, d, e].map((o) => dot(x, a, x, o, n)));
      }),
      { numRuns: 200 },
    );
  });
});
