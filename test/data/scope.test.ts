/** A scoped read (`scope`): only the asked days become PriceDays; every row is still read and checked. */
import { describe, expect, it } from 'vitest';
import { parsePriceBook } from '../../src/data/price-book.js';

const day = (date: string, price = 100) => Array.from({ length: 24 }, (_, h) => `${date},${h},${price + h}`).join('\n');
const csv = (...days: string[]) => `date,hour,price_uah_mwh\n${days.join('\n')}\n`;

describe('a scoped read of a price book', () => {
  it('hands on only the days inside the scope, and lists every day kept', () => {
    const text = csv(day('01.12.2024'), day('02.12.2024'), day('03.12.2024'));
    const whole = parsePriceBook(text, { source: 'b.csv' });
    const one = parsePriceBook(text, { source: 'b.csv', scope: { from: '02.12.2024', to: '02.12.2024' } });
    expect(Object.keys(one.book)).toEqual(['02.12.2024']);
    expect(one.book['02.12.2024']).toEqual(whole.book['02.12.2024']);
    expect(one.dates).toEqual(['01.12.2024', '02.12.2024', '03.12.2024']);
    expect(whole.dates).toEqual(Object.keys(whole.book));
    const open = parsePriceBook(text, { source: 'b.csv', scope: { from: '02.12.2024' } });
    expect(Object.keys(open.book)).toEqual(['02.12.2024', '03.12.2024']);
    const hourly = parsePriceBook(text, { source: 'b.csv', scope: { to: '02.12.2024', hourly: true } });
    expect(hourly.book).toEqual({});
    expect(hourly.hourly).toEqual({ '01.12.2024': whole.book['01.12.2024']?.map((p) => p.priceUahMwh), '02.12.2024': whole.book['02.12.2024']?.map((p) => p.priceUahMwh) });
  });

  it('still fails on a bad row outside the scope, with the same error as the whole read', () => {
    const text = csv(day('01.12.2024').replace('01.12.2024,5,105', '01.12.2024,5,-1'), day('02.12.2024'));
    const whole = () => parsePriceBook(text, { source: 'b.csv' });
    const one = () => parsePriceBook(text, { source: 'b.csv', scope: { from: '02.12.2024', to: '02.12.2024' } });
    const message = (read: () => unknown): string => {
      try {
        read();
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(message(whole)).toMatch(/b\.csv/);
    expect(message(one)).toBe(message(whole));
  });

  it('a bound that is not a real date bounds nothing', () => {
    const text = csv(day('01.12.2024'), day('02.12.2024'));
    expect(Object.keys(parsePriceBook(text, { source: 'b.csv', scope: { from: '31.02.2024' } }).book)).toEqual(['01.12.2024', '02.12.2024']);
  });

  it('sorts days given out of order', () => {
    const text = csv(day('02.12.2024'), day('01.12.2024'));
    expect(parsePriceBook(text, { source: 'b.csv' }).dates).toEqual(['01.12.2024', '02.12.2024']);
    expect(Object.keys(parsePriceBook(text, { source: 'b.csv' }).book)).toEqual(['01.12.2024', '02.12.2024']);
  });
});
