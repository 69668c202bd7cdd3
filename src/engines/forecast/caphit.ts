/**
 * Cap-hit events, their causal climatology, and the calibration of the model's cap-hit
 * probabilities toward it.
 *
 * The event for hour h of day t: the price is within the tolerance of the max cap (resp. the min
 * cap) in force that day (bands.ts capTolerance). Climatology of day t, hour h: the share of the
 * observed days in [t − days, t) with a number for that cap at h whose price was at it — known
 * before t, so a forecast may use it; `all` days is the reference the Brier skill is scored
 * against (capscore.ts). `sameCap` counts only the days whose cap at h had the value of day t's:
 * hitting a floor of 10 UAH/MWh is not the event of hitting a regulated floor of 1 378.97, and
 * after the floor fell on 01.07.2023 the `all` climatology still said 20–30 % for the night hours
 * of the autumn, the year before's floor hours.
 *
 * The model's probability (bands.ts probAtMax / probAtMin) is the share of its predictive sample
 * p50 + e beyond the cap: 3 × 56 residuals, so a rare event such as the floor of a year with a
 * handful of floor hours is either missed entirely (P = 0 on the hours it happens) or carried, for
 * 56 days, by the one big residual it leaves (false alarms). Calibrated:
 *
 *   P = (1 − w) · P_sample + w · climatology,     w = CapHitOptions.shrink[bound]
 *
 * a linear pool of the two forecasts (the combination of a forecast with climatology that the
 * Brier score's decomposition rewards when the forecast is over-confident); w chosen on OREE 2023
 * and 2024 together (docs/forecast.md, "Cap-hit probabilities").
 */
import { H, type DailySeries, type DayCaps } from './series.js';
import { capTolerance } from './bands.js';

export type CapBound = 'max' | 'min';

export interface CapHitOptions {
  /** Days before the forecast day whose cap-hit frequency is the climatology. */
  climateDays: number;
  /** Which of those days count (capClimate): every day with a cap, or those with day t's cap value at the hour. */
  climate: 'all' | 'sameCap';
  /** Weight of the climatology in the calibrated probability, per bound, in [0, 1]; 0: the sample's share alone. */
  shrink: { max: number; min: number };
}

/** Is price y at the cap of `bound` (within the tolerance)? */
export const atCap = (bound: CapBound, y: number, cap: number): boolean => (bound === 'max' ? y >= cap - capTolerance(cap) : y <= cap + capTolerance(cap));

/** The linear pool of the model's probability and the climatology, clamped to [0, 1]; p itself where no climatology is known (NaN). */
export function calibratedCapHit(p: number, climatology: number, shrink: number): number {
  if (Number.isNaN(climatology)) return p;
  const v = (1 - shrink) * p + shrink * climatology;
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export interface CapClimate {
  /** Share of the counted days in [t − climateDays, t) at the cap at hour h; NaN when none counts. */
  frequency(bound: CapBound, t: number, h: number): number;
}

/**
 * The climatology of the days from..to (series indices; `to` may be nDays, the day after the data)
 * over the observed days in [from − climateDays, min(to, nDays)) with a number for the cap: all of
 * them (prefix sums), or (`sameCap`) those whose cap at the hour equals day t's. Reads only prices
 * before each day, and the caps in force (known in advance).
 */
export function capClimate(s: DailySeries, capsOf: (t: number) => DayCaps | null, from: number, to: number, climateDays: number, climate: CapHitOptions['climate'] = 'all'): CapClimate {
  const first = Math.max(0, from - climateDays);
  const last = Math.max(first, Math.min(s.nDays, to));
  const len = last - first;
  // Per bound, (day − first)·H + h: the cap of an observed day with a number for it (else NaN), and whether the price was at it.
  const cap = { max: new Float64Array(len * H).fill(Number.NaN), min: new Float64Array(len * H).fill(Number.NaN) };
  const hit = { max: new Uint8Array(len * H), min: new Uint8Array(len * H) };
  for (let t = first; t < last; t++) {
    const c = s.observed[t] === 1 ? capsOf(t) : null;
    if (!c) continue;
    for (const bound of ['max', 'min'] as const) {
      for (let h = 0; h < H; h++) {
        const v = c[bound][h] as number;
        if (Number.isNaN(v)) continue;
        const i = (t - first) * H + h;
        cap[bound][i] = v;
        hit[bound][i] = atCap(bound, s.price[t * H + h] as number, v) ? 1 : 0;
      }
    }
  }
  const at = (t: number): number => Math.min(Math.max(t, first), last) - first;
  if (climate === 'sameCap') {
    return {
      frequency(bound, t, h) {
        const now = capsOf(t)?.[bound][h] ?? Number.NaN;
        if (Number.isNaN(now)) return Number.NaN;
        let n = 0;
        let hits = 0;
        for (let d = at(t - climateDays); d < at(t); d++) {
          if (cap[bound][d * H + h] !== now) continue;
          n++;
          hits += hit[bound][d * H + h] as number;
        }
        return n > 0 ? hits / n : Number.NaN;
      },
    };
  }
  // Prefix sums over the days of events and of days with a cap, per hour.
  const sums = { max: { hits: new Float64Array((len + 1) * H), seen: new Float64Array((len + 1) * H) }, min: { hits: new Float64Array((len + 1) * H), seen: new Float64Array((len + 1) * H) } };
  for (const bound of ['max', 'min'] as const) {
    const { hits, seen } = sums[bound];
    for (let i = 0; i < len * H; i++) {
      hits[i + H] = (hits[i] as number) + (hit[bound][i] as number);
      seen[i + H] = (seen[i] as number) + (Number.isNaN(cap[bound][i] as number) ? 0 : 1);
    }
  }
  return {
    frequency(bound, t, h) {
      const { hits, seen } = sums[bound];
      const e0 = at(t - climateDays) * H + h;
      const e1 = at(t) * H + h;
      const n = (seen[e1] as number) - (seen[e0] as number);
      return n > 0 ? ((hits[e1] as number) - (hits[e0] as number)) / n : Number.NaN;
    },
  };
}
