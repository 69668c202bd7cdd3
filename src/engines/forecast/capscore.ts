/**
 * Brier score of the cap-hit probabilities against climatology. The event for hour h of day d:
 * the price is within the tolerance of the max cap (resp. min cap) in force that day. Climatology
 * forecasts, for each scored hour, the frequency of that event at the same hour over the
 * `climateDays` observed days before d (a causal climatology, so it could have been issued too).
 * skill = 1 − brier / brierClimatology (> 0: better than climatology); null when no scored hour
 * was at the cap (then both scores only measure how close to 0 each probability stayed, and a
 * ratio of two near-zero numbers — "−12" for a 0.3 % probability against 0.02 % — says nothing).
 */
import { H, type DailySeries } from './series.js';
import { capTolerance } from './bands.js';
import { isEvaluable } from './metrics.js';
import type { DayCaps, DayForecast } from './rolling.js';

export interface CapHitScore {
  bound: 'max' | 'min';
  /** Scored (day, hour) pairs with a known cap. */
  hours: number;
  /** Of which the price was at the cap. */
  events: number;
  brier: number;
  brierClimatology: number;
  /** Null when there was no event or climatology scored 0. */
  skill: number | null;
}

const atCap = (bound: 'max' | 'min', y: number, cap: number): boolean =>
  bound === 'max' ? y >= cap - capTolerance(cap) : y <= cap + capTolerance(cap);

export function capHitScores(s: DailySeries, days: readonly DayForecast[], capsOf: (t: number) => DayCaps | null, climateDays = 364): CapHitScore[] {
  if (days.length === 0) return [];
  const first = Math.max(0, (days[0] as DayForecast).t - climateDays);
  const last = Math.min(s.nDays, (days[days.length - 1] as DayForecast).t + 1);
  const caps: (DayCaps | null)[] = [];
  for (let t = first; t < last; t++) caps.push(capsOf(t));
  return (['max', 'min'] as const).map((bound) => {
    // Event indicator per observed (day, hour) with a known cap: prefix sums of events and of days seen.
    const hits = new Float64Array((last - first + 1) * H);
    const seen = new Float64Array((last - first + 1) * H);
    for (let t = first; t < last; t++) {
      const c = caps[t - first];
      for (let h = 0; h < H; h++) {
        const i = (t - first + 1) * H + h;
        const cap = c ? (c[bound][h] as number) : Number.NaN;
        const known = s.observed[t] === 1 && !Number.isNaN(cap);
        hits[i] = (hits[i - H] as number) + (known && atCap(bound, s.price[t * H + h] as number, cap) ? 1 : 0);
        seen[i] = (seen[i - H] as number) + (known ? 1 : 0);
      }
    }
    let hours = 0;
    let events = 0;
    let b = 0;
    let bc = 0;
    for (const d of days) {
      const c = d.t >= first && d.t < last ? caps[d.t - first] : null;
      if (!d.capHit || !c || !isEvaluable(s, d.t)) continue;
      const e0 = Math.max(first, d.t - climateDays) - first;
      const e1 = d.t - first;
      for (let h = 0; h < H; h++) {
        const p = d.capHit[bound][h];
        const cap = c[bound][h] as number;
        if (p === null || p === undefined || Number.isNaN(cap)) continue;
        const o = atCap(bound, s.price[d.t * H + h] as number, cap) ? 1 : 0;
        const n = (seen[e1 * H + h] as number) - (seen[e0 * H + h] as number);
        const clim = n > 0 ? ((hits[e1 * H + h] as number) - (hits[e0 * H + h] as number)) / n : 0;
        hours++;
        events += o;
        b += (p - o) ** 2;
        bc += (clim - o) ** 2;
      }
    }
    const brier = hours ? b / hours : 0;
    const brierClimatology = hours ? bc / hours : 0;
    return { bound, hours, events, brier, brierClimatology, skill: events > 0 && brierClimatology > 0 ? 1 - brier / brierClimatology : null };
  });
}
