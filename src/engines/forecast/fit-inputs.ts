/**
 * What the member fits of one day read (phase 1, rolling.ts memberForecasts of day t alone), derived
 * from the LEAR design (lear.ts: trainingDays, featureRow), so that a store of those fits
 * (src/ops/forecast/forecast-member-cache.ts) is keyed by exactly the inputs that make them:
 *
 *   member m (window w) is fitted only when t − w ≥ 0, and a member on the caps only where the
 *   series has the band of the caps at t (else it reads nothing: NaN);
 *   its training rows are the observed days d in [t − w + LAG_SPAN, t − 1] (from the latest known
 *   break in (t − w + LAG_SPAN, t − sinceBreak] on, for a since-break member), each reading
 *     prices of d − PRICE_LAGS and its own prices (the targets),
 *     exogenous values of d − EXOG_LAGS, the extra columns and the day of week of d;
 *   the forecast row of t reads the prices of t − PRICE_LAGS, exogenous values of t − EXOG_LAGS,
 *   the extra columns of t and its day of week.
 *
 * Over the fitted members (W the longest fitted window) that is: prices of [t − W, t − 1], observed
 * flags of [t − W + LAG_SPAN, t − 1], exogenous series over [t − W, t], extra columns over
 * [t − W + LAG_SPAN, t], the breaks in the hull of the since-break members' intervals, the band
 * of the caps over [t − Wc, t] (Wc the longest fitted member on the caps, when t has a band), the
 * number and names of the columns, and the day of week of t (the rows' days follow from it).
 * Nothing else: not the price of t itself, not t's place in the series (a book that starts earlier
 * or ends later gives the same reads), not the caps the forecasts are clipped to (phase 2). The
 * only superset: where a break cuts a short member's window, the days before it are counted though
 * only the longer members read them.
 * test/ops/forecast-member-cache.test.ts holds this to the engine: a change to any of these inputs
 * changes the reads, a change outside them leaves the fits bit for bit unchanged.
 */
import { dayOfWeek, type DailySeries } from './series.js';
import { EXOG_LAGS, LAG_SPAN, PRICE_LAGS } from './lear.js';
import type { LearOptions } from './members.js';
import { canForecast } from './rolling.js';
import { bandAt } from './caps-space.js';

/** A range of series days [from, to], inclusive; from > to: none. */
export type DayRange = readonly [from: number, to: number];

export interface FitReads {
  /** Per member of the options: fitted on day t (t ≥ its window). */
  fitted: boolean[];
  price: DayRange;
  observed: DayRange;
  exog: DayRange;
  extra: DayRange;
  /** Breaks (DailySeries.breaks) in this range may move a since-break member's first row; null: none read. */
  breaks: DayRange | null;
  /** The caps band (DailySeries.caps) of these days, read by the fitted members on the caps. */
  caps: DayRange;
  /** Day of week of t, 0 = Monday. */
  dow: number;
}

const NONE: DayRange = [0, -1];

/** The inputs the member fits of day t read; null when the day cannot be forecast or no member is fitted (all NaN, nothing read). */
export function fitReads(s: DailySeries, t: number, o: LearOptions): FitReads | null {
  if (!canForecast(s, t)) return null;
  // A member on the caps is fitted only where the band is (lear.ts forecastMember).
  const banded = bandAt(s, t) !== null;
  const fitted = o.members.map((m) => t - m.window >= 0 && (m.space !== 'caps' || banded));
  const windows = o.members.filter((_, c) => fitted[c]).map((m) => m.window);
  if (windows.length === 0) return null;
  const W = Math.max(...windows);
  const first = t - W + LAG_SPAN; // the earliest training row of the longest fitted member
  const maxP = Math.max(...PRICE_LAGS);
  const minP = Math.min(...PRICE_LAGS);
  const maxE = Math.max(...EXOG_LAGS);
  const minE = Math.min(...EXOG_LAGS);
  let blo = Infinity;
  let bhi = -Infinity;
  o.members.forEach((m, c) => {
    if (!fitted[c] || m.sinceBreak === undefined) return;
    blo = Math.min(blo, t - m.window + LAG_SPAN + 1);
    bhi = Math.max(bhi, t - m.sinceBreak);
  });
  // A member on the caps reads the band of every price it reads and of t (lear.ts inCaps, forecastMember).
  const capsW = Math.max(-1, ...o.members.filter((m, c) => fitted[c] && m.space === 'caps').map((m) => m.window));
  return {
    fitted,
    // Rows' lags and targets (t − 1 the last target), the forecast row's lags.
    price: [Math.min(first, t) - maxP, Math.max(t - 1, t - minP)],
    observed: [first, t - 1],
    exog: s.exog.length ? [Math.min(first, t) - maxE, t - minE] : NONE,
    extra: s.extra ? [first, t] : NONE,
    breaks: blo <= bhi ? [blo, bhi] : null,
    caps: capsW >= 0 ? [t - capsW, t] : NONE,
    dow: dayOfWeek(s.startDay + t),
  };
}
