/** The rendering floor alone: marks per data point, both languages, units, escaping, a self-contained page. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { renderBacktestReport, backtestFigures } from '../../src/report/backtest.js';
import { renderForecastReport } from '../../src/report/forecast.js';
import { renderDayReport } from '../../src/report/day.js';
import { PAGE_CSP, HTTP_CSP } from '../../src/report/page.js';
import { num } from '../../src/report/format.js';
import { ticksOf, tickDigits } from '../../src/report/svg.js';
import { backtestView, dayView, forecastView } from './views.js';

const chart = (html: string, kind: string) => {
  const el = parse(html).querySelector(`figure[data-chart="${kind}"]`);
  if (!el) throw new Error(`no ${kind} chart`);
  return el;
};
const seriesPoints = (html: string, kind: string, series: string) => Number(chart(html, kind).querySelector(`[data-series="${series}"]`)?.getAttribute('data-points'));
const polylineVertices = (html: string, kind: string, series: string) => (chart(html, kind).querySelector(`polyline[data-series="${series}"]`)?.getAttribute('points') ?? '').trim().split(/\s+/).length;

/** Every way a page could reach out: scripts, links, images, fonts, frames, CSS urls. */
function expectSelfContained(html: string): void {
  expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed|@import|url\(|@font-face|src=|href=/i);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const hash = `sha256-${createHash('sha256').update(style).digest('base64')}`;
  expect(PAGE_CSP).toContain(`'${hash}'`);
  expect(html).toContain(`content="${PAGE_CSP}"`);
  expect(html).not.toMatch(/ style="/);
}

describe('backtest report', () => {
  const html = renderBacktestReport(backtestView('en'));

  it('draws one mark per data point in every chart', () => {
    expect(polylineVertices(html, 'equity', 'equity')).toBe(3);
    expect(seriesPoints(html, 'equity', 'drawdown')).toBe(3);
    expect(chart(html, 'equity').querySelectorAll('rect.hit')).toHaveLength(3);
    expect(chart(html, 'monthly').querySelectorAll('rect.bar')).toHaveLength(2);
    expect(chart(html, 'monthly').querySelectorAll('rect.c-neg')).toHaveLength(1);
    // two days with prices × 24 hours; the day without prices has no cells
    expect(chart(html, 'heatmap').querySelectorAll('.hm rect').filter((r) => r.getAttribute('class') !== 'na')).toHaveLength(48);
    expect(chart(html, 'histogram').querySelectorAll('rect.bar')).toHaveLength(2);
    expect(html).not.toContain('data-chart="capture"');
  });

  it('shows each headline figure with its exact value and source key', () => {
    const figs = parse(html).querySelectorAll('[data-figure]');
    const byKey = Object.fromEntries(figs.map((f) => [f.getAttribute('data-figure'), f.getAttribute('data-value')]));
    expect(byKey['summary.combinedNetPnlUah']).toBe('2000');
    expect(byKey['summary.strategyNetPnlUah']).toBe('1500.5');
    expect(byKey['analytics.capture.bessCaptureUahMwh']).toBe('');
    expect(figs).toHaveLength(backtestFigures(backtestView('en')).length);
  });

  it('groups the day counts of the hit rate as its other numbers (en 1,089 of 1,090; uk-UA groups from five digits)', () => {
    const base = backtestView('en');
    const big = (lang: 'en' | 'uk') => backtestView(lang, { summary: { ...base.summary, profitableDays: 10_089, totalDays: 10_090, hitRate: 10_089 / 10_090 } });
    const text = (lang: 'en' | 'uk') => backtestFigures(big(lang)).find((f) => f.key === 'summary.hitRate')?.text;
    expect(text('en')).toContain('(10,089 of 10,090)');
    expect(text('uk')).toMatch(/\(10\s089 з 10\s090\)/);
  });

  it('labels axes with units and writes dates as DD.MM.YYYY, in English or Ukrainian', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Date (DD.MM.YYYY)');
    expect(html).toContain('>UAH<');
    expect(html).toContain('31.12.2024: Cumulative PnL 2,300.00');
    const uk = renderBacktestReport(backtestView('uk'));
    expect(uk).toContain('<html lang="uk">');
    expect(uk).toContain('Дата (ДД.ММ.РРРР)');
    expect(uk).toContain('Накопичений результат 2\u00a0300,00');
    expect(uk).not.toContain('Cumulative PnL');
  });

  it('names the days without prices and escapes the source name', () => {
    expect(html).toContain('book &lt;test&gt;.csv');
    expect(parse(html).querySelector('table[data-table="gaps"]')?.text).toContain('31.12.2024');
  });

  it('adds the capture chart when plans were made on forecasts', () => {
    const withForecast = renderBacktestReport(
      backtestView('en', {
        forecastPlans: {
          days: 3,
          skippedDays: [],
          monthly: [
            { month: '12.2024', days: 2, realisedPnlUah: 1500, perfectForesightPnlUah: 2300, captureRatio: 0.652 },
            { month: '01.2025', days: 1, realisedPnlUah: -400, perfectForesightPnlUah: -300, captureRatio: null },
            { month: 'all', days: 3, realisedPnlUah: 1100, perfectForesightPnlUah: 2000, captureRatio: 0.55 },
          ],
        },
      }),
    );
    expect(chart(withForecast, 'capture').querySelectorAll('rect.bar')).toHaveLength(4);
    expect(parse(withForecast).querySelector('[data-figure="forecastPlans.monthly[all].captureRatio"]')?.getAttribute('data-value')).toBe('0.55');
  });

  it('is one self-contained page', () => expectSelfContained(html));
});

describe('forecast report', () => {
  const html = renderForecastReport(forecastView('en'));
  it('draws the fan with every hour and the actual prices where known', () => {
    expect(seriesPoints(html, 'fan', 'p50 forecast')).toBe(48);
    expect(seriesPoints(html, 'fan', 'Actual')).toBe(47);
    expect(chart(html, 'fan').querySelectorAll('rect.hit')).toHaveLength(48);
    expect(chart(html, 'errors-by-hour').querySelectorAll('rect.bar')).toHaveLength(47);
    expect(chart(html, 'errors-by-month').querySelectorAll('rect.bar')).toHaveLength(2);
    expect(html).toContain('75.0%');
  });
  it('speaks Ukrainian when asked', () => {
    const uk = renderForecastReport(forecastView('uk'));
    expect(uk).toContain('Віяло прогнозу');
    expect(uk).toContain('75,0 %');
    expectSelfContained(uk);
  });
});

describe('day report', () => {
  const html = renderDayReport(dayView('en'));
  it('draws the 24 prices, the caps, the trades and the battery', () => {
    expect(seriesPoints(html, 'prices', 'Price')).toBe(24);
    expect(seriesPoints(html, 'prices', 'Price cap (max)')).toBe(24);
    expect(chart(html, 'prices').querySelectorAll('[data-series="Buy"] circle')).toHaveLength(1);
    expect(chart(html, 'prices').querySelectorAll('[data-series="Sell"] circle')).toHaveLength(1);
    expect(chart(html, 'battery').querySelectorAll('rect.bar')).toHaveLength(2);
    expect(seriesPoints(html, 'soc', 'State of charge')).toBe(24);
    expect(parse(html).querySelectorAll('table[data-table="risk"] tbody tr')).toHaveLength(2);
  });
  it('escapes the brief text', () => {
    expect(html).toContain('Summary &lt;b&gt;text&lt;/b&gt;');
    expectSelfContained(html);
  });
});

describe('chart kit', () => {
  it('ticks are round and labelled with the decimals they need', () => {
    expect(ticksOf(0, 2, 4)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(tickDigits([0, 0.5, 1])).toBe(1);
    expect(tickDigits([0, 2000, 4000])).toBe(0);
    expect(ticksOf(5, 5).length).toBeGreaterThan(1);
  });
  it('formats numbers per language, minus as U+2212', () => {
    expect(num(-1234.5, 'en', 2)).toBe('−1,234.50');
    expect(num(1234.5, 'uk', 1)).toBe('1\u00a0234,5');
    expect(num(null, 'en')).toBe('—');
    expect(num(-0.001, 'en', 2)).toBe('0.00');
  });
  it('the served policy adds frame-ancestors to the page policy', () => {
    expect(HTTP_CSP).toBe(`${PAGE_CSP}; frame-ancestors 'none'`);
    expect(PAGE_CSP).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'none'/);
  });
});
