import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthWithin, walkBook, type Level, type Side } from '../../src/engines/depth.js';

/** Brute force: expand each level into 1-MWh lots, sort all lots as the taker meets them, take one by one. */
function bruteFill(levels: readonly Level[], side: Side, size: number): { fill: number; vwap: number | null } {
  const lots: number[] = [];
  for (const l of levels) for (let k = 0; k < l.volume; k++) lots.push(l.price);
  lots.sort((a, b) => (side === 'buy' ? a - b : b - a));
  const taken = lots.slice(0, size);
  return { fill: taken.length, vwap: taken.length ? taken.reduce((s, p) => s + p, 0) / taken.length : null };
}

const level = fc.record({ price: fc.integer({ min: 0, max: 500 }), volume: fc.integer({ min: 0, max: 20 }) });

describe('walkBook', () => {
  it('equals a brute-force lot-by-lot fill on random books', () => {
    fc.assert(
      fc.property(fc.array(level, { maxLength: 12 }), fc.array(level, { maxLength: 12 }), fc.integer({ min: 1, max: 150 }), fc.constantFrom<Side>('buy', 'sell'), (sell, buy, size, side) => {
        const got = walkBook({ sell, buy }, side, size, null);
        const want = bruteFill(side === 'buy' ? sell : buy, side, size);
        expect(got.fillableMwh).toBe(want.fill);
        if (want.vwap === null) expect(got.vwap).toBeNull();
        else expect(got.vwap).toBeCloseTo(want.vwap, 9);
        expect(got.fullyFillable).toBe(want.fill === size);
        if (!got.fullyFillable) expect(got.risk).toBe('extreme');
        if (got.slippageVsBest !== null) expect(got.slippageVsBest).toBeGreaterThanOrEqual(-1e-9);
      }),
    );
  });

  it('grades slippage against documented thresholds and measures clearing slippage', () => {
    const book = { sell: [{ price: 100, volume: 10 }, { price: 103, volume: 10 }, { price: 150, volume: 10 }], buy: [{ price: 99, volume: 5 }] };
    expect(walkBook(book, 'buy', 10, 100).risk).toBe('low');
    const mid = walkBook(book, 'buy', 20, 100);
    expect(mid.vwap).toBeCloseTo(101.5, 9);
    expect(mid.risk).toBe('medium');
    expect(mid.slippageVsClearing).toBeCloseTo(1.5, 9);
    expect(walkBook(book, 'buy', 30, 100).risk).toBe('high');
    const sell = walkBook(book, 'sell', 8, 100);
    expect(sell).toMatchObject({ fillableMwh: 5, fullyFillable: false, risk: 'extreme' });
    expect(sell.slippageVsClearing).toBeCloseTo(1, 9);
  });

  it('counts depth within a band around the reference', () => {
    expect(depthWithin({ sell: [{ price: 100, volume: 3 }, { price: 106, volume: 4 }], buy: [{ price: 96, volume: 2 }, { price: 90, volume: 9 }] }, 100, 5)).toEqual({ sellMwh: 3, buyMwh: 2 });
  });
});
