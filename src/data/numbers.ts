/**
 * Number syntax of the price formats.
 *
 * svc's own formats (long, wide CSV) use JavaScript's number syntax, so whatever
 * `String(price)` writes (including `1e+21` or `5e-7`) reads back to the very same double.
 * The operator's exports are read more loosely: `,` or `.` as the decimal mark and spaces,
 * NBSP (U+00A0) or narrow NBSP (U+202F) as thousands separators in groups of three
 * (`13 000,00`). A comma is never a thousands separator: `5,600` is 5.6, as in the operator's
 * Ukrainian-locale files.
 */

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const OPERATOR_GROUPED = /^[+-]?\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?:[.,]\d+)?$/;
const OPERATOR_SIMPLE = /^[+-]?\d+(?:[.,]\d+)?$/;
const SEPARATORS = /[ \u00A0\u202F]/g;
/** Outer whitespace, including the no-break spaces that spreadsheets leave around cells. */
const OUTER_SPACE = /^[\s\u00A0\u202F]+|[\s\u00A0\u202F]+$/g;

import { BOUNDS, rangeText } from '../domain/bounds.js';

/** Largest price a reader accepts (src/domain/bounds.ts). */
export const PRICE_MAX = BOUNDS.priceUahMwh.max;

export type PriceCheck = { ok: true; value: number } | { ok: false; problem: string };

/** A price in JavaScript number syntax (long and wide CSV). */
export function parsePlainPrice(token: string): PriceCheck {
  const t = token.trim();
  if (!PLAIN_NUMBER.test(t)) return notANumber(token);
  return checkPrice(Number(t), token);
}

/** A price in the operator's export syntax. */
export function parseOperatorPrice(token: string): PriceCheck {
  const t = token.replace(OUTER_SPACE, '');
  if (OPERATOR_SIMPLE.test(t)) return checkPrice(Number(t.replace(',', '.')), token);
  if (OPERATOR_GROUPED.test(t)) return checkPrice(Number(t.replace(SEPARATORS, '').replace(',', '.')), token);
  return notANumber(token);
}

/** True when a cell holds nothing but (no-break) spaces. */
export function isBlank(token: string): boolean {
  return token.replace(OUTER_SPACE, '') === '';
}

function notANumber(token: string): PriceCheck {
  if (isBlank(token)) return { ok: false, problem: 'expected a price in UAH/MWh, found an empty field' };
  return { ok: false, problem: `expected a price in UAH/MWh (a number >= 0), found ${JSON.stringify(token.length > 40 ? `${token.slice(0, 37)}...` : token)}` };
}

function checkPrice(value: number, token: string): PriceCheck {
  if (!Number.isFinite(value)) return { ok: false, problem: `expected a finite price, found ${JSON.stringify(token)}` };
  if (value < 0) return { ok: false, problem: `expected a price >= 0 UAH/MWh, found ${token.trim()} (negative prices are not allowed by the spec)` };
  if (value > PRICE_MAX) return { ok: false, problem: `expected a price ${rangeText('priceUahMwh')}, found ${token.trim()} (${BOUNDS.priceUahMwh.why})` };
  // -0 would survive every check but print as "0"; store the plain zero.
  return { ok: true, value: value === 0 ? 0 : value };
}
