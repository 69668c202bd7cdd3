/**
 * Members on the caps (lear.ts LearMember.space = 'caps'): the band of the caps in force
 * (cap-breaks.ts capBand), a member that reads each price as its position inside it, and what that
 * buys after a cap change; on a market without caps such a member is left out, the others untouched.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORECAST, H, capBand, makeSeries, memberForecasts, type DailySeries, type DayCaps, type LearMember } from '../../../src/engines/forecast/index.js';

const lasso = DEFAULT_FORECAST.lear.lasso;
const dates = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10).split('-').reverse().join('.'));
const flat = (v: number) => Array.from({ length: H }, () => v);

describe('capBand: the caps in force, hour by hour', () => {
  it('carries a missing max forward, gives the days before the first full day its caps, and starts there', () => {
    const caps: (DayCaps | null)[] = [
      null,
      { min: flat(10), max: flat(Number.NaN) },
      { min: flat(100), max: [...flat(2000).slice(0, 23), Number.NaN] }, // hour 23 has no max yet
      { min: flat(100), max: flat(3000) }, // the first day with a max at every hour
      { min: flat(10), max: [...flat(5000).slice(0, 23), Number.NaN] },
      { min: flat(10), max: flat(4000).map((v, h) => (h === 0 ? 5 : v)) }, // a max below the floor
    ];
    const band = capBand((t) => caps[t] ?? null, caps.length)!;
    expect(band.from).toBe(3);
    for (const t of [0, 1, 2]) {
      expect(Array.from(band.lo.subarray(t * H, t * H + H))).toEqual(flat(100));
      expect(Array.from(band.hi.subarray(t * H, t * H + H))).toEqual(flat(3000));
    }
    expect(band.lo[4 * H]).toBe(10);
    expect(band.hi[4 * H]).toBe(5000);
    expect(band.hi[4 * H + 23]).toBe(3000); // the last max known at that hour
    expect(band.hi[5 * H]).toBe(11); // one unit above the floor: never an empty band
    expect(band.hi[5 * H + 1]).toBe(4000);
  });

  it('is null for a market without a max cap', () => {
    expect(capBand(() => null, 10)).toBeNull();
    expect(capBand(() => ({ min: flat(0.01), max: flat(Number.NaN) }), 10)).toBeNull();
  });
});

/**
 * 200 days whose prices are a fixed daily shape inside the caps, u(h) = 0.2 + 0.5·(h/23), plus
 * noise, and caps that double on day 150 (floor 100 → 200, max 2000 → 4000).
 */
function cappedSeries(): { s: DailySeries; capsOf: (t: number) => DayCaps } {
  let x = 99;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const capsOf = (t: number): DayCaps => (t < 150 ? { min: flat(100), max: flat(2000) } : { min: flat(200), max: flat(4000) });
  const n = 200;
  const prices = Array.from({ length: n }, (_, t) => {
    const c = capsOf(t);
    return Array.from({ length: H }, (_, h) => {
      const u = 0.2 + 0.5 * (h / 23) + 0.04 * (rnd() - 0.5);
      return (c.min[h] as number) + u * ((c.max[h] as number) - (c.min[h] as number));
    });
  });
  const s = makeSeries({ dates: dates(n), prices });
  s.caps = capBand(capsOf, n + 1)!;
  return { s, capsOf };
}

describe('a member on the caps', () => {
  const price: LearMember = { window: 84, transform: 'asinh' };
  const onCaps: LearMember = { ...price, space: 'caps' };

  it('follows a cap change at once, where its price twin keeps the old level', () => {
    const { s, capsOf } = cappedSeries();
    const t = 152; // two days after the caps doubled
    const [a, b] = [memberForecasts(s, t, t, { members: [onCaps], lasso }), memberForecasts(s, t, t, { members: [price], lasso })];
    let errCaps = 0;
    let errPrice = 0;
    for (let h = 0; h < H; h++) {
      const c = capsOf(t);
      const expected = (c.min[h] as number) + (0.2 + 0.5 * (h / 23)) * ((c.max[h] as number) - (c.min[h] as number));
      errCaps += Math.abs((a[h] as number) - expected);
      errPrice += Math.abs((b[h] as number) - expected);
    }
    expect(errCaps / H).toBeLessThan(60); // the noise alone is ±0.02 of a 3,800 band: ±76
    expect(errPrice / H).toBeGreaterThan(4 * (errCaps / H));
  });

  it('forecasts the day after the data with the caps of that day (the band has one day more than the prices)', () => {
    const { s, capsOf } = cappedSeries();
    const t = s.nDays;
    const out = memberForecasts(s, t, t, { members: [onCaps], lasso });
    for (let h = 0; h < H; h++) {
      const c = capsOf(t);
      expect(out[h]).toBeGreaterThan(c.min[h] as number);
      expect(out[h]).toBeLessThan(c.max[h] as number);
    }
  });

  it('never reads the caps after its day: a later cap change leaves its forecast unchanged', () => {
    const { s } = cappedSeries();
    const t = 120;
    const before = memberForecasts(s, t, t, { members: [onCaps], lasso });
    const later: DailySeries = { ...s, caps: { ...s.caps!, lo: s.caps!.lo.slice(), hi: s.caps!.hi.slice() } };
    for (let i = (t + 1) * H; i < later.caps!.hi.length; i++) later.caps!.hi[i] = 99_999;
    expect(Array.from(memberForecasts(later, t, t, { members: [onCaps], lasso }))).toEqual(Array.from(before));
    // …while the caps of the day itself move it (they are published before it).
    for (let i = t * H; i < (t + 1) * H; i++) later.caps!.hi[i] = 99_999;
    expect(Array.from(memberForecasts(later, t, t, { members: [onCaps], lasso }))).not.toEqual(Array.from(before));
  });

  it('is left out where there is no band: a market without caps, a day before the band starts', () => {
    const { s } = cappedSeries();
    const bare: DailySeries = { ...s };
    delete bare.caps;
    const both = { members: [price, onCaps], lasso };
    const out = memberForecasts(bare, 190, 191, both);
    for (const d of [0, 1]) {
      expect(Array.from(out.subarray((d * 2 + 1) * H, (d * 2 + 2) * H)).every(Number.isNaN)).toBe(true);
      // The other members are untouched, bit for bit.
      expect(Array.from(out.subarray(d * 2 * H, (d * 2 + 1) * H))).toEqual(Array.from(memberForecasts(bare, 190 + d, 190 + d, { members: [price], lasso })));
    }
    const late: DailySeries = { ...s, caps: { ...s.caps!, from: 160 } };
    expect(Array.from(memberForecasts(late, 159, 159, { members: [onCaps], lasso })).every(Number.isNaN)).toBe(true);
    expect(Array.from(memberForecasts(late, 160, 160, { members: [onCaps], lasso })).some(Number.isNaN)).toBe(false);
  });
});
