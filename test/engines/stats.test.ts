import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PEAK_HOURS, aggregateStats, dayStats, isPeakHour, hourlyBookStats } from '../../src/engines/stats.js';
import { SvcError } from '../../src/domain/errors.js';

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
// 01.12.2024 of the fixture (OREE DAM, IPS), hours 0..23.
const dec1 = [5535, 5500, 5500, 5500, 5350, 5350, 5350, 5906, 5480, 5998, 6835.12, 5542.18, 5538.01, 5538.65, 5563.93, 5500, 5552.37, 8300, 8450, 8880, 8953.96, 9000, 8950.99, 6830];

describe('dayStats', () => {
  it('peak hours are 8..19 (08:00-20:00), off-peak the other 12', () => {
    expect(PEAK_HOURS).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(isPeakHour(7)).toBe(false);
    expect(isPeakHour(8)).toBe(true);
    expect(isPeakHour(19)).toBe(true);
    expect(isPeakHour(20)).toBe(false);
  });

  it('a real day: base, peak, off-peak, min, max', () => {
    const s = dayStats(dec1);
    expect(s.base).toBeCloseTo(mean(dec1), 9);
    expect(s.peak).toBeCloseTo(mean(dec1.slice(8, 20)), 9);
    expect(s.offPeak).toBeCloseTo(mean([...dec1.slice(0, 8), ...dec1.slice(20)]), 9);
    expect(s.peak).toBeCloseTo(6431.5216666667, 6);
    expect(s.min).toBe(5350);
    expect(s.max).toBe(9000);
  });

  it('a step profile separates peak from off-peak exactly', () => {
    const prices = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 20 ? 300 : 100));
    expect(dayStats(prices)).toEqual({ base: 200, peak: 300, offPeak: 100, min: 100, max: 300 });
  });

  it('rejects a day without 24 finite prices', () => {
    expect(() => dayStats(dec1.slice(1))).toThrow(SvcError);
    expect(() => dayStats(dec1.slice(1))).toThrow('prices: expected 24 hourly prices, found 23');
    expect(() => dayStats(dec1.map((p, h) => (h === 3 ? Number.NaN : p)))).toThrow('prices.3: expected a finite price, found NaN');
  });
});

describe('aggregateStats', () => {
  const day = fc.array(fc.double({ min: 0, max: 20_000, noNaN: true }), { minLength: 24, maxLength: 24 });

  it('is null for no day, and equals dayStats for one day', () => {
    expect(aggregateStats([])).toBeNull();
    expect(aggregateStats([dec1])).toEqual({ days: 1, ...dayStats(dec1) });
  });

  it('over many days: means of the daily means, min of mins, max of maxes, ordered min <= off-peak/peak <= max', () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 30 }), (days) => {
        const total = aggregateStats(days);
        const daily = days.map(dayStats);
        expect(total?.days).toBe(days.length);
        expect(total?.base).toBeCloseTo(mean(daily.map((d) => d.base)), 6);
        expect(total?.peak).toBeCloseTo(mean(daily.map((d) => d.peak)), 6);
        expect(total?.offPeak).toBeCloseTo(mean(daily.map((d) => d.offPeak)), 6);
        expect(total?.min).toBe(Math.min(...daily.map((d) => d.min)));
        expect(total?.max).toBe(Math.max(...daily.map((d) => d.max)));
        for (const s of [total, ...daily]) {
          if (!s) throw new Error('no stats');
          for (const v of [s.base, s.peak, s.offPeak]) {
            expect(v).toBeGreaterThanOrEqual(s.min - 1e-9);
            expect(v).toBeLessThanOrEqual(s.max + 1e-9);
          }
          expect(s.base).toBeCloseTo((s.peak + s.offPeak) / 2, 6);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('names the failing day', () => {
    expect(() => aggregateStats([dec1, dec1.slice(2)])).toThrow('days.1: expected 24 hourly prices, found 22');
  });
});

describe('hourlyBookStats', () => {
  it('one row per day in date order and the total', () => {
    const flat = Array.from({ length: 24 }, () => 50);
    const r = hourlyBookStats({ '02.12.2024': flat, '01.12.2024': dec1 });
    expect(r.daily.map((d) => d.tradeDate)).toEqual(['01.12.2024', '02.12.2024']);
    expect(r.daily[1]).toEqual({ tradeDate: '02.12.2024', base: 50, peak: 50, offPeak: 50, min: 50, max: 50 });
    expect(r.total?.min).toBe(50);
    expect(r.total?.max).toBe(9000);
    expect(hourlyBookStats({}).total).toBeNull();
  });
});
