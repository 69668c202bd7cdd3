/**
 * Brier score of the cap-hit probabilities against climatology. The event for hour h of day d:
 * the price is within the tolerance of the max cap (resp. min cap) in force that day. Climatology
 * forecasts, for each scored hour, the frequency of that event at the same hour over the
 * `climateDays` observed days before d (caphit.ts capClimate: causal, so it could have been issued
 * too, and the one the model's probabilities are calibrated toward).
 * skill = 1 − brier / brierClimatology (> 0: better than climatology); null when no scored hour
 * was at the cap (then both scores only measure how close to 0 each probability stayed, and a
 * ratio of two near-zero numbers — "−12" for a 0.3 % probability against 0.02 % — says nothing).
 */
import { H, type DailySeries } from './series.js';
import { isEvaluable } from './metrics.js';
import { atCap, capClimate } from './caphit.js';
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

export function capHitScores(s: DailySeries, days: readonly DayForecast[], capsOf: (t: number) => DayCaps | null, climateDays = 364): CapHitScore[] {
  if (days.length === 0) return [];
  const climate = capClimate(s, capsOf, (days[0] as DayForecast).t, (days[days.length - 1] as DayForecast).t + 1, climateDays);
  return (['max', 'min'] as const).map((bound) => {
    let hours = 0;
    let events = 0;
    let b = 0;
    let bc = 0;
    for (const d of days) {
      const c = d.t < s.nDays ? capsOf(d.t) : null;
      if (!d.capHit || !c || !isEvaluable(s, d.t)) continue;
      for (let h = 0; h < H; h++) {
        const p = d.capHit[bound][h];
        const cap = c[bound][h] as number;
        if (p === null || p === undefined || Number.isNaN(cap)) continue;
        const o = atCap(bound, s.price[d.t * H + h] as number, cap) ? 1 : 0;
        const q = climate.frequency(bound, d.t, h);
        const clim = Number.isNaN(q) ? 0 : q;
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
