/** Small builders of price-book texts for the data tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SvcError } from '../../src/domain/errors.js';

export const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
export const readFixture = (name: string): string => readFileSync(fixture(name), 'utf8');

export const LONG_HEADER = 'date,hour,price_uah_mwh';
export const WIDE_HEADER = ['date', ...Array.from({ length: 24 }, (_, h) => `h${h}`)].join(',');
export const OREE_HEADER = ['Дата', ...Array.from({ length: 24 }, (_, h) => `Год${h + 1}`)].join(';');

/** Price of hour h in the synthetic days: distinct per hour so that misplaced hours show. */
export const price = (h: number): number => 1000 + h * 10.5;

/** 24 long-format rows of one day (hours 0..23), optionally rewritten per row. */
export function longDay(date: string, row: (h: number) => string = (h) => `${date},${h},${price(h)}`): string[] {
  return Array.from({ length: 24 }, (_, h) => row(h));
}

export const longText = (...rows: string[][]): string => [LONG_HEADER, ...rows.flat()].join('\n') + '\n';

export function wideRow(date: string, cells: string[] = Array.from({ length: 24 }, (_, h) => String(price(h)))): string {
  return [date, ...cells].join(',');
}

/** Runs fn and returns the SvcError it throws (fails the test if it does not throw one). */
export function catchSvcError(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SvcError) return error;
    throw error;
  }
  throw new Error('expected an SvcError, but nothing was thrown');
}
