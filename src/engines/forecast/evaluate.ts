/**
 * Rolling-origin evaluation: forecasts for every day of [from, to], each recalibrated on data
 * strictly before its day (rolling.ts), scored over the evaluable days (metrics.ts), by month,
 * with a Diebold–Mariano test against the standard naive and the cap-hit Brier scores.
 */
import type { DailySeries } from './series.js';
import { DEFAULT_FORECAST, rollingForecast, type DayCaps, type DayForecast, type ForecastOptions, type RollingRun } from './rolling.js';
import { dieboldMariano, monthly, score, type DieboldMariano, type IntervalScores, type MonthRow, type PointScores } from './metrics.js';
import { capHitScores, type CapHitScore } from './capscore.js';

export interface Evaluation {
  metrics: PointScores & Partial<IntervalScores>;
  monthly: MonthRow[];
  dieboldMarianoVsNaive: DieboldMariano;
  capHit: CapHitScore[];
  days: DayForecast[];
  skipped: number[];
}

export function evaluateRolling(
  s: DailySeries,
  from: number,
  to: number,
  o: ForecastOptions = DEFAULT_FORECAST,
  capsOf: (t: number) => DayCaps | null = () => null,
  onProgress?: (done: number, total: number) => void,
): Evaluation {
  return evaluateRun(s, rollingForecast(s, from, Math.min(to, s.nDays - 1), o, capsOf, onProgress), capsOf, o.bands.quantiles);
}

/** The scores of a rolling run (rollingForecast, or its parallel twin in src/ops/forecast/forecast-parallel.ts). */
export function evaluateRun(s: DailySeries, run: RollingRun, capsOf: (t: number) => DayCaps | null = () => null, levels: readonly number[] = DEFAULT_FORECAST.bands.quantiles): Evaluation {
  const scored = run.days.map((d) => ({ ...d, levels }));
  return {
    metrics: score(s, scored),
    monthly: monthly(s, scored),
    dieboldMarianoVsNaive: dieboldMariano(s, run.days),
    capHit: capHitScores(s, run.days, capsOf),
    days: run.days,
    skipped: run.skipped,
  };
}
