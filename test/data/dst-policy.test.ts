import { describe, expect, it } from 'vitest';
import { formatWarnings, parsePriceBook } from '../../src/data/price-book.js';
import { OREE_HEADER, WIDE_HEADER, catchSvcError, longDay, longText, price, wideRow } from './helpers.js';

// 31.03.2024 is a spring-forward day (23 periods), 27.10.2024 a fall-back day (25 periods).
const spring23 = longDay('31.03.2024').slice(0, 23);
const autumn24 = longDay('27.10.2024');
const autumn25 = [...longDay('27.10.2024'), '27.10.2024,24,999'];
const ordinary = longDay('01.04.2024');

describe('DST policy', () => {
  it('skip (default): clock-change days are dropped whatever their row count, and listed', () => {
    for (const autumn of [autumn24, autumn25]) {
      const r = parsePriceBook(longText(ordinary, spring23, autumn), { source: 'in.csv' });
      expect(Object.keys(r.book)).toEqual(['01.04.2024']);
      expect(r.skippedDstDays).toEqual(['31.03.2024', '27.10.2024']);
    }
  });

  it('a 24-row spring day is not passed on as an ordinary day either', () => {
    const r = parsePriceBook(longText(longDay('31.03.2024'), ordinary), { source: 'in.csv' });
    expect(r.book['31.03.2024']).toBeUndefined();
    expect(r.skippedDstDays).toEqual(['31.03.2024']);
  });

  it('reject: 400 validation_error with reason dst_day naming every date and its line', () => {
    const e = catchSvcError(() => parsePriceBook(longText(ordinary, spring23, autumn24), { source: 'in.csv', dst: 'reject' }));
    expect(e.code).toBe('validation_error');
    expect(e.code).toBe('validation_error');
    expect(e.reason).toBe('dst_day');
    expect(e.message).toContain('31.03.2024, 27.10.2024');
    // Each issue names its place, not the file again (the message names it once).
    expect(e.issues).toEqual([
      { path: 'in.csv:26', message: 'line 26: 31.03.2024 is the Europe/Kyiv spring-forward day (23 settlement periods), which a 24-hour PriceDay cannot hold' },
      { path: 'in.csv:49', message: 'line 49: 27.10.2024 is the Europe/Kyiv fall-back day (25 settlement periods), which a 24-hour PriceDay cannot hold' },
    ]);
  });

  it('reject with a range (dstRange) judges only the clock-change days inside it; its hint names the door\'s words', () => {
    const text = longText(spring23, ordinary, autumn24);
    const r = parsePriceBook(text, { source: 'in.csv', dst: 'reject', dstRange: { from: '01.04.2024', to: '30.04.2024' } });
    expect(Object.keys(r.book)).toEqual(['01.04.2024']);
    const e = catchSvcError(() => parsePriceBook(text, { source: 'in.csv', dst: 'reject', dstRange: { from: '01.04.2024' }, dstSkipHint: '--dst skip' }));
    expect(e.message).toBe('in.csv: Europe/Kyiv clock-change day 27.10.2024 cannot be read as a 24-hour day (DST policy "reject"); remove it or read with --dst skip');
  });

  it('reject with no clock-change day reads normally', () => {
    const r = parsePriceBook(longText(ordinary), { source: 'in.csv', dst: 'reject' });
    expect(Object.keys(r.book)).toEqual(['01.04.2024']);
  });

  it('wide and operator layouts: the spring day with an empty 24th field is skipped', () => {
    const springCells = Array.from({ length: 24 }, (_, h) => (h === 23 ? '' : String(price(h))));
    const wide = parsePriceBook([WIDE_HEADER, wideRow('31.03.2024', springCells), wideRow('01.04.2024')].join('\n'), { source: 'w' });
    expect(Object.keys(wide.book)).toEqual(['01.04.2024']);
    expect(wide.skippedDstDays).toEqual(['31.03.2024']);
    const oree = parsePriceBook([OREE_HEADER, `31.03.2024;${springCells.join(';')}`, `27.10.2024;${springCells.map(() => '5').join(';')}`].join('\n'), { source: 'o' });
    expect(oree.book).toEqual({});
    expect(oree.skippedDstDays).toEqual(['31.03.2024', '27.10.2024']);
    expect(formatWarnings(oree)).toEqual([expect.stringContaining('skipped 2 Europe/Kyiv clock-change days')]);
  });

  it('JSON: a clock-change key is skipped even with 23 points, or rejected', () => {
    const points = (n: number) => Array.from({ length: n }, (_, h) => ({ hour: h, priceUahMwh: 1 }));
    const text = JSON.stringify({ '31.03.2024': points(23), '01.04.2024': points(24) });
    const r = parsePriceBook(text, { source: 'j' });
    expect(Object.keys(r.book)).toEqual(['01.04.2024']);
    expect(r.skippedDstDays).toEqual(['31.03.2024']);
    const e = catchSvcError(() => parsePriceBook(text, { source: 'j', dst: 'reject' }));
    expect(e.reason).toBe('dst_day');
    expect(e.issues[0]).toEqual({ path: 'j:31.03.2024', message: '["31.03.2024"]: 31.03.2024 is the Europe/Kyiv spring-forward day (23 settlement periods), which a 24-hour PriceDay cannot hold' });
  });

  it('syntax errors on a clock-change day are still reported', () => {
    const bad = spring23.map((row, h) => (h === 2 ? '31.03.2024,2,abc' : row));
    const e = catchSvcError(() => parsePriceBook(longText(ordinary, bad), { source: 'in.csv' }));
    expect(e.issues[0]?.path).toBe('in.csv:28:price_uah_mwh');
  });
});
