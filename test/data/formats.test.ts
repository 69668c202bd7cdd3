import { describe, expect, it } from 'vitest';
import { parsePriceBook } from '../../src/data/price-book.js';
import { hourlyPrices } from '../../src/domain/prices.js';
import { LONG_HEADER, OREE_HEADER, WIDE_HEADER, catchSvcError, longDay, longText, price, wideRow } from './helpers.js';

const expected = Array.from({ length: 24 }, (_, h) => price(h));
const read = (text: string, hourBase: 0 | 1 = 0) => parsePriceBook(text, { source: 'in', hourBase });

describe('format detection and reading', () => {
  it('long CSV, also with the short header date,hour,price, any row order', () => {
    const rows = [...longDay('02.01.2024'), ...longDay('01.01.2024')].reverse();
    for (const header of [LONG_HEADER, 'date,hour,price', ' Date , Hour , Price_UAH_MWh ']) {
      const r = read([header, ...rows].join('\n'));
      expect(r.format).toBe('long');
      expect(Object.keys(r.book)).toEqual(['01.01.2024', '02.01.2024']);
      expect(r.book['02.01.2024']?.map((p) => p.hour)).toEqual([...Array(24).keys()]);
      expect(hourlyPrices(r.book['01.01.2024'] ?? [])).toEqual(expected);
    }
  });

  it('long CSV with BOM, CRLF, blank lines, spaces around fields and exponents', () => {
    const rows = longDay('01.01.2024', (h) => (h === 5 ? ` 01.01.2024 , 5 , ${price(5) / 1000}e3 ` : `01.01.2024,${h},${price(h)}`));
    const text = `\uFEFF\r\n${LONG_HEADER}\r\n${rows.slice(0, 10).join('\r\n')}\r\n\r\n${rows.slice(10).join('\r\n')}`;
    const r = read(text);
    expect(hourlyPrices(r.book['01.01.2024'] ?? [])).toEqual(expected);
  });

  it('long CSV with quoted fields goes through csv-parse and reads the same', () => {
    const rows = longDay('01.01.2024', (h) => `"01.01.2024","${h}","${price(h)}"`);
    expect(hourlyPrices(read(longText(rows)).book['01.01.2024'] ?? [])).toEqual(expected);
  });

  it('wide CSV, with a trailing comma and in any day order', () => {
    const r = read([WIDE_HEADER, wideRow('03.01.2024') + ',', wideRow('01.01.2024')].join('\n'));
    expect(r.format).toBe('wide');
    expect(Object.keys(r.book)).toEqual(['01.01.2024', '03.01.2024']);
    expect(hourlyPrices(r.book['03.01.2024'] ?? [])).toEqual(expected);
  });

  it('operator export: BOM, CRLF, comma decimals, space / NBSP / narrow-NBSP thousands, trailing ;', () => {
    const cells = ['13 000,00', '5\u00A0600,5', '2\u202F581,2', '1234.25', '7,5', ' 42 ', ...Array.from({ length: 18 }, (_, h) => String(h))];
    const text = `\uFEFF${OREE_HEADER}\r\n02.12.2024;${cells.join(';')};\r\n`;
    const r = read(text);
    expect(r.format).toBe('oree');
    expect(hourlyPrices(r.book['02.12.2024'] ?? [])).toEqual([13000, 5600.5, 2581.2, 1234.25, 7.5, 42, ...Array.from({ length: 18 }, (_, h) => h)]);
  });

  it('JSON PriceBook, plain or wrapped in {data} / {priceBook}; points in any order', () => {
    const day = Array.from({ length: 24 }, (_, h) => ({ hour: 23 - h, priceUahMwh: price(23 - h) }));
    for (const doc of [{ '01.01.2024': day }, { month: '01.2024', data: { '01.01.2024': day } }, { priceBook: { '01.01.2024': day } }]) {
      const r = read(`\n  ${JSON.stringify(doc)}`);
      expect(r.format).toBe('json');
      expect(r.book['01.01.2024']?.map((p) => p.hour)).toEqual([...Array(24).keys()]);
      expect(hourlyPrices(r.book['01.01.2024'] ?? [])).toEqual(expected);
    }
  });

  it('a semicolon-separated long CSV (an Excel export in a Ukrainian locale) is read, prices in the operator\'s syntax: decimal comma or point, spaces between thousands', () => {
    const text = (sep: (h: number) => string) => ['date;hour;price', ...Array.from({ length: 24 }, (_, h) => `01.01.2024;${h};${sep(h)}`)].join('\r\n');
    const comma = read(text((h) => String(price(h)).replace('.', ',')));
    expect(comma.format).toBe('long');
    expect(hourlyPrices(comma.book['01.01.2024'] ?? [])).toEqual(expected);
    // Thousands with a (no-break) space, a decimal point, quoted cells: the same day.
    const grouped = read(text((h) => `"${String(price(h)).replace(/^(\d+)(\d{3})(?=[.,]|$)/, '$1\u00a0$2')}"`));
    expect(hourlyPrices(grouped.book['01.01.2024'] ?? [])).toEqual(expected);
    const header = read(['Date ; Hour ; Price_UAH_MWh ; note', ...Array.from({ length: 24 }, (_, h) => `01.01.2024;${h + 1};${price(h)};x`)].join('\n'), 1);
    expect(hourlyPrices(header.book['01.01.2024'] ?? [])).toEqual(expected);
    // A comma is never a thousands separator there: "5,600" is 5.6, as in the operator's export; a dotted group is no number.
    const e = catchSvcError(() => read(text((h) => (h === 3 ? '4.500,50' : '5,600'))));
    expect(e.message).toMatch(/line 5.*price.*"4\.500,50"/);
  });

  it('an unknown header is rejected, naming the formats it knows', () => {
    const e = catchSvcError(() => read('when,price\n01.01.2024,5\n'));
    expect(e.message).toContain('unknown price-book format');
    expect(e.message).toContain('date,hour,price_uah_mwh');
    expect(e.message).toContain('Дата;Год1');
    expect(e.message).toContain('"when,price"');
    // Separated by ";" but not a long CSV: what to change is said.
    const semi = catchSvcError(() => read('datum;stunde;preis\n01.01.2024;0;5\n'));
    expect(semi.message).toContain('"datum;stunde;preis"');
    expect(semi.message).toContain('The header is separated by ";"');
    expect(semi.message).toContain('rename its columns date;hour;price, or save the file comma-separated with decimal points');
  });
});
