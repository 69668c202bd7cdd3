/** Small hand-made report views for the renderer tests (every figure given, none computed). */
import type { BacktestView } from '../../src/report/backtest.js';
import type { DayView } from '../../src/report/day.js';
import type { ForecastView } from '../../src/report/forecast.js';
import type { Lang } from '../../src/report/format.js';

const day = (tradeDate: string, combinedPnlUah: number) => ({ tradeDate, combinedPnlUah });

export function backtestView(lang: Lang, over: Partial<BacktestView> = {}): BacktestView {
  const dates = ['30.12.2024', '31.12.2024', '01.01.2025'];
  return {
    lang,
    generatedAt: '2025-03-01T10:00:00.000Z',
    range: { from: '30.12.2024', to: '01.01.2025' },
    summary: { totalDays: 3, profitableDays: 2, hitRate: 2 / 3, strategyNetPnlUah: 1500.5, bessNetProfitUah: 499.5, combinedNetPnlUah: 2000, averageDailyPnlUah: 666.67, totalTrades: 7, totalBessCycles: 3, bestDay: day('31.12.2024', 1800), worstDay: day('01.01.2025', -300) },
    analytics: {
      maxDrawdown: { uah: 300, peakDate: '31.12.2024', troughDate: '01.01.2025' },
      dailyPnl: { volatilityUah: 1050.1, medianUah: 500 },
      histogram: [
        { fromUah: -300, toUah: 700, days: 2 },
        { fromUah: 700, toUah: 1800, days: 1 },
      ],
      capture: { spreadCaptureUahMwh: 1234.56, bessCaptureUahMwh: null },
      bestMonth: { month: '12.2024', combinedPnlUah: 2300 },
      worstMonth: { month: '01.2025', combinedPnlUah: -300 },
      months: [
        { month: '12.2024', days: 2, strategyPnlUah: 1800, bessPnlUah: 500, combinedPnlUah: 2300, hitRate: 1 },
        { month: '01.2025', days: 1, strategyPnlUah: -299.5, bessPnlUah: -0.5, combinedPnlUah: -300, hitRate: 0 },
      ],
    },
    equity: [
      { date: dates[0] as string, equityUah: 500, drawdownUah: 0 },
      { date: dates[1] as string, equityUah: 2300, drawdownUah: 0 },
      { date: dates[2] as string, equityUah: 2000, drawdownUah: -300 },
    ],
    heat: { dates, prices: [Array.from({ length: 24 }, (_, h) => 1000 + h * 10), Array.from({ length: 24 }, () => null), Array.from({ length: 24 }, (_, h) => 2000 + h)] },
    settings: { strategySettings: { volumeMwh: 1, feeUahPerMwh: 0 }, bessSettings: { capacityMwh: 2, roundTripEfficiency: 0.9 } },
    provenance: { source: 'book <test>.csv', freshness: [], gaps: [{ date: '31.12.2024', reason: 'absent' }], notes: [] },
    ...over,
  };
}

export function forecastView(lang: Lang): ForecastView {
  const hours = ['01.12.2024', '02.12.2024'].flatMap((date, d) => Array.from({ length: 24 }, (_, hour) => ({ date, hour, actual: d === 1 && hour === 5 ? null : 3000 + hour * 50, p10: 2500 + hour * 40, p50: 2900 + hour * 45, p90: 3500 + hour * 55 })));
  return {
    lang,
    generatedAt: '2025-03-01T10:00:00.000Z',
    range: { from: '01.12.2024', to: '02.12.2024' },
    model: 'test model',
    metrics: { mae: 321.5, rmse: 400.25, smape: 9.5, rmaeVsNaive: 0.8, coverage: 0.75, pinball: 100.5, sampleDays: 2 },
    naiveMaeUah: 401.875,
    hours,
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, modelMae: 300 + hour, naiveMae: hour === 3 ? null : 400 + hour })),
    byMonth: [{ month: '12.2024', modelMae: 321.5, naiveMae: 401.875, coverage: 0.75, days: 2 }],
    settings: { forecast: { model: 'test model' } },
    provenance: { source: 'test', freshness: ['12.2024: fresh (cache)'], gaps: [], notes: [] },
  };
}

export function dayView(lang: Lang): DayView {
  return {
    lang,
    generatedAt: '2025-03-01T10:00:00.000Z',
    date: '15.12.2024',
    prices: Array.from({ length: 24 }, (_, h) => 2000 + h * 100),
    maxCap: Array.from({ length: 24 }, (_, h) => (h < 12 ? 5600 : 9000)),
    minCap: Array.from({ length: 24 }, () => 10),
    capRegime: 'R4 (test)',
    forecastP50: null,
    spread: { trades: [{ buyHour: 1, sellHour: 20, buyPriceUahMwh: 2100, sellPriceUahMwh: 4000, netSpreadUah: 1900, volumeMwh: 1, pnlUah: 1900 }], netPnlUah: 1900, totalVolumeMwh: 1, averageSpreadUah: 1900 },
    bess: { netProfitUah: 1500, chargedMwh: 2.2222, dischargedMwh: 2, equivalentCycles: 1 },
    schedule: Array.from({ length: 24 }, (_, hour) => ({ hour, chargeMwh: hour === 2 ? 2.2222 : 0, dischargeMwh: hour === 22 ? 2 : 0, socMwh: hour >= 2 && hour < 22 ? 2 : 0 })),
    settlement: null,
    risk: { overallStatus: 'ready', score: 100, checks: [{ id: 'dataSource', status: 'pass', value: 'book', unit: 'source', label: 'Data source', detail: 'ok' }, { id: 'cashExposure', status: 'review', value: 1234.5, unit: 'uah' }] },
    brief: { summary: 'Summary <b>text</b>', gate: 'ready', gateLabel: 'Ready', drivers: ['driver one'], marketContext: [], checklist: ['check one'], anomalies: [], disclaimer: 'not advice' },
    settings: { strategySettings: { volumeMwh: 1 } },
    provenance: { source: 'test', freshness: [], gaps: [], notes: [] },
  };
}
