/**
 * Known structural breaks of a series: the days on which the regulator's caps in force change
 * (some hour's min or max). The regime rule of rolling.ts looks back to the latest one.
 */
import { H, type CapBand, type DayCaps } from './series.js';

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

/**
 * The band of the caps (series.ts CapBand) of days 0..days − 1 (a series' nDays + 1: the day after
 * the data included) from the caps each day is held to; null when no day has a max cap at every
 * hour (a market without caps: its members on the caps are left out).
 */
export function capBand(capsOf: (t: number) => DayCaps | null, days: number): CapBand | null {
  const lo = new Float64Array(days * H);
  const hi = new Float64Array(days * H);
  let from = -1;
  const last = new Float64Array(H).fill(Number.NaN);
  for (let t = 0; t < days; t++) {
    const c = capsOf(t);
    if (from < 0) {
      if (!c || !Array.from({ length: H }, (_, h) => Number(c.max[h])).every((v) => Number.isFinite(v))) continue;
      from = t;
    }
    for (let h = 0; h < H; h++) {
      const mn = Number(c?.min[h]);
      const mx = Number(c?.max[h]);
      if (Number.isFinite(mx)) last[h] = mx;
      const l = Number.isFinite(mn) ? mn : t > from ? (lo[(t - 1) * H + h] as number) : 0;
      lo[t * H + h] = l;
      // A max at or below the floor leaves no band: one unit above it.
      hi[t * H + h] = Math.max(last[h] as number, l + 1);
    }
  }
  if (from < 0) return null;
  for (let t = 0; t < from; t++) {
    lo.copyWithin(t * H, from * H, from * H + H);
    hi.copyWithin(t * H, from * H, from * H + H);
  }
  return { from, lo, hi };
}
