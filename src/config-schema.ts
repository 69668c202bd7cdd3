/** The zod building blocks of the SVC_* settings (config.ts, config-scale.ts). */
import { z } from 'zod';

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
export const int = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v), z.number({ error: 'expected a decimal integer' }).int().min(min).max(max));

/** An http(s) URL. */
export const httpUrl = z.string().refine((v) => URL.canParse(v) && /^https?:/i.test(v), 'must be an http(s) URL');
