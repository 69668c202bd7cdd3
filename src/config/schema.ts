/** The zod building blocks of the SVC_* settings (config.ts, config-scale.ts). */
import { z } from 'zod';

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
/**
 * 1000000 → "1,000,000" (as toLocaleString('en-US') writes a whole number). By hand: these run at
 * import time, and the first toLocaleString loads ICU's number formatting (10–40 ms of every
 * command that reads the configuration; docs/benchmarks.md).
 */
const grouped = (n: number): string => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US'));

/**
 * A whole number in min..max from a decimal string. Every message names the range: a number that
 * is one but out of range says so (it used to read "expected a decimal integer", hiding the bound).
 */
export const int = (min: number, max: number) => {
  const range = `a whole number in ${grouped(min)}..${grouped(max)}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `expected ${range}` })
      .int({ error: `expected ${range}` })
      .min(min, { error: `below the range: expected ${range}` })
      .max(max, { error: `above the range: expected ${range}` }),
  );
};

/** An http(s) URL. */
export const httpUrl = z.string().refine((v) => URL.canParse(v) && /^https?:/i.test(v), 'must be an http(s) URL');
