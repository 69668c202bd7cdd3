/**
 * One EPF market as the seven-set benches score it (forecast-kernel, forecast-members): its series
 * with the two exogenous columns, the days scored (the 728-day test period, or with
 * `untouchedDays` the days before it, which no choice of the model has read), the first day its
 * members are fitted from, and a scorer of the published LEAR/DNN ensembles' forecasts on those days.
 */
import { join } from 'node:path';
import { readEpfMarket, readEpfReference } from '../src/data/epf.js';
import { fittedRange, indexOf, makeSeries, score, type DailySeries, type ForecastOptions } from '../src/engines/forecast/index.js';

export interface EpfSet {
  s: DailySeries;
  from: number;
  to: number;
  /** The first day fitted (the combination's warm-up before `from`). */
  a: number;
  /** rMAE against the weekly naive of the published ensembles on the scored days (NaN on the untouched days: no forecasts there). */
  published: { lear: number; dnn: number };
}

export async function epfSet(shared: string, mkt: string, untouchedDays: number, o: ForecastOptions): Promise<EpfSet> {
  const m = await readEpfMarket(join(shared, `epf/${mkt}.csv`));
  const ref = await readEpfReference(join(shared, `epf/forecasts/Forecasts_${mkt}_DNN_LEAR_ensembles.csv`));
  const s = makeSeries({ dates: m.dates, prices: m.prices, exog: m.exog });
  const from = s.nDays - 728 - untouchedDays;
  const to = untouchedDays ? from + untouchedDays - 1 : s.nDays - 1;
  const [a] = fittedRange(from, to, o);
  const inRange = (d: string) => indexOf(s, d) >= from && indexOf(s, d) <= to;
  const refScore = (vals: Float64Array[]) => score(s, ref.dates.map((d, i) => ({ t: indexOf(s, d), p50: vals[i] as Float64Array })).filter((_, i) => inRange(ref.dates[i] as string))).rmaeVsWeeklyNaive;
  return { s, from, to, a, published: untouchedDays ? { lear: NaN, dnn: NaN } : { lear: refScore(ref.lear), dnn: refScore(ref.dnn) } };
}
