/**
 * The member fits spread over the pool give the sequential forecasts bit for bit. The pool runs the
 * built worker, so these tests use the built module (dist/, `npm run build` as for the CLI tests);
 * from the TypeScript sources the fits run inline (no loader looked up at run time).
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { realBook } from '../engines/backtest-fixture.js';
import { DEFAULT_FORECAST, combineRolling, fittedRange, indexOf, memberForecasts, seriesFromPriceBook, type ForecastOptions, type LearOptions } from '../../src/engines/forecast/index.js';
import * as fromSources from '../../src/ops/forecast/forecast-parallel.js';

const BUILT = new URL('../../dist/ops/forecast/forecast-parallel.js', import.meta.url);
if (!existsSync(fileURLToPath(BUILT))) throw new Error('run `npm run build` first: the pool runs the built worker');
const { memberForecastsParallel, rollingForecastParallel } = (await import(BUILT.href)) as typeof fromSources;

const FAST: ForecastOptions = {
  ...DEFAULT_FORECAST,
  lear: { ...DEFAULT_FORECAST.lear, members: [{ window: 28, transform: 'asinh' }, { window: 56, transform: 'asinh' }, { window: 28, transform: 'npit' }] },
  combineDays: 7,
  bands: { ...DEFAULT_FORECAST.bands, days: 7 },
};

const hex = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

describe('forecast fits in the pool', () => {
  const s = seriesFromPriceBook(realBook().book);
  const from = indexOf(s, '01.03.2024');
  const to = indexOf(s, '20.03.2024');
  // The sequential member fits, computed once for the file (every test compares against them).
  let sequentialMembers: Float64Array | undefined;
  const members = (a: number): Float64Array => (sequentialMembers ??= memberForecasts(s, a, to, FAST.lear));
  const sequential = (a: number): string => hex(members(a));

  it('fit the same member forecasts as one thread, bit for bit, reporting progress up to the total', async () => {
    const [a] = fittedRange(from, to, FAST);
    const seen: [number, number][] = [];
    const parallel = await memberForecastsParallel(s, a, to, FAST.lear, (done, total) => seen.push([done, total]), 2);
    expect(hex(parallel)).toBe(sequential(a));
    // Workers report chunks of days (inline fitting would report every day).
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.length).toBeLessThan(to - a + 1);
    expect(seen.every(([d, t], i) => t === to - a + 1 && d > (seen[i - 1]?.[0] ?? 0))).toBe(true);
    expect(seen[seen.length - 1]).toEqual([to - a + 1, to - a + 1]);
  }, 60_000);

  it('give the sequential rolling run (p10, p50, p90, weights), and run inline on one thread', async () => {
    // The sequential rolling run, rollingForecast(s, from, to, FAST): by its definition (rolling.ts)
    // the combination of the sequential member fits of fittedRange(from, to), here the file's own.
    const [a] = fittedRange(from, to, FAST);
    const seq = combineRolling(s, from, to, members(a), FAST);
    for (const threads of [1, 3]) {
      const run = await rollingForecastParallel(s, from, to, { options: FAST, threads });
      expect(run.days.map((d) => d.t)).toEqual(seq.days.map((d) => d.t));
      run.days.forEach((d, i) => {
        const q = seq.days[i];
        expect([hex(d.p10), hex(d.p50), hex(d.p90), hex(d.weights)]).toEqual([hex(q?.p10 as Float64Array), hex(q?.p50 as Float64Array), hex(q?.p90 as Float64Array), hex(q?.weights as Float64Array)]);
      });
    }
  }, 60_000);

  it('from the TypeScript sources, fit inline with the same bits (no built worker, no loader lookup)', async () => {
    const [a] = fittedRange(from, to, FAST);
    const seen: number[] = [];
    expect(hex(await fromSources.memberForecastsParallel(s, a, to, FAST.lear, (done) => seen.push(done), 2))).toBe(sequential(a));
    expect(seen).toEqual(Array.from({ length: to - a + 1 }, (_, i) => i + 1));
  }, 60_000);

  it('starts its workers from any working directory', async () => {
    const [a] = fittedRange(from, to, FAST);
    const cwd = process.cwd();
    const seen: number[] = [];
    process.chdir(tmpdir());
    try {
      const parallel = await memberForecastsParallel(s, a, to, FAST.lear, (done) => seen.push(done), 2);
      expect(hex(parallel)).toBe(sequential(a));
    } finally {
      process.chdir(cwd);
    }
    expect(seen.length).toBeLessThan(to - a + 1); // chunks: the workers ran
  }, 60_000);

  it('fits inline, with the same bits, when workers cannot run (data they cannot receive, a thread count that is not a number)', async () => {
    const [a] = fittedRange(from, to, FAST);
    const expected = sequential(a);
    const uncloneable = { ...FAST.lear, note: () => 'a function cannot be sent to a worker' } as LearOptions;
    const seen: number[] = [];
    expect(hex(await memberForecastsParallel(s, a, to, uncloneable, (done) => seen.push(done), 2))).toBe(expected);
    expect(seen[seen.length - 1]).toBe(to - a + 1);
    expect(hex(await memberForecastsParallel(s, a, to, FAST.lear, undefined, Number.NaN))).toBe(expected);
  }, 60_000);
});
