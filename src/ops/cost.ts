/**
 * The cost classes of the operations (docs/security.md, "Admission control"): what makes a request
 * heavy, decided from its raw input before validation (so these accept anything). The HTTP door
 * admits heavy requests under its concurrency limits (src/http/admission.ts); light ones run at once.
 */
import type { AnyOperation, CostClass } from './types.js';

/** A backtest over more days than this is heavy even on the actual prices (a year and a day). */
export const LONG_BACKTEST_DAYS = 366;

/**
 * A receipt verification whose body is larger than this is heavy (a real receipt with its inputs is
 * about 2 KB; `inputs` past 64 KiB are refused before any walk, receipt.ts).
 */
export const LARGE_VERIFY_BYTES = 16 * 1024;

const field = (raw: unknown, key: string): unknown => (typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined);

/** Plans on the forecast fit it (a day's forecast reads up to 1,582 days): heavy; on the actual prices: light. */
export const planOnCost = (raw: unknown): CostClass => (field(raw, 'planOn') === 'forecast' ? 'heavy' : 'light');

/** A backtest: heavy on the forecast, or over more than LONG_BACKTEST_DAYS days. */
export function backtestCost(raw: unknown): CostClass {
  if (planOnCost(raw) === 'heavy') return 'heavy';
  const book = field(raw, 'priceBook');
  if (typeof book !== 'object' || book === null) return 'light';
  let n = 0;
  for (const _ in book) if (++n > LONG_BACKTEST_DAYS) return 'heavy';
  return 'light';
}

/** A receipt verification: heavy when its body is large (the walk and canonicalisation of `inputs` grow with it). */
export const verifyCost = (_raw: unknown, bodyBytes: number): CostClass => (bodyBytes > LARGE_VERIFY_BYTES ? 'heavy' : 'light');

/** The class of one request to `op`; light unless the op declares otherwise. */
export function costOf(op: Pick<AnyOperation, 'cost'>, raw: unknown, bodyBytes = 0): CostClass {
  const c = op.cost;
  if (c === undefined) return 'light';
  return typeof c === 'function' ? c(raw, bodyBytes) : c;
}
