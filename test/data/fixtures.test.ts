import { describe, expect, it } from 'vitest';
import { formatWarnings, parsePriceBook } from '../../src/data/price-book.js';
import { hourlyPrices } from '../../src/domain/prices.js';
import { readFixture } from './helpers.js';

const DST_2022_2024 = ['27.03.2022', '30.10.2022', '26.03.2023', '29.10.2023', '31.03.2024', '27.10.2024'];

describe('the real fixtures', () => {
  const threeYears = parsePriceBook(readFixture('oree-dam-ips-2022-2024.csv'), { source: 'oree-dam-ips-2022-2024.csv' });

  it('3-year DAM file: 1 090 ordinary days and the 6 clock-change days skipped', () => {
    expect(threeYears.format).toBe('long');
    expect(Object.keys(threeYears.book)).toHaveLength(1090);
    expect(threeYears.skippedDstDays).toEqual(DST_2022_2024);
    for (const d of DST_2022_2024) expect(threeYears.book[d]).toBeUndefined();
  });

  it('3-year DAM file: dates ascending, hours 0..23 in order, values as in the file', () => {
    const dates = Object.keys(threeYears.book);
    expect(dates[0]).toBe('01.01.2022');
    expect(dates[dates.length - 1]).toBe('31.12.2024');
    for (const day of Object.values(threeYears.book)) expect(day.map((p) => p.hour)).toEqual([...Array(24).keys()]);
    expect(threeYears.book['01.01.2022']?.[0]).toEqual({ hour: 0, priceUahMwh: 1700 });
    expect(threeYears.book['01.01.2022']?.[1]).toEqual({ hour: 1, priceUahMwh: 1049.96 });
    expect(threeYears.book['31.12.2024']?.[23]).toEqual({ hour: 23, priceUahMwh: 5500 });
  });

  it('one warning line names all skipped days', () => {
    const lines = formatWarnings(threeYears);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('oree-dam-ips-2022-2024.csv');
    expect(lines[0]).toContain('skipped 6');
    for (const d of DST_2022_2024) expect(lines[0]).toContain(d);
  });

  it('operator monthly export: December 2024 read, its two DST days skipped, equal to the long file', () => {
    const export2024 = parsePriceBook(readFixture('oree-monthly-export-2024-12.csv'), { source: 'export.csv' });
    expect(export2024.format).toBe('oree');
    expect(export2024.skippedDstDays).toEqual(['31.03.2024', '27.10.2024']);
    const dates = Object.keys(export2024.book);
    expect(dates).toHaveLength(31);
    expect(dates[0]).toBe('01.12.2024');
    for (const d of dates) expect(export2024.book[d]).toEqual(threeYears.book[d]);
  });

  it('sample week: 7 ordinary days equal to the long file', () => {
    const week = parsePriceBook(readFixture('sample-week.csv'), { source: 'sample-week.csv' });
    expect(Object.keys(week.book)).toEqual(['01.12.2024', '02.12.2024', '03.12.2024', '04.12.2024', '05.12.2024', '06.12.2024', '07.12.2024']);
    expect(week.skippedDstDays).toEqual([]);
    expect(formatWarnings(week)).toEqual([]);
    for (const [d, day] of Object.entries(week.book)) expect(hourlyPrices(day)).toEqual(hourlyPrices(threeYears.book[d] ?? []));
  });
});
