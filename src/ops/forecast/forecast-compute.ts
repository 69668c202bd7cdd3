/** The fit behind GET /api/forecast as one plain function of plain data (runs in a worker or inline). */
import type { PriceBook } from '../../domain/prices.js';
import { loadCapsTableSync } from '../../data/caps.js';
import { indexOf, score, seriesFromPriceBook, tradeDateOf, type ExtraColumns, type PointScores, type IntervalScores } from '../../engines/forecast/index.js';
import type { ExogUsed } from './forecast-exog.js';
import { rollingForecastParallel } from './forecast-parallel.js';
import type { MemberCache } from './forecast-member-cache.js';
import { capHitPoints, damCapsOf, forecastPoints, type CapHitRecord, type ForecastPointRecord } from './forecast-model.js';

export interface FitRequest {
  book: PriceBook;
  /** Forecast days (inclusive, DD.MM.YYYY); `to` may be the day after the last day of the book. */
  from: string;
  to: string;
  /** The rolling evaluation covers metricsFrom .. the last day of the book inside the fitted range. */
  metricsFrom: string;
  /** Where the member fits of each day are kept between runs (forecast-member-cache.ts); not part of the fit's key. */
  cache?: MemberCache | null;
  /** The exogenous design columns of the book's series (forecast-inputs.ts servedInputs) and what they were made of; absent: prices only. */
  extra?: ExtraColumns;
  exogenous?: ExogUsed;
}

export interface FitResult {
  data: Record<string, ForecastPointRecord[]>;
  capHitProbability: Record<string, CapHitRecord[]>;
  metrics: (PointScores & Partial<IntervalScores>) | null;
  evaluatedFrom: string | null;
  evaluatedTo: string | null;
  exogenous?: ExogUsed;
}

export async function fitForecastRange(req: FitRequest): Promise<FitResult> {
  const prices = seriesFromPriceBook(req.book);
  const s = req.extra ? { ...prices, extra: req.extra } : prices;
  const from = indexOf(s, req.from);
  const to = indexOf(s, req.to);
  const m = indexOf(s, req.metricsFrom);
  const run = await rollingForecastParallel(s, Math.min(from, m), to, { capsOf: damCapsOf(loadCapsTableSync(), s), cache: req.cache ?? null });
  const data: FitResult['data'] = {};
  const capHitProbability: FitResult['capHitProbability'] = {};
  for (const d of run.days) {
    if (d.t < from) continue;
    const date = tradeDateOf(s.startDay + d.t);
    data[date] = forecastPoints(d);
    const ch = capHitPoints(d);
    if (ch) capHitProbability[date] = ch;
  }
  const scored = run.days.filter((d) => d.t >= m && d.t < s.nDays && s.observed[d.t] === 1);
  const metrics = scored.length ? score(s, scored) : null;
  const date = (t: number | undefined) => (t === undefined ? null : tradeDateOf(s.startDay + t));
  return { data, capHitProbability, metrics: metrics && metrics.sampleDays > 0 ? metrics : null, evaluatedFrom: date(scored[0]?.t), evaluatedTo: date(scored[scored.length - 1]?.t), ...(req.exogenous ? { exogenous: req.exogenous } : {}) };
}
