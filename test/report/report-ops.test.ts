/** The report operations on the shipped fixtures: the page's figures are the operations' own, through every door's path (invoke) and HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPriceBook } from '../../src/data/index.js';
import type { PriceBook } from '../../src/domain/prices.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { bessPlan, strategyPlan } from '../../src/ops/strategy/plan.js';
import { reportBacktest, reportDay, reportForecast } from '../../src/ops/report/report.js';
import type { Operation } from '../../src/ops/types.js';
import { HTTP_CSP, PAGE_CSP } from '../../src/report/page.js';
import { call, localCtx } from '../ops/helpers.js';
import { allOperations, harness, type Harness } from '../http/harness.js';
import { FIXTURE } from '../cli/helpers.js';
import { asAttribute, pageFigures, valueAt } from './figures.js';

let book: PriceBook;
let dst: string[];
beforeAll(async () => {
  const read = await loadPriceBook(FIXTURE);
  book = read.book;
  dst = read.skippedDstDays;
});

const Q4 = { from: '01.10.2024', to: '31.12.2024' };
const SETTINGS = { strategySettings: { volumeMwh: 1, minSpreadUah: 50, maxTradesPerDay: 4, feeUahPerMwh: 10 }, bessSettings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, degradationCostUahMwh: 5 } };
const FLAT = { ...SETTINGS.strategySettings, ...SETTINGS.bessSettings };

describe('report.backtest', () => {
  it('shows the figures backtest.summary returns for the same days and settings, each one', async () => {
    const ctx = localCtx();
    const inRange = Object.fromEntries(Object.entries(book).filter(([d]) => compareTradeDates(d, Q4.from) >= 0 && compareTradeDates(d, Q4.to) <= 0));
    const summary = await call(backtestSummary, ctx, { priceBook: inRange, ...SETTINGS, range: Q4 });
    const report = await call(reportBacktest, ctx, { priceBook: book, source: 'oree.csv', ...Q4, ...FLAT, lang: 'en' });
    const figures = pageFigures(report.html);
    expect(Object.keys(figures).length).toBeGreaterThanOrEqual(14);
    for (const [key, value] of Object.entries(figures)) expect(value, key).toBe(asAttribute(valueAt(summary, key)));
    expect(report.figures.map((f) => f.key)).toEqual(Object.keys(figures));
    // 92 calendar days less the clock-change day 27.10.2024
    expect(summary.summary.totalDays).toBe(91);
  });

  it('names the clock-change day of the range as such, and a 3-year page stays under 1.5 MB in either language', async () => {
    for (const lang of ['en', 'uk'] as const) {
      const r = await call(reportBacktest, localCtx(), { priceBook: book, source: 'oree.csv', leftOut: dst.map((date) => ({ date, reason: 'dst' as const })), lang });
      expect(Buffer.byteLength(r.html), lang).toBeLessThan(1.5 * 1024 * 1024);
      expect(r.html).toContain(lang === 'en' ? 'clock-change day (23 or 25 hours), left out' : 'день переходу часу');
      expect(r.html).toContain('27.10.2024');
    }
  });

  it('refuses a range without prices and a missing range without a book', async () => {
    await expect(call(reportBacktest, localCtx(), { priceBook: book, from: '01.01.2030', to: '02.01.2030' })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(call(reportBacktest, localCtx(), { from: '01.01.2024' })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(call(reportBacktest, localCtx(), { priceBook: book, capacityMwh: -1 })).rejects.toMatchObject({ code: 'validation_error' });
  });
});

describe('report.day', () => {
  it('shows the plans the plan operations return, the state of charge ending empty', async () => {
    const ctx = localCtx();
    const day = book['15.12.2024'];
    const spread = await call(strategyPlan, ctx, { tradeDate: '15.12.2024', prices: day, settings: SETTINGS.strategySettings });
    const bess = await call(bessPlan, ctx, { tradeDate: '15.12.2024', prices: day, settings: SETTINGS.bessSettings });
    const report = await call(reportDay, ctx, { priceBook: book, date: '15.12.2024', ...FLAT, lang: 'uk' });
    const figures = pageFigures(report.html);
    expect(figures['strategy.plan.netPnlUah']).toBe(String(spread.plan.netPnlUah));
    expect(figures['bess.plan.netProfitUah']).toBe(String(bess.plan.netProfitUah));
    expect(figures['strategy.plan.trades.length']).toBe(String(spread.plan.trades.length));
    expect(report.html).toContain('Звіт за день · 15.12.2024');
    // every cycle charges before it discharges: the last hour ends empty
    expect(report.html).toMatch(/23:00: Рівень заряду 0,000/);
    // The risk checks' explanations and the approval value in Ukrainian too (the risk op's locale), no note that they are in English.
    expect(report.html).toContain('План УЗЕ використовує');
    expect(report.html).toContain('обов’язкове');
    expect(report.html).not.toContain('The battery plan uses');
    expect(report.html).not.toContain('англійською');
  });
  it('says why a clock-change day has no report', async () => {
    await expect(call(reportDay, localCtx(), { priceBook: book, date: '27.10.2024', leftOut: [{ date: '27.10.2024', reason: 'dst' }] })).rejects.toThrow(/clock-change/);
  });
});

describe('GET /api/reports/*', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h.close());

  it('serves the backtest page over the operator prices as text/html with a strict CSP', async () => {
    const res = await h.inject('/api/reports/backtest?from=01.11.2024&to=30.11.2024&capacityMwh=2&lang=uk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(HTTP_CSP);
    expect(res.body).toContain('<html lang="uk">');
    expect(res.body).toMatch(/Джерело<\/td><td>mktop/);
    expect(res.body).toContain('11.2024: fallback (fixture)');
  });
  it('serves the forecast evaluation page as text/html with a strict CSP, through admission control (issue 32)', async () => {
    // The route and its answer, with the op's run stubbed: a range's real fits (with their warm-up
    // days) take minutes from the TypeScript sources on a busy machine (the page itself: the
    // report.forecast tests above and test/report/browser.test.ts).
    let sawSignal = false;
    const stub = {
      ...reportForecast,
      async run(ctx: Parameters<typeof reportForecast.run>[0], input: Parameters<typeof reportForecast.run>[1]) {
        sawSignal = ctx.signal instanceof AbortSignal;
        return { html: `<!doctype html><html lang="${input.lang}"><body>${input.from} – ${input.to}</body></html>`, contentSecurityPolicy: PAGE_CSP, figures: [] };
      },
    } as unknown as Operation;
    const routed = await harness({ operations: [...allOperations().filter((o) => o.id !== 'report.forecast'), stub] });
    try {
      const res = await routed.inject('/api/reports/forecast?from=02.12.2024&to=03.12.2024&lang=uk');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(HTTP_CSP);
      expect(res.body).toContain('<html lang="uk">');
      expect(res.body).toContain('02.12.2024 – 03.12.2024');
      expect(sawSignal).toBe(true);
    } finally {
      await routed.close();
    }
    // the real op: a bad range is the one JSON error body, before any fit
    const bad = await h.inject('/api/reports/forecast?from=04.12.2024&to=02.12.2024');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    expect((await h.inject('/api/reports/forecast?from=02.12.2024')).statusCode).toBe(400);
  });
  it('answers a bad query with the one JSON error body', async () => {
    const res = await h.inject('/api/reports/backtest?from=01.11.2024&to=30.11.2024&capacityMwh=abc');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((await h.inject('/api/reports/day?date=15.12.2024&lang=xx')).statusCode).toBe(400);
  });
  it('is documented in OpenAPI as text/html', async () => {
    const doc = h.json<{ paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }>; parameters: { name: string }[] } }> }>(await h.inject('/api/openapi.json'));
    for (const path of ['/api/reports/backtest', '/api/reports/day', '/api/reports/forecast']) {
      expect(Object.keys(doc.paths[path]?.get.responses['200']?.content ?? {})).toEqual(['text/html']);
      // heavy routes: admitted under the heavy-work limits (src/http/admission.ts)
      expect(Object.keys(doc.paths[path]?.get.responses ?? {})).toEqual(expect.arrayContaining(['429', '503']));
    }
    expect(doc.paths['/api/reports/forecast']?.get.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['from', 'to', 'lang']));
    expect(doc.paths['/api/reports/backtest']?.get.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['from', 'to', 'capacityMwh', 'feeUahPerMwh', 'planOn', 'lang']));
  });
});
