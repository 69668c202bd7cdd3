/**
 * Known structural breaks of a series: the days on which the regulator's caps in force change
 * (some hour's min or max). The regime rule of rolling.ts looks back to the latest one.
 */
import { H, type DayCaps } from './series.js';

/** Days t in [1, nDays] whose caps differ from those of t − 1: the known breaks of DailySeries.breaks. */
export function capBreaks(capsOf: (t: number) => DayCaps | null, nDays: number): number[] {
  const out: number[] = [];
  for (let t = 1; t <= nDays; t++) if (capsChanged(capsOf(t - 1), capsOf(t))) out.push(t);
  return out;
}

/** Did the caps in force change between day t − 1 and day t (some hour's min or max)? */
function capsChanged(prev: DayCaps | null, cur: DayCaps | null): boolean {
  if (!prev || !cur) return false;
  for (let h = 0; h < H; h++) {
    const a = prev.max[h] as number;
    const b = cur.max[h] as number;
    const c = prev.min[h] as number;
    const d = cur.min[h] as number;
    if (!(a === b || (Number.isNaN(a) && Number.isNaN(b))) || !(c === d || (Number.isNaN(c) && Number.isNaN(d)))) return true;
  }
  return false;
}

/**
 * The day of the latest change of caps within the `days` days up to t (t itself included: the
 * caps of the delivery day are known before it), or −1. Looks back at most `days` days from t
 * memoised per day in `seen`.
 */
export function lastBreak(t: number, capsOf: (t: number) => DayCaps | null, days: number, seen: Map<number, boolean>): number {
  if (days <= 0) return -1;
  for (let d = t; d > t - days && d > 0; d--) {
    let b = seen.get(d);
    if (b === undefined) {
      b = capsChanged(capsOf(d - 1), capsOf(d));
      seen.set(d, b);
    }
    if (b) return d;
  }
  return -1;
}
