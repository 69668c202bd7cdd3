/**
 * Output precision, in one place: every operation's result is rounded here, at the boundary, by
 * the unit its field names carry (src/domain/bounds.ts OUTPUT_DECIMALS): `…Uah` money to 0.01 UAH,
 * `…UahMwh` / `…UahPerMwh` prices to 0.01 UAH/MWh, `…Mwh` energy to 0.001 MWh, `…Mw` power to
 * 0.001 MW, `equivalent…Cycles` to 0.0001; a `{value, unit}` fact by its unit. Engines keep full
 * precision; this is why no output shows `958.0299999999997`. Counts, shares, scores and hours have
 * no unit suffix and pass unchanged.
 */
import { OUTPUT_DECIMALS } from '../domain/bounds.js';

const UNIT_OF_FACT: Record<string, number> = { UAH: OUTPUT_DECIMALS.uah, 'UAH/MWh': OUTPUT_DECIMALS.uahPerMwh, MWh: OUTPUT_DECIMALS.mwh, MW: OUTPUT_DECIMALS.mw };

/** Decimals for a field name, or undefined when the field is not a measured quantity. */
export function decimalsOf(key: string): number | undefined {
  if (/Uah(Per)?Mwh$/.test(key)) return OUTPUT_DECIMALS.uahPerMwh;
  if (/Uah$/.test(key)) return OUTPUT_DECIMALS.uah;
  if (/Mwh$/.test(key)) return OUTPUT_DECIMALS.mwh;
  if (/Mw$/.test(key)) return OUTPUT_DECIMALS.mw;
  if (/^equivalent(Bess)?Cycles$/.test(key)) return OUTPUT_DECIMALS.cycles;
  return undefined;
}

/** Rounds half away from zero to `decimals`, through the decimal text so 1.005 becomes 1.01. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  // Number-to-string uses an exponent below 1e-6 and from 1e21: those round to 0, or are whole already.
  if (String(abs).includes('e')) return abs < 1 ? 0 : value;
  const r = Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`) * Math.sign(value);
  return r === 0 ? 0 : r;
}

/** The output with every measured number rounded to its unit's precision (a new value; the input is not changed). */
export function presentOutput<T>(value: T): T {
  return present(value, undefined, 0) as T;
}

function present(value: unknown, decimals: number | undefined, depth: number): unknown {
  if (typeof value === 'number') return decimals === undefined ? value : roundTo(value, decimals);
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => present(v, decimals, depth + 1));
  const record = value as Record<string, unknown>;
  const factDecimals = typeof record.unit === 'string' && typeof record.value === 'number' ? UNIT_OF_FACT[record.unit] : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    out[k] = k === 'value' && factDecimals !== undefined ? roundTo(v as number, factDecimals) : present(v, decimalsOf(k), depth + 1);
  }
  return out;
}
