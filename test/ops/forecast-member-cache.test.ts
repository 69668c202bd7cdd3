/**
 * The member fits kept between processes (src/ops/forecast/forecast-member-cache.ts): keyed by
 * exactly what a day's fits read (engines/forecast/fit-inputs.ts, held here to the engine's own
 * reads), read back bit for bit, robust to bad files, bounded, off when configured so.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { H, capBand, fitReads, makeSeries, memberForecasts, type DailySeries, type LearOptions } from '../../src/engines/forecast/index.js';
import { STORE_EVERY_DAYS, cachedMemberForecasts, evict, memberCacheOf, memberDayKey, type FitDays, type MemberCache } from '../../src/ops/forecast/forecast-member-cache.js';
import { loadConfig } from '../../src/config/config.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import type { PriceBook } from '../../src/domain/prices.js';
import { fitForecastRange } from '../../src/ops/forecast/forecast-compute.js';
import { forecastsForPlans } from '../../src/ops/forecast/forecast-day.js';
import { withServedInputs } from '../../src/ops/forecast/forecast-inputs.js';
import { realBook } from '../engines/backtest-fixture.js';
import { localCtx } from './helpers.js';

const LEAR: LearOptions = {
  members: [
    { window: 28, transform: 'asinh', sinceBreak: 7 },
    { window: 42, transform: 'npit' },
    { window: 400, transform: 'asinh' },
  ],
  lasso: { nLambda: 8, lambdaRatio: 1e-2, criterion: 'aic', tol: 1e-3, maxSweeps: 200, patience: 3, refit: true, refitTol: 1e-3 },
};

/** A deterministic series of `n` days from 01.01.2024 with one exogenous series, extra columns and breaks. */
function series(n = 120, startDate = 1): DailySeries {
  let x = 12345;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const dates = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 0, startDate + i)).toISOString().slice(0, 10).split('-').reverse().join('.'));
  const prices = dates.map((_, i) => Array.from({ length: H }, (_, h) => 3000 + 1500 * Math.sin((h / 24) * 6.28) + 400 * rnd() + 5 * i));
  const exog = [dates.map(() => Array.from({ length: H }, () => 100 * rnd()))];
  const s = makeSeries({ dates, prices, exog });
  s.extra = { names: { hourly: ['solar'], daily: ['holiday'] }, hourly: [Float64Array.from({ length: (n + 1) * H }, () => rnd())], daily: [Float64Array.from({ length: n + 1 }, () => (rnd() > 0.9 ? 1 : 0))] };
  s.breaks = [60, 95];
  return s;
}

const copy = (s: DailySeries): DailySeries => ({
  ...s,
  price: s.price.slice(),
  observed: s.observed.slice(),
  exog: s.exog.map((e) => e.slice()),
  ...(s.extra ? { extra: { names: s.extra.names, hourly: s.extra.hourly.map((e) => e.slice()), daily: s.extra.daily.map((e) => e.slice()) } } : {}),
  ...(s.breaks ? { breaks: [...s.breaks] } : {}),
});
const hex = (a: Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
const fitsOf = (s: DailySeries, t: number): string => hex(memberForecasts(s, t, t, LEAR));

/** The days of `a` the engine reads while fitting day t (a Proxy over the typed array records every index it reads). */
function daysRead(s: DailySeries, t: number, pick: (s: DailySeries) => Float64Array | Uint8Array, put: (s: DailySeries, a: Float64Array | Uint8Array) => void, width: number): number[] {
  const c = copy(s);
  const seen = new Set<number>();
  const target = pick(c);
  put(c, new Proxy(target, { get: (o, p) => (typeof p === 'string' && /^\d+$/.test(p) && seen.add(Math.floor(Number(p) / width)), Reflect.get(o, p, o)) }));
  memberForecasts(c, t, t, LEAR);
  return [...seen].sort((a, b) => a - b);
}

describe('the key of a day: exactly the inputs its fits read', () => {
  const s = series();
  const t = 110; // members 28 and 42 fitted, 400 not

  it('spans what the engine reads, to the day (recorded on the engine itself)', () => {
    const r = fitReads(s, t, LEAR)!;
    expect(r.fitted).toEqual([true, true, false]);
    const span = (days: number[]) => [days[0], days[days.length - 1]];
    expect(span(daysRead(s, t, (x) => x.price, (x, a) => (x.price = a as Float64Array), H))).toEqual([...r.price]);
    expect(span(daysRead(s, t, (x) => x.observed, (x, a) => (x.observed = a as Uint8Array), 1))).toEqual([...r.observed]);
    expect(span(daysRead(s, t, (x) => x.exog[0]!, (x, a) => (x.exog = [a as Float64Array]), H))).toEqual([...r.exog]);
    expect(span(daysRead(s, t, (x) => x.extra!.hourly[0]!, (x, a) => (x.extra!.hourly = [a as Float64Array]), H))).toEqual([...r.extra]);
    expect(span(daysRead(s, t, (x) => x.extra!.daily[0]!, (x, a) => (x.extra!.daily = [a as Float64Array]), 1))).toEqual([...r.extra]);
    expect(r.price).toEqual([t - 42, t - 1]);
  });

  it('changes with any input inside the reads; a change outside them keeps the key and the fits bit for bit', () => {
    const r = fitReads(s, t, LEAR)!;
    const base = memberDayKey(s, t, LEAR);
    const fits = fitsOf(s, t);
    const cases: [string, number, (x: DailySeries, d: number) => void][] = [
      ['price', 0, (x, d) => (x.price[d * H + 5] = (x.price[d * H + 5] as number) + 1)],
      ['observed', 0, (x, d) => (x.observed[d] = 1 - (x.observed[d] as number))],
      ['exog', 0, (x, d) => (x.exog[0]![d * H + 5] = (x.exog[0]![d * H + 5] as number) + 1)],
      ['extra', 0, (x, d) => (x.extra!.hourly[0]![d * H + 5] = (x.extra!.hourly[0]![d * H + 5] as number) + 1)],
      ['extra', 1, (x, d) => (x.extra!.daily[0]![d] = 1 - (x.extra!.daily[0]![d] as number))],
    ];
    for (const [kind, , change] of cases) {
      const [lo, hi] = r[kind as 'price' | 'observed' | 'exog' | 'extra'];
      for (const d of [lo, hi]) {
        const c = copy(s);
        change(c, d);
        expect(memberDayKey(c, t, LEAR), `${kind} day ${d}`).not.toBe(base);
      }
      for (const d of [lo - 1, hi + 1]) {
        if (d < 0 || d > s.nDays) continue;
        const c = copy(s);
        change(c, d);
        expect(memberDayKey(c, t, LEAR), `${kind} day ${d}`).toBe(base);
        expect(fitsOf(c, t), `${kind} day ${d}`).toBe(fits);
      }
    }
  });

  it('changes with a break that moves a since-break member, not with one that cannot', () => {
    const base = memberDayKey(s, t, LEAR);
    const fits = fitsOf(s, t);
    const at = (breaks: number[]) => ({ ...copy(s), breaks });
    // Member 28 (sinceBreak 7) cuts its window at a break in (t − 28 + 7, t − 7].
    expect(memberDayKey(at([60, 95, t - 10]), t, LEAR)).not.toBe(base);
    expect(fitsOf(at([60, 95, t - 10]), t)).not.toBe(fits);
    for (const late of [t - 6, t]) {
      expect(memberDayKey(at([60, 95, late]), t, LEAR)).toBe(base);
      expect(fitsOf(at([60, 95, late]), t)).toBe(fits);
    }
    expect(memberDayKey(at([60, t - 21]), t, LEAR)).toBe(memberDayKey(at([60]), t, LEAR));
  });

  it('does not depend on where the day sits in the series, only on its day of week, and changes with the options', () => {
    const later = series(127, -6); // the same days from 7 days earlier: same weekdays, t + 7
    for (let d = 0; d < s.nDays; d++) {
      later.price.set(s.price.subarray(d * H, d * H + H), (d + 7) * H);
      later.exog[0]!.set(s.exog[0]!.subarray(d * H, d * H + H), (d + 7) * H);
      later.extra!.hourly[0]!.set(s.extra!.hourly[0]!.subarray(d * H, d * H + H), (d + 7) * H);
      later.extra!.daily[0]![d + 7] = s.extra!.daily[0]![d]!;
    }
    later.extra!.hourly[0]!.set(s.extra!.hourly[0]!.subarray(s.nDays * H), (s.nDays + 7) * H);
    later.extra!.daily[0]![s.nDays + 7] = s.extra!.daily[0]![s.nDays]!;
    later.breaks = s.breaks!.map((b) => b + 7);
    expect(memberDayKey(later, t + 7, LEAR)).toBe(memberDayKey(s, t, LEAR));
    expect(fitsOf(later, t + 7)).toBe(fitsOf(s, t));
    expect(memberDayKey({ ...s, startDay: s.startDay + 1 }, t, LEAR)).not.toBe(memberDayKey(s, t, LEAR));
    expect(memberDayKey(s, t, { ...LEAR, lasso: { ...LEAR.lasso, nLambda: 9 } })).not.toBe(memberDayKey(s, t, LEAR));
    expect(memberDayKey(s, 5, LEAR)).toBeNull();
  });
});

describe('the key of a day with a member on the caps: the band it reads, to the day', () => {
  const ON_CAPS: LearOptions = { ...LEAR, members: [...LEAR.members, { window: 35, transform: 'asinh', space: 'caps' }] };
  const banded = (): DailySeries => {
    const s = series();
    s.caps = capBand((d) => ({ min: Array.from({ length: H }, () => (d < 70 ? 1000 : 10)), max: Array.from({ length: H }, () => (d < 70 ? 4000 : 6000)) }), s.nDays + 1)!;
    return s;
  };
  const withBand = (s: DailySeries): DailySeries => ({ ...copy(s), caps: { from: s.caps!.from, lo: s.caps!.lo.slice(), hi: s.caps!.hi.slice() } });
  const t = 110;

  it('spans what the engine reads of the band, and only a member on the caps reads it', () => {
    const s = banded();
    const r = fitReads(s, t, ON_CAPS)!;
    expect(r.caps).toEqual([t - 35, t]);
    const span = (days: number[]) => [days[0], days[days.length - 1]];
    const read = (pick: 'lo' | 'hi') => {
      const c = withBand(s);
      const seen = new Set<number>();
      const a = c.caps![pick];
      c.caps![pick] = new Proxy(a, { get: (o, p) => (typeof p === 'string' && /^\d+$/.test(p) && seen.add(Math.floor(Number(p) / H)), Reflect.get(o, p, o)) });
      memberForecasts(c, t, t, ON_CAPS);
      return [...seen].sort((x, y) => x - y);
    };
    expect(span(read('lo'))).toEqual([...r.caps]);
    expect(span(read('hi'))).toEqual([...r.caps]);
    expect(fitReads(s, t, LEAR)!.caps[0]).toBeGreaterThan(fitReads(s, t, LEAR)!.caps[1]); // none
  });

  it('changes with the band inside the reads; a change outside keeps the key and the fits', () => {
    const s = banded();
    const base = memberDayKey(s, t, ON_CAPS);
    const fits = hex(memberForecasts(s, t, t, ON_CAPS));
    for (const d of [t - 35, t]) {
      const c = withBand(s);
      c.caps!.hi[d * H + 3] = (c.caps!.hi[d * H + 3] as number) + 1;
      expect(memberDayKey(c, t, ON_CAPS), `day ${d}`).not.toBe(base);
    }
    for (const d of [t - 36, t + 1]) {
      const c = withBand(s);
      c.caps!.hi[d * H + 3] = (c.caps!.hi[d * H + 3] as number) + 1;
      expect(memberDayKey(c, t, ON_CAPS), `day ${d}`).toBe(base);
      expect(hex(memberForecasts(c, t, t, ON_CAPS)), `day ${d}`).toBe(fits);
    }
    // Without a member on the caps, the band is not part of the key.
    const c = withBand(s);
    c.caps!.hi[t * H] = 1e6;
    expect(memberDayKey(c, t, LEAR)).toBe(memberDayKey(s, t, LEAR));
  });
});

const dir = (): string => mkdtempSync(join(inject('svcTestTmp') ?? tmpdir(), 'svc-fit-cache-'));
const fitter = (s: DailySeries, log: number[][] = []): FitDays => async (a, b) => {
  log.push([a, b]);
  await new Promise((r) => setImmediate(r));
  return memberForecasts(s, a, b, LEAR);
};

describe('the cache on disk', () => {
  const s = series();
  const a = 80;
  const to = 91;
  const fresh = hex(memberForecasts(s, a, to, LEAR));

  it('reads back the fits bit for bit, fits only the days it lacks, and each day is one file', async () => {
    const c: MemberCache = { dir: dir(), maxBytes: 1 << 30 };
    const log: number[][] = [];
    const cold = await cachedMemberForecasts(s, a, to, LEAR, c, fitter(s, log));
    expect(hex(cold.members)).toBe(fresh);
    expect(cold.stats).toEqual({ read: 0, fitted: 12 });
    expect(readdirSync(c.dir).filter((f) => f.endsWith('.f64'))).toHaveLength(12);
    const warm = await cachedMemberForecasts(s, a, to, LEAR, c, fitter(s, log));
    expect(hex(warm.members)).toBe(fresh);
    expect(warm.stats).toEqual({ read: 12, fitted: 0 });
    // The next day: one fit.
    const next = await cachedMemberForecasts(s, a + 1, to + 1, LEAR, c, fitter(s, log));
    expect(next.stats).toEqual({ read: 11, fitted: 1 });
    expect(hex(next.members)).toBe(hex(memberForecasts(s, a + 1, to + 1, LEAR)));
    expect(log).toEqual([[a, to], [to + 1, to + 1]]);
  });

  it('stores what it fitted piece by piece: a run that fails part-way (a request past its deadline) leaves its pieces, and the retry fits only the rest', async () => {
    const c: MemberCache = { dir: dir(), maxBytes: 1 << 30 };
    const from = 50;
    const until = from + STORE_EVERY_DAYS + 9; // two pieces
    const log: number[][] = [];
    const failing: FitDays = async (x, y, p) => {
      if (log.length === 1) throw new Error('deadline');
      return fitter(s, log)(x, y, p);
    };
    await expect(cachedMemberForecasts(s, from, until, LEAR, c, failing)).rejects.toThrow('deadline');
    expect(log).toEqual([[from, from + STORE_EVERY_DAYS - 1]]);
    const retry: number[][] = [];
    const again = await cachedMemberForecasts(s, from, until, LEAR, c, fitter(s, retry));
    expect(again.stats).toEqual({ read: STORE_EVERY_DAYS, fitted: 10 });
    expect(retry).toEqual([[from + STORE_EVERY_DAYS, until]]);
    expect(hex(again.members)).toBe(hex(memberForecasts(s, from, until, LEAR)));
  });

  it('ignores a short, corrupt or foreign file and refits that day; concurrent runs agree and leave no temp file', async () => {
    const c: MemberCache = { dir: dir(), maxBytes: 1 << 30 };
    await cachedMemberForecasts(s, a, to, LEAR, c, fitter(s));
    const file = (t: number) => join(c.dir, `${memberDayKey(s, t, LEAR)}.f64`);
    writeFileSync(file(a), readFileSync(file(a)).subarray(0, 100));
    const flipped = readFileSync(file(a + 3));
    flipped[200] = (flipped[200] as number) ^ 1;
    writeFileSync(file(a + 3), flipped);
    writeFileSync(file(a + 5), Buffer.alloc(readFileSync(file(a + 6)).length));
    const log: number[][] = [];
    const again = await cachedMemberForecasts(s, a, to, LEAR, c, fitter(s, log));
    expect(hex(again.members)).toBe(fresh);
    expect(log).toEqual([[a, a], [a + 3, a + 3], [a + 5, a + 5]]);
    const d2: MemberCache = { dir: dir(), maxBytes: 1 << 30 };
    const both = await Promise.all([cachedMemberForecasts(s, a, to, LEAR, d2, fitter(s)), cachedMemberForecasts(s, a, to, LEAR, d2, fitter(s))]);
    expect(both.map((r) => hex(r.members))).toEqual([fresh, fresh]);
    expect(readdirSync(d2.dir).filter((f) => !f.endsWith('.f64'))).toEqual([]);
  });

  it('stays under its bound, deleting the least recently used days', async () => {
    const c: MemberCache = { dir: dir(), maxBytes: 1 << 30 };
    await cachedMemberForecasts(s, a, to, LEAR, c, fitter(s));
    const file = (t: number) => join(c.dir, `${memberDayKey(s, t, LEAR)}.f64`);
    const size = statSync(file(a)).size;
    // Used in day order (a hit touches its file): a the longest ago.
    for (let t = a; t <= to; t++) utimesSync(file(t), 1_000_000 + t, 1_000_000 + t);
    expect(evict({ ...c, maxBytes: size * 12 }, size)).toBe(0);
    expect(evict({ ...c, maxBytes: size * 10 }, size)).toBe(5);
    expect(readdirSync(c.dir).sort()).toEqual(Array.from({ length: 7 }, (_, i) => `${memberDayKey(s, to - i, LEAR)}.f64`).sort());
    // A run that stores evicts too.
    const small: MemberCache = { dir: dir(), maxBytes: size * 10 };
    await cachedMemberForecasts(s, a, to, LEAR, small, fitter(s));
    expect(readdirSync(small.dir)).toHaveLength(7);
  });

  it('lives in the data directory unless SVC_FIT_CACHE_DIR says where; SVC_FIT_CACHE=false turns it off', () => {
    expect(memberCacheOf(loadConfig({}, { dataDir: '/d' }))).toEqual({ dir: join('/d', 'cache', 'forecast-members'), maxBytes: 64 * 1024 * 1024 });
    expect(memberCacheOf(loadConfig({ SVC_FIT_CACHE_DIR: '/f', SVC_FIT_CACHE_MAX_MB: '2' }, { dataDir: '/d' }))).toEqual({ dir: '/f', maxBytes: 2 * 1024 * 1024 });
    expect(memberCacheOf(loadConfig({ SVC_FIT_CACHE: 'false' }, { dataDir: '/d' }))).toBeNull();
    expect(() => loadConfig({ SVC_FIT_CACHE_MAX_MB: '0' })).toThrow(/SVC_FIT_CACHE_MAX_MB/);
  });
});

describe('the forecast paths read one cache', () => {
  it('a plan on the forecast stores the days that GET /api/forecast then reads back: the same forecast', async () => {
    const { book } = realBook();
    // 150 days of the fixture: only the 56- and 84-day members fit, a few seconds.
    const dates = Object.keys(book).sort(compareTradeDates).slice(-150);
    const short: PriceBook = Object.fromEntries(dates.map((d) => [d, book[d]!]));
    const cacheDir = dir();
    const ctx = localCtx();
    ctx.config = { ...ctx.config, fitCache: { enabled: true, dir: cacheDir, maxBytes: 1 << 30 } };
    const day = dates[dates.length - 1]!;
    const plans = await forecastsForPlans(short, [day], { ctx });
    expect(plans.get(day)?.p50).toHaveLength(24);
    const stored = readdirSync(cacheDir).length;
    expect(stored).toBeGreaterThan(80);
    // GET /api/forecast's request: the same served exogenous inputs (forecast-inputs.ts).
    const page = await fitForecastRange(await withServedInputs(ctx, { book: short, from: day, to: day, metricsFrom: day, cache: memberCacheOf(ctx.config) }));
    expect(page.data[day]?.map((p) => Math.round(p.p50 * 100) / 100)).toEqual(plans.get(day)?.p50);
    expect(readdirSync(cacheDir)).toHaveLength(stored); // every day read back
  }, 120_000);
});
