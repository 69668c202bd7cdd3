/**
 * The three reports, in both languages, opened from disk in headless Chromium: no console error,
 * no request, every chart with one mark per data point, the text in the chosen language. The
 * screenshots go to a temporary folder, or to docs/img/ with SVC_UPDATE_SCREENSHOTS=1 (the
 * README's picture). Where no browser can run the tests skip, saying why on stderr; under CI=true
 * (where .ci/run installs Chromium) they fail instead.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPriceBook } from '../../src/data/index.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import type { PriceBook } from '../../src/domain/prices.js';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { bessPlan } from '../../src/ops/strategy/plan.js';
import { bessPlanAhead } from '../../src/ops/strategy/plan-ahead.js';
import { historyWindow } from '../../src/ops/forecast/forecast-model.js';
import { reportBacktest, reportDay, reportForecast } from '../../src/ops/report/report.js';
import { words } from '../../src/report/i18n.js';
import { aheadWords } from '../../src/report/day-ahead.js';
import type { Lang } from '../../src/report/format.js';
import { call, localCtx } from '../ops/helpers.js';
import { FIXTURE, ROOT } from '../cli/helpers.js';
import { launch, playwright, type Browser } from './browser.js';

/** The DOM the page functions below use when they run in the browser (this project compiles without the DOM library). */
interface El {
  getAttribute(name: string): string | null;
  textContent: string | null;
  getBBox(): { x: number; y: number; width: number; height: number };
}
declare const document: { documentElement: { lang: string }; querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El> & Iterable<El> };

const { pw, why } = await playwright();
if (why) console.warn(`\n*** browser tests SKIPPED: ${why} ***\n`);
const inCi = Boolean(process.env.CI);
const browserIt = why && !inCi ? it.skip : it;
const SHOTS = process.env.SVC_UPDATE_SCREENSHOTS ? join(ROOT, 'docs', 'img') : mkdtempSync(join(tmpdir(), 'svc-report-shots-'));
const LANGS: Lang[] = ['en', 'uk'];

let book: PriceBook;
let browser: Browser | undefined;
beforeAll(async () => {
  book = (await loadPriceBook(FIXTURE)).book;
  if (pw) browser = await launch(pw);
});
afterAll(async () => browser?.close());

interface Opened {
  errors: string[];
  requests: string[];
  count(selector: string): Promise<number>;
  attr(selector: string, name: string): Promise<string[]>;
  h2(): Promise<string[]>;
  lang(): Promise<string>;
  /** x, y, width, height of the first element matching, as the browser laid it out (SVG user units). */
  box(selector: string): Promise<number[]>;
  shot(name: string): Promise<void>;
  close(): Promise<void>;
  /** The page printed to PDF on A4, as the browser's print dialog would. */
  pdf(): Promise<Buffer>;
}

/** Opens a page from a file, as an analyst would, collecting console errors and every request. */
async function open(html: string, name: string): Promise<Opened> {
  if (!browser) throw new Error(why ?? 'no browser');
  const file = join(mkdtempSync(join(tmpdir(), 'svc-report-')), `${name}.html`);
  writeFileSync(file, html);
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  return {
    errors,
    requests,
    count: (selector) => page.evaluate((s) => document.querySelectorAll(s).length, selector),
    attr: (selector, a) => page.evaluate(([s, n]) => [...document.querySelectorAll(s)].map((e) => e.getAttribute(n) ?? ''), [selector, a] as [string, string]),
    h2: () => page.evaluate(() => [...document.querySelectorAll('h2')].map((e) => e.textContent ?? '')),
    lang: () => page.evaluate(() => document.documentElement.lang),
    box: (selector) =>
      page.evaluate((sel) => {
        const b = document.querySelector(sel)?.getBBox();
        return b ? [b.x, b.y, b.width, b.height] : [];
      }, selector),
    close: () => page.close(),
    pdf: () => page.pdf({ format: 'A4' }),
    shot: async (shot) => {
      await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
      await page.close();
    },
  };
}

/** Nothing but the file itself was requested, and the console stayed clean. */
function expectQuiet(p: Opened, name: string): void {
  expect(p.errors, `${name}: console`).toEqual([]);
  expect(p.requests.filter((u) => !u.endsWith(`/${name}.html`)), `${name}: requests`).toEqual([]);
}

const range = (from: string, to: string) => Object.fromEntries(Object.entries(book).filter(([d]) => compareTradeDates(d, from) >= 0 && compareTradeDates(d, to) <= 0));

describe.skipIf(!pw && !inCi)('reports in headless Chromium', () => {
  browserIt('a browser can run here', () => expect(why).toBeNull());

  browserIt('the checks see a page that reaches out: the policy blocks it and the console says so', async () => {
    const report = await call(reportDay, localCtx(), { priceBook: book, date: '15.12.2024', lang: 'en' });
    const p = await open(report.html.replace('<main>', '<main><img src="http://127.0.0.1:9/pixel.png" alt="">'), 'reaching-out');
    expect(p.errors.join('\n')).toMatch(/Content Security Policy/);
    await p.close();
  });

  for (const lang of LANGS) {
    browserIt(`backtest (${lang}): every day, month, hour and bin drawn; no request; ${lang} text`, async () => {
      const Q4 = { from: '01.10.2024', to: '31.12.2024' };
      // The README's picture: the page `svc report backtest fixtures/oree-dam-ips-2022-2024.csv --from 01.10.2024 --to 31.12.2024 --capacity 2 --power 1 --fee 10` writes.
      const input = { priceBook: book, source: 'fixtures/oree-dam-ips-2022-2024.csv', leftOut: [{ date: '27.10.2024', reason: 'dst' as const }], ...Q4, capacityMwh: 2, powerMw: 1, feeUahPerMwh: 10, lang };
      const report = await call(reportBacktest, localCtx(), input);
      const summary = await call(backtestSummary, localCtx(), { priceBook: range(Q4.from, Q4.to), strategySettings: { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 10 }, bessSettings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 }, range: Q4 });
      const days = summary.summary.daily.length;
      const name = `report-backtest-${lang}`;
      const p = await open(report.html, name);
      expect(await p.lang()).toBe(lang);
      expect(await p.count('figure[data-chart="equity"] rect.hit')).toBe(days);
      expect(await p.attr('figure[data-chart="equity"] [data-series]', 'data-points')).toEqual([String(days), String(days)]);
      expect(await p.count('figure[data-chart="monthly"] rect.bar')).toBe(3);
      expect(await p.count('figure[data-chart="histogram"] rect.bar')).toBe(summary.analytics.histogram.length);
      expect(await p.count('.hm rect:not(.na)')).toBe(days * 24);
      // the heat map's cells are placed by the page's CSS: the 6th cell of a day is hour 5, one unit tall
      expect(await p.box('.hm g:first-of-type rect:nth-of-type(6)')).toEqual([0, 5, 1, 1]);
      const W = words(lang);
      expect(await p.h2()).toEqual([W.results, W.settings, W.provenance]);
      expect(await p.attr('figure.chart', 'data-chart')).toEqual(['equity', 'monthly', 'heatmap', 'histogram']);
      // Printed (the print CSS): A4 pages (595 × 842 pt), a handful of them.
      const pdf = (await p.pdf()).toString('latin1');
      const pages = pdf.match(/\/Type\s*\/Page(?!s)/g) ?? [];
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(pages.length).toBeLessThanOrEqual(6);
      expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
      expectQuiet(p, name);
      await p.shot(name);
    });

    browserIt(`day (${lang}): 24 prices and caps, the battery's hours, 24 states of charge, the brief in ${lang}`, async () => {
      const report = await call(reportDay, localCtx(), { priceBook: book, source: 'oree-dam-ips-2022-2024.csv', date: '15.12.2024', capacityMwh: 2, powerMw: 1, lang });
      const bess = await call(bessPlan, localCtx(), { tradeDate: '15.12.2024', prices: book['15.12.2024'], settings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 } });
      const active = new Set(bess.plan.cycles.flatMap((c) => [`c${c.chargeHour}`, `d${c.dischargeHour}`])).size;
      const name = `report-day-${lang}`;
      const p = await open(report.html, name);
      expect(await p.lang()).toBe(lang);
      expect(await p.attr('figure[data-chart="prices"] polyline[data-series]', 'data-points')).toEqual(['24', '24', '24']);
      expect(await p.count('figure[data-chart="battery"] rect.bar')).toBe(active);
      expect(await p.attr('figure[data-chart="soc"] [data-series]', 'data-points')).toEqual(['24']);
      const W = words(lang);
      expect(await p.h2()).toEqual([W.results, W.spreadPlan, W.riskChecks, W.briefHeading, W.settings, W.provenance]);
      expectQuiet(p, name);
      await p.shot(name);
    });

    browserIt(`day on a forecast day (${lang}): the bands with the caps, the battery's hours, 24 states of charge, labelled as a forecast`, async () => {
      // 01.01.2025 has no prices in the fixture: the plans are the plan-ahead operations' (one fit for both languages, cached)
      const report = await call(reportDay, localCtx(), { priceBook: book, source: 'oree-dam-ips-2022-2024.csv', date: '01.01.2025', capacityMwh: 2, powerMw: 1, lang });
      const bess = await call(bessPlanAhead, localCtx(), { tradeDate: '01.01.2025', history: historyWindow(book, '01.01.2025'), settings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 } });
      const active = new Set(bess.plan.cycles.flatMap((c) => [`c${c.chargeHour}`, `d${c.dischargeHour}`])).size;
      const name = `report-day-forecast-${lang}`;
      const p = await open(report.html, name);
      expect(await p.lang()).toBe(lang);
      // p50, the expected path planned on, the max and min caps: 24 hours each; the p10–p90 band one polygon
      expect(await p.attr('figure[data-chart="prices"] polyline[data-series]', 'data-points')).toEqual(['24', '24', '24', '24']);
      expect(await p.count('figure[data-chart="prices"] polygon.c-band')).toBe(1);
      expect(await p.count('figure[data-chart="battery"] rect.bar')).toBe(active);
      expect(await p.attr('figure[data-chart="soc"] [data-series]', 'data-points')).toEqual(['24']);
      const W = words(lang);
      expect(await p.h2()).toEqual([W.results, W.spreadPlan, aheadWords(lang).bids, W.riskChecks, W.briefHeading, W.settings, W.provenance]);
      expect(report.html).toContain(aheadWords(lang).label);
      expectQuiet(p, name);
      await p.shot(name);
    }, 180_000);

    browserIt(`forecast (${lang}): the fan's 72 hours with the actual prices, errors by hour and month beside the naive`, async () => {
      // The evaluation needs only the months before the range; a shorter book keeps the test quick.
      const report = await call(reportForecast, localCtx(), { priceBook: range('01.09.2024', '03.12.2024'), source: 'oree-dam-ips-2022-2024.csv', from: '01.12.2024', to: '03.12.2024', lang });
      const name = `report-forecast-${lang}`;
      const p = await open(report.html, name);
      expect(await p.lang()).toBe(lang);
      expect(await p.count('figure[data-chart="fan"] rect.hit')).toBe(72);
      expect(await p.attr('figure[data-chart="fan"] polyline[data-series]', 'data-points')).toEqual(['72', '72']);
      expect(await p.count('figure[data-chart="errors-by-hour"] rect.bar')).toBe(48);
      expect(await p.count('figure[data-chart="errors-by-month"] rect.bar')).toBe(2);
      const W = words(lang);
      expect(await p.h2()).toEqual([W.results, W.coverageByMonth, W.settings, W.provenance]);
      expectQuiet(p, name);
      await p.shot(name);
    }, 180_000);
  }
});
