import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKyivDstTransitionDay } from '../../src/data/dst.js';
import { parsePriceBook } from '../../src/data/price-book.js';
import { writeLongCsv, writePriceBookJson, writeWideCsv } from '../../src/data/write.js';
import { formatTradeDate } from '../../src/domain/common.js';
import { toPriceDay, type PriceBook } from '../../src/domain/prices.js';
import { OREE_HEADER } from './helpers.js';

const DAY_MS = 86_400_000;
/** Real calendar dates 1900..2199 (4-digit years), never a Kyiv clock-change day. */
const tradeDate = fc
  .integer({ min: Date.UTC(1900, 0, 1) / DAY_MS, max: Date.UTC(2199, 11, 31) / DAY_MS })
  .map((d) => formatTradeDate(new Date(d * DAY_MS)))
  .filter((d) => !isKyivDstTransitionDay(d));

// -0 is not a price anyone writes; readers store it as 0, so the generator does too.
const plusZero = (p: number): number => (p === 0 ? 0 : p);
// Every double a reader accepts: 0..1,000,000 UAH/MWh (src/domain/bounds.ts), tiny ones included.
const anyPrice = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }),
  fc.integer({ min: 0, max: 2_000_000 }).map((c) => c / 100),
  fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }).map(plusZero),
  fc.double({ min: 0, max: 1e-6, noNaN: true, noDefaultInfinity: true }).map(plusZero),
  fc.constantFrom(0, 0.1 + 0.2, 1e6, 999_999.999_999_999_9, 5e-324),
);

const bookOf = (price: fc.Arbitrary<number>): fc.Arbitrary<PriceBook> =>
  fc.uniqueArray(fc.tuple(tradeDate, fc.array(price, { minLength: 24, maxLength: 24 })), { minLength: 1, maxLength: 12, selector: ([d]) => d }).map((days) => {
    const book: PriceBook = {};
    for (const [date, prices] of [...days].sort(([a], [b]) => (a.split('.').reverse().join('') < b.split('.').reverse().join('') ? -1 : 1))) {
      book[date] = toPriceDay(prices);
    }
    return book;
  });

describe('write then read gives back the same book', () => {
  const writers = { long: writeLongCsv, wide: writeWideCsv, json: writePriceBookJson } as const;
  for (const [format, write] of Object.entries(writers)) {
    it(`${format}`, () => {
      fc.assert(
        fc.property(bookOf(anyPrice), (book) => {
          const read = parsePriceBook(write(book), { source: `roundtrip.${format}` });
          expect(read.format).toBe(format);
          expect(read.skippedDstDays).toEqual([]);
          expect(read.book).toEqual(book);
          // Key order too: dates ascending.
          expect(Object.keys(read.book)).toEqual(Object.keys(book));
        }),
        { numRuns: 150 },
      );
    });
  }

  it('operator export with random decimal marks and thousands separators reads the cents exactly', () => {
    const cents = fc.integer({ min: 0, max: 1_500_000 });
    const style = fc.record({ comma: fc.boolean(), sep: fc.constantFrom('', ' ', '\u00A0', '\u202F'), crlf: fc.boolean(), bom: fc.boolean() });
    fc.assert(
      fc.property(bookOf(cents.map((c) => c / 100)), style, (book, s) => {
        const fmt = (p: number): string => {
          const [int = '0', frac] = p.toFixed(2).split('.');
          const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, s.sep);
          return frac === '00' ? grouped : `${grouped}${s.comma ? ',' : '.'}${frac}`;
        };
        const rows = Object.entries(book).map(([d, day]) => [d, ...day.map((p) => fmt(p.priceUahMwh))].join(';'));
        const eol = s.crlf ? '\r\n' : '\n';
        const text = `${s.bom ? '\uFEFF' : ''}${OREE_HEADER}${eol}${rows.join(eol)}${eol}`;
        expect(parsePriceBook(text, { source: 'export.csv' }).book).toEqual(book);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the long-CSV fast path', () => {
  it('reads any plain decimal text as exactly the double Number() gives', () => {
    const decimal = fc
      .tuple(fc.stringMatching(/^\d{1,6}$/), fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }))
      .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 24, maxLength: 24 }), (texts) => {
        const rows = texts.map((t, h) => `01.01.2024,${h},${t}`);
        const read = parsePriceBook(['date,hour,price', ...rows].join('\n'), { source: 'x' });
        expect(read.book['01.01.2024']?.map((p) => p.priceUahMwh)).toEqual(texts.map(Number));
      }),
      { numRuns: 300 },
    );
  });
});

describe('writers', () => {
  const book: PriceBook = {
    '02.01.2024': toPriceDay(Array.from({ length: 24 }, (_, h) => h + 0.125)),
    '01.01.2024': toPriceDay(Array.from({ length: 24 }, (_, h) => 1e21 * h)),
  };

  it('write dates ascending, the spec header, exact numbers, LF', () => {
    const long = writeLongCsv(book).split('\n');
    expect(long[0]).toBe('date,hour,price_uah_mwh');
    expect(long[1]).toBe('01.01.2024,0,0');
    expect(long[2]).toBe('01.01.2024,1,1e+21');
    expect(long[25]).toBe('02.01.2024,0,0.125');
    expect(long).toHaveLength(24 * 2 + 2);
    const wide = writeWideCsv(book).split('\n');
    expect(wide[0]).toBe(['date', ...Array.from({ length: 24 }, (_, h) => `h${h}`)].join(','));
    expect(wide[2]?.startsWith('02.01.2024,0.125,1.125,')).toBe(true);
    const json = writePriceBookJson(book);
    expect(Object.keys(JSON.parse(json) as object)).toEqual(['01.01.2024', '02.01.2024']);
    expect(json.split('\n')).toHaveLength(2 + 2 + 1);
    expect(writePriceBookJson({})).toBe('{}\n');
  });
});
