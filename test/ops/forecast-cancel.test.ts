/**
 * A request's deadline cancels its forecast fits (src/ops/forecast/forecast-parallel.ts, `signal`): inline
 * (from the TypeScript sources) the days are fitted chunk by chunk with the same bits, stopping at
 * the abort; on the pool (the built module, as test/ops/forecast-parallel.test.ts) the run's tasks
 * are aborted and the run rejects with the signal's reason instead of falling back to inline fits.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { realBook } from '../engines/backtest-fixture.js';
import { DEFAULT_FORECAST, fittedRange, indexOf, memberForecasts, rollingForecast, seriesFromPriceBook, type ForecastOptions } from '../../src/engines/forecast/index.js';
import { damCapsOf } from '../../src/ops/forecast/forecast-model.js';
import { capsTableOf } from '../../src/ops/forecast/forecast-caps.js';
import * as fromSources from '../../src/ops/forecast/forecast-parallel.js';

const BUILT = new URL('../../dist/ops/forecast/forecast-parallel.js', import.meta.url);
if (!existsSync(fileURLToPath(BUILT))) throw new Error('run `npm run build` first: the pool runs the built worker');
const built = (await import(BUILT.href)) as typeof fromSources;

const FAST: ForecastOptions = {
  ...DEFAULT_FORECAST,
  lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 56, transform: 'asinh' }, { window: 28, transform: 'npit' }] },
  combineDays: 7,
  bands: { ...DEFAULT_FORECAST.bands, days: 7 },
};
const hex = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
const reason = { code: 'unavailable', reason: 'deadline_exceeded' };

describe('forecast fits under a signal', () => {
  const s = seriesFromPriceBook(realBook().book);
  const [a] = fittedRange(indexOf(s, '01.03.2024'), indexOf(s, '20.03.2024'), FAST);
  const to = indexOf(s, '20.03.2024');
  // The shipped caps, as the operations hold their forecasts to them (regime breaks included).
  const capsOf = damCapsOf(capsTableOf(undefined), s);

  it('inline with a signal: the same bits, fitted in chunks with turns of the event loop between them', async () => {
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    try {
      const chunked = await fromSources.memberForecastsParallel(s, a, to, FAST.lear, undefined, 2, new AbortController().signal);
      expect(hex(chunked)).toBe(hex(memberForecasts(s, a, to, FAST.lear)));
    } finally {
      clearInterval(tick);
    }
    expect(turns).toBeGreaterThan(0);
  }, 60_000);

  it('inline: an aborted signal stops the run with its reason, before or between chunks', async () => {
    const before = new AbortController();
    before.abort(reason);
    await expect(fromSources.memberForecastsParallel(s, a, to, FAST.lear, undefined, 2, before.signal)).rejects.toEqual(reason);
    const during = new AbortController();
    const seen: number[] = [];
    const run = fromSources.memberForecastsParallel(s, a, to, FAST.lear, (done) => (seen.push(done), done >= 4 && during.abort(reason)), 2, during.signal);
    await expect(run).rejects.toEqual(reason);
    expect(seen[seen.length - 1]).toBeLessThan(to - a + 1);
  }, 60_000);

  it('on the pool: an abort mid-run rejects with the reason, with no inline fallback', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = built.memberForecastsParallel(s, a, to, FAST.lear, (done) => (seen.push(done), controller.abort(reason)), 2, controller.signal);
    await expect(run).rejects.toEqual(reason);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[seen.length - 1]).toBeLessThan(to - a + 1);
    // the pool serves the next run as before
    expect(hex(await built.memberForecastsParallel(s, a, to, FAST.lear, undefined, 2))).toBe(hex(memberForecasts(s, a, to, FAST.lear)));
  }, 60_000);

  it('on the pool with a signal: the combination runs there too (a served request keeps it off the event loop), the same bits; an abort during it rejects with the reason', async () => {
    const from = indexOf(s, '01.03.2024');
    const seq = rollingForecast(s, from, to, FAST, capsOf);
    const run = await built.rollingForecastParallel(s, from, to, { options: FAST, threads: 2, capsOf, signal: new AbortController().signal });
    expect(run.days.map((d) => d.t)).toEqual(seq.days.map((d) => d.t));
    expect(run.days.map((d) => [hex(d.p10), hex(d.p50), hex(d.p90), hex(d.weights)])).toEqual(seq.days.map((d) => [hex(d.p10), hex(d.p50), hex(d.p90), hex(d.weights)]));
    expect(hex(run.residuals)).toBe(hex(seq.residuals));
    // Aborted once every member is fitted: only the combination is left, on the pool.
    const controller = new AbortController();
    const len = to - fittedRange(from, to, FAST)[0] + 1;
    const onProgress = (done: number) => done === len && setTimeout(() => controller.abort(reason), 0);
    await expect(built.rollingForecastParallel(s, from, to, { options: FAST, threads: 2, capsOf, onProgress, signal: controller.signal })).rejects.toEqual(reason);
  }, 60_000);
});
