/**
 * Books as they come (issue 34 item 7): long CSVs whose hours run 1..24, with extra columns, with a
 * `period` column, and svc's own forecast CSV read back as a book of its p50.
 */
import { describe, expect, it } from 'vitest';
import { formatWarnings, parsePriceBook } from '../../src/data/price-book.js';
import { loadPriceBook } from '../../src/data/load.js';
import { hourlyPrices } from '../../src/domain/prices.js';
import { LONG_HEADER, catchSvcError, fixture, longDay, longText, price, readFixture } from './helpers.js';

const expected = Array.from({ length: 24 }, (_, h) => price(h));
/** The same days numbered 1..24. */
const fromOne = (date: string) => longDay(date, (h) => `${date},${h + 1},${price(h)}`);
const oneBased = longText(fromOne('01.01.2024'), fromOne('02.01.2024'));

describe('hours numbered 1..24', () => {
  it('by default (0..23) such a book fails in one line that names --hour-base, not one error per row', () => {
    const e = catchSvcError(() => parsePriceBook(oneBased, { source: 'in' }));
    expect(e.issues).toHaveLength(1);
    expect(e.message).toBe('in: line 1: the hour column has no hour 0 and has an hour 24: the hours look numbered 1..24; --hour-base 1 reads them so (1 = 00:00-01:00), --hour-base auto finds the numbering');
  });

  it('--hour-base 1 reads hour n as n - 1, the same book as its 0..23 form, with no note', () => {
    const r = parsePriceBook(oneBased, { source: 'in', hourBase: 1 });
    expect(r.book).toEqual(parsePriceBook(longText(longDay('01.01.2024'), longDay('02.01.2024')), { source: 'in' }).book);
    expect(hourlyPrices(r.book['02.01.2024'] ?? [])).toEqual(expected);
    expect(r.notes).toEqual([]);
  });

  it('--hour-base 1 refuses an hour 0, saying how to read 0..23', () => {
    const e = catchSvcError(() => parsePriceBook(longText(longDay('01.01.2024')), { source: 'in', hourBase: 1 }));
    expect(e.issues[0]).toEqual({ path: 'in:2:hour', message: 'line 2, field hour: expected an hour 1..24, found "0" (hours are read as 1..24, 1 = 00:00-01:00; --hour-base 0 reads a book numbered 0..23)' });
  });

  it('--hour-base auto finds either numbering and says which on stderr (one note)', () => {
    const one = parsePriceBook(oneBased, { source: 'in', hourBase: 'auto' });
    expect(hourlyPrices(one.book['01.01.2024'] ?? [])).toEqual(expected);
    expect(formatWarnings(one)).toEqual(['in: hours numbered 1..24 (no hour 0, an hour 24): read as 1 = 00:00-01:00 ... 24 = 23:00-24:00']);
    const zero = parsePriceBook(longText(longDay('01.01.2024')), { source: 'in', hourBase: 'auto' });
    expect(hourlyPrices(zero.book['01.01.2024'] ?? [])).toEqual(expected);
    expect(formatWarnings(zero)).toEqual(['in: hours numbered 0..23: read as 0 = 00:00-01:00 ... 23 = 23:00-24:00']);
  });

  it('auto on a 0..23 book with a stray 24 stays 0..23 and reports the row', () => {
    const rows = longDay('01.01.2024').map((r, h) => (h === 5 ? '01.01.2024,24,5' : r));
    const e = catchSvcError(() => parsePriceBook(longText(rows), { source: 'in', hourBase: 'auto' }));
    expect(e.issues.map((i) => i.path)).toContain('in:7:hour');
  });

  it('the quoted path (csv-parse) reads 1..24 too', () => {
    const rows = longDay('01.01.2024', (h) => `"01.01.2024","${h + 1}","${price(h)}"`);
    expect(hourlyPrices(parsePriceBook(longText(rows), { source: 'in', hourBase: 1 }).book['01.01.2024'] ?? [])).toEqual(expected);
  });
});

describe('extra columns', () => {
  it('a volume column is ignored, named in one warning line; the columns may come in any order', () => {
    const text = ['hour,volume_mwh,date,price_uah_mwh', ...Array.from({ length: 24 }, (_, h) => `${h},${2000 + h},01.01.2024,${price(h)}`)].join('\n');
    const r = parsePriceBook(text, { source: 'in' });
    expect(hourlyPrices(r.book['01.01.2024'] ?? [])).toEqual(expected);
    expect(r.forecast).toBe(false);
    expect(formatWarnings(r)).toEqual(['in: ignored column volume_mwh (only date, hour, price_uah_mwh are read)']);
  });

  it('a row with a missing cell still fails, naming every column of the header', () => {
    const text = [`${LONG_HEADER},volume`, ...longDay('01.01.2024', (h) => (h === 3 ? `01.01.2024,3,${price(3)}` : `01.01.2024,${h},${price(h)},1`))].join('\n');
    expect(catchSvcError(() => parsePriceBook(text, { source: 'in' })).issues[0]?.message).toBe(`line 5: expected 4 fields (date,hour,price_uah_mwh,volume), found 3: "01.01.2024,3,${price(3)}"`);
  });

  it('the operator sample with a `period` column (1..24) and volumes reads as a book: periods are hours + 1, volumes ignored', async () => {
    const r = await loadPriceBook(fixture('oree-dam-volumes-sample-2024.csv'), { source: 'volumes' });
    expect(Object.keys(r.book)).toEqual(['01.12.2024', '02.12.2024', '03.12.2024']);
    expect(r.skippedDstDays).toEqual(['31.03.2024', '27.10.2024']);
    const first = readFixture('oree-dam-volumes-sample-2024.csv').split('\n').find((l) => l.startsWith('01.12.2024,1,'));
    expect(r.book['01.12.2024']?.[0]).toEqual({ hour: 0, priceUahMwh: Number(first?.split(',')[2]) });
    expect(r.notes).toEqual(['ignored column volume_mwh (only date, period, price_uah_mwh are read)']);
  });

  it('a long header with no price column is refused, saying which columns it reads', () => {
    expect(catchSvcError(() => parsePriceBook('date,hour,volume\n01.01.2024,0,5\n', { source: 'in' })).message).toContain('has no price column');
  });
});

describe("svc's own forecast CSV", () => {
  it('reads as a book of its p50, marked as a forecast, with one warning line', async () => {
    const r = await loadPriceBook(fixture('svc-forecast-2025-01-01.csv'), { source: 'forecast.csv' });
    const p50 = readFixture('svc-forecast-2025-01-01.csv').trim().split('\n').slice(1).map((l) => Number(l.split(',')[3]));
    expect(hourlyPrices(r.book['01.01.2025'] ?? [])).toEqual(p50);
    expect(r.forecast).toBe(true);
    expect(formatWarnings(r)).toEqual([
      'forecast.csv: svc forecast output: its p50 column is read as the prices (a forecast, not market prices); ignored p10, p90, actual, maxCap, pMaxCap, minCap, pMinCap',
    ]);
  });

  it('a market book is not marked as a forecast', () => {
    expect(parsePriceBook(longText(longDay('01.01.2024')), { source: 'in' }).forecast).toBe(false);
  });
});
