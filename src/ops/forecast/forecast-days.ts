/**
 * forecast.days (CLI `svc forecast`; no HTTP route): the day-ahead forecasts of a range of days of
 * a price book or of the operator's history, each from the days before it. Progress through
 * ctx.progress, the caps through ctx (forecast-caps.ts `capsTableOf`). docs/forecast.md.
 */
import { SvcError } from '../../domain/errors.js';
import { H, indexOf, seriesFromPriceBook, tradeDateOf } from '../../engines/forecast/index.js';
import { rollingForecastParallel } from './forecast-parallel.js';
import { memberCacheOf } from './forecast-member-cache.js';
import { defineOperation } from '../types.js';
import { BASELINE_NAME, MIN_HISTORY_DAYS, MODEL_NAME, capHitPoints, damCapsOf, forecastPoints } from './forecast-model.js';
import { HISTORY_MONTHS, mktopHistory } from './forecast-history.js';
import { capsTableOf } from './forecast-caps.js';
import { servedInputs } from './forecast-inputs.js';
import { ExogUsedSchema, ForecastDaysRequest, ForecastDaysResponse } from './forecast-days-contract.js';
import { forecastDaysJson, forecastDaysRemarks, forecastDaysView } from './forecast-days-view.js';

export { MIN_HISTORY_DAYS };

export { ExogUsedSchema, ForecastDaysRequest, ForecastDaysResponse };

export const forecastDays = defineOperation({
  id: 'forecast.days',
  summary: 'Day-ahead forecasts of a range of days of a price book, each from the days before it',
  description: 'p10/p50/p90 per hour and the cap-hit probabilities; `to` may be the day after the last day of the book. docs/forecast.md.',
  tags: ['decision'],
  access: 'key',
  input: ForecastDaysRequest,
  output: ForecastDaysResponse,
  cli: {
    command: ['forecast'],
    description: 'day-ahead price forecast with p10–p90 band and cap-hit risk, from the days before it (LEAR ensemble with kernel ridge members)',
    // The whole book: the days before the range are its history; mktop: the op reads the operator's months itself.
    book: {
      into: 'priceBook',
      shape: 'book',
      optional: { name: 'book', help: "price book; - for stdin; mktop: the market operator's DAM prices (cache, else fixtures) of the months before, as far back as the longest window reaches", says: 'forecast: a price book is required (or: svc forecast evaluate <book>)' },
      mktop: { history: 'history' },
    },
    range: {
      into: ['from', 'to'],
      date: { flag: '--date', value: 'DD.MM.YYYY', help: 'the day to forecast (at most the day after the last day of the book)' },
      month: { flag: '--month', value: 'MM.YYYY', help: 'every day of a month, each from the days before it' },
    },
    flags: { history: false, from: false, to: false, exogenous: { flag: '--exog', value: 'mode', verbatim: true } },
    flagHelp: { exogenous: 'exogenous inputs as of 11:00 Kyiv on D-1 (as svc forecast evaluate): base (default: EU base, NBU rate, caps, calendar; prices only when one is missing, said so), off, lagged, projected' },
    flagErrors: { exogenous: { says: 'expected one of off, base, lagged, projected', issue: 'unknown mode' } },
    order: ['@date', '@month', '@chart', 'exogenous'],
    progress: () => 'fitting',
    json: forecastDaysJson,
    remarks: forecastDaysRemarks,
    view: forecastDaysView,
    examples: [
      'svc forecast fixtures/oree-dam-ips-2022-2024.csv --date 01.01.2025',
      'svc forecast fixtures/oree-dam-ips-2022-2024.csv --month 12.2024 --format csv',
      'svc forecast mktop --date 02.12.2024',
      'svc forecast evaluate fixtures/oree-dam-ips-2022-2024.csv --from 01.10.2024 --to 31.12.2024',
    ],
  },
  async run(ctx, input) {
    let book = input.priceBook;
    let source = 'book';
    let why = '';
    if (input.history === 'mktop') {
      const history = await mktopHistory(ctx, 'DAM', input.to.slice(3));
      if (!history) throw SvcError.validation(`mktop: no DAM prices in the cache, from the operator or in the shipped fixtures for the ${HISTORY_MONTHS} months to ${input.to.slice(3)}`, [{ path: 'history', message: 'no history' }], 'insufficient_history');
      ({ book, source } = history);
      why = (history.unreadable ?? []).map((u) => `; mktop ${u.month}: ${u.reason}`).join('');
    }
    const s = seriesFromPriceBook(book ?? {});
    if (s.nDays === 0) throw SvcError.validation('the price book has no days', [{ path: 'priceBook', message: 'empty' }]);
    const last = tradeDateOf(s.startDay + s.nDays - 1);
    const a = indexOf(s, input.from);
    const b = Math.min(s.nDays, indexOf(s, input.to));
    if (a > s.nDays || b < a) throw SvcError.validation(`${input.from} is past the day after the ${source === 'book' ? 'book' : 'history'}'s last day (${last}): a day-ahead forecast needs the day before${why}`, [{ path: 'from', message: 'beyond the data' }], 'insufficient_history');
    const capsOf = damCapsOf(capsTableOf(ctx), s);
    const { series, exogenous } = await servedInputs(ctx, s, capsOf, a, b, input.exogenous);
    const run = await rollingForecastParallel(series, a, b, { capsOf, cache: memberCacheOf(ctx.config), onProgress: (done, total) => ctx.progress?.(done, total, 'days'), ...(ctx.signal ? { signal: ctx.signal } : {}) });
    if (run.days.length === 0) throw SvcError.validation(`not enough history before ${input.from} (the shortest window needs ${MIN_HISTORY_DAYS} days)`, [{ path: 'priceBook', message: 'too short' }], 'insufficient_history');
    return {
      source,
      model: MODEL_NAME,
      baseline: BASELINE_NAME,
      lastDataDay: last,
      exogenous,
      days: run.days.map((d) => {
        const caps = capsOf(d.t);
        return {
          date: tradeDateOf(s.startDay + d.t),
          points: forecastPoints(d),
          capHit: capHitPoints(d),
          actual: d.t < s.nDays && s.observed[d.t] ? Array.from(s.price.subarray(d.t * H, d.t * H + H)) : null,
          maxCap: Array.from({ length: H }, (_, h) => (caps && !Number.isNaN(caps.max[h] as number) ? (caps.max[h] as number) : null)),
          minCap: Array.from({ length: H }, (_, h) => (caps && !Number.isNaN(caps.min[h] as number) ? (caps.min[h] as number) : null)),
          naiveWeight: d.naiveWeight,
        };
      }),
    };
  },
});
