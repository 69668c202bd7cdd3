/**
 * The backtest report: headline figures (as the backtest operation returned them), the equity
 * curve with its drawdown, PnL by month, capture against perfect foresight when the plans were
 * made on forecasts, the price heat map, the distribution of daily PnL, settings and provenance.
 */
import { num, pct, type Lang } from './format.js';
import { barChart, equityChart, heatMap, type EquityPoint } from './charts.js';
import { headline, renderPage, section, type Figure } from './page.js';
import { provenanceSection, settingsSection, type Provenance, type SettingsRecord } from './provenance.js';
import { words } from './i18n.js';

interface DayRef {
  tradeDate: string;
  combinedPnlUah: number;
}
interface MonthRef {
  month: string;
  combinedPnlUah: number;
}

/** What the report reads of the backtest operation's output, and the series an operation derived from it. */
export interface BacktestView {
  lang: Lang;
  generatedAt: string;
  range: { from: string | null; to: string | null };
  summary: {
    totalDays: number;
    profitableDays: number;
    hitRate: number;
    strategyNetPnlUah: number;
    bessNetProfitUah: number;
    combinedNetPnlUah: number;
    averageDailyPnlUah: number;
    totalTrades: number;
    totalBessCycles: number;
    bestDay: DayRef | null;
    worstDay: DayRef | null;
  };
  analytics: {
    maxDrawdown: { uah: number; peakDate: string | null; troughDate: string | null };
    dailyPnl: { volatilityUah: number; medianUah: number };
    histogram: readonly { fromUah: number; toUah: number; days: number }[];
    capture: { spreadCaptureUahMwh: number | null; bessCaptureUahMwh: number | null };
    bestMonth: MonthRef | null;
    worstMonth: MonthRef | null;
    months?: readonly { month: string; days: number; strategyPnlUah: number; bessPnlUah: number; combinedPnlUah: number; hitRate: number }[];
  };
  forecastPlans?: { days: number; skippedDays: readonly string[]; monthly: readonly { month: string; days: number; realisedPnlUah: number; perfectForesightPnlUah: number; captureRatio: number | null }[] };
  equity: readonly EquityPoint[];
  heat: { dates: readonly string[]; prices: readonly (readonly (number | null)[])[] };
  settings: SettingsRecord;
  provenance: Provenance;
}

/** The headline: each figure keyed by its path in the backtest output, the value exactly as given. */
export function backtestFigures(v: BacktestView): Figure[] {
  const W = words(v.lang);
  const L = v.lang;
  const s = v.summary;
  const a = v.analytics;
  const money = (x: number | null) => `${num(x, L)} ${W.uah}`;
  const f = (key: string, label: string, value: number | string | null, text: string): Figure => ({ key, label, value, text });
  const figs: Figure[] = [
    f('summary.combinedNetPnlUah', W.combined, s.combinedNetPnlUah, money(s.combinedNetPnlUah)),
    f('summary.strategyNetPnlUah', W.strategy, s.strategyNetPnlUah, money(s.strategyNetPnlUah)),
    f('summary.bessNetProfitUah', W.battery, s.bessNetProfitUah, money(s.bessNetProfitUah)),
    f('summary.averageDailyPnlUah', W.average, s.averageDailyPnlUah, money(s.averageDailyPnlUah)),
    f('summary.hitRate', W.hitRate, s.hitRate, `${pct(s.hitRate, L)} (${num(s.profitableDays, L)} ${W.of} ${num(s.totalDays, L)})`),
    f('summary.totalDays', W.days, s.totalDays, num(s.totalDays, L)),
    f('summary.totalTrades', W.trades, s.totalTrades, num(s.totalTrades, L)),
    f('summary.totalBessCycles', W.cycles, s.totalBessCycles, num(s.totalBessCycles, L)),
    f('analytics.maxDrawdown.uah', W.maxDrawdown, a.maxDrawdown.uah, money(a.maxDrawdown.uah)),
    f('analytics.dailyPnl.volatilityUah', W.volatility, a.dailyPnl.volatilityUah, money(a.dailyPnl.volatilityUah)),
    f('summary.bestDay.combinedPnlUah', `${W.bestDay}${s.bestDay ? ` ${s.bestDay.tradeDate}` : ''}`, s.bestDay?.combinedPnlUah ?? null, s.bestDay ? money(s.bestDay.combinedPnlUah) : '—'),
    f('summary.worstDay.combinedPnlUah', `${W.worstDay}${s.worstDay ? ` ${s.worstDay.tradeDate}` : ''}`, s.worstDay?.combinedPnlUah ?? null, s.worstDay ? money(s.worstDay.combinedPnlUah) : '—'),
    f('analytics.capture.spreadCaptureUahMwh', W.spreadCapture, a.capture.spreadCaptureUahMwh, `${num(a.capture.spreadCaptureUahMwh, L, 2)} ${W.uahMwh}`),
    f('analytics.capture.bessCaptureUahMwh', W.bessCapture, a.capture.bessCaptureUahMwh, `${num(a.capture.bessCaptureUahMwh, L, 2)} ${W.uahMwh}`),
  ];
  const all = v.forecastPlans?.monthly.find((m) => m.month === 'all');
  if (all) {
    figs.push(f('forecastPlans.monthly[all].realisedPnlUah', W.realisedOnForecast, all.realisedPnlUah, money(all.realisedPnlUah)));
    figs.push(f('forecastPlans.monthly[all].captureRatio', W.captureRatio, all.captureRatio, pct(all.captureRatio, L)));
  }
  return figs;
}

export function renderBacktestReport(v: BacktestView): string {
  const W = words(v.lang);
  const L = v.lang;
  const range = `${v.range.from ?? '—'} – ${v.range.to ?? '—'}`;
  const money = (x: number) => `${num(x, L, 2)} ${W.uah}`;
  const parts: string[] = [headline(backtestFigures(v))];
  parts.push(equityChart(v.equity, L, { caption: W.equityCaption, unitY: W.uah, unitX: W.dateAxis, equity: W.equity, drawdown: W.drawdown }));
  const months = v.analytics.months ?? [];
  parts.push(
    barChart(
      'monthly',
      months.map((m) => ({ label: m.month, values: [m.combinedPnlUah], tip: `${m.month}: ${W.combined} ${money(m.combinedPnlUah)}; ${W.strategy} ${money(m.strategyPnlUah)}; ${W.battery} ${money(m.bessPnlUah)}; ${m.days} ${W.daysWord}, ${W.hitRate} ${pct(m.hitRate, L)}` })),
      [{ cls: 'c-pos', negCls: 'c-neg', name: W.profit }],
      L,
      { caption: W.monthlyCaption, unitY: W.uah, unitX: W.monthAxis },
    ),
  );
  const fp = v.forecastPlans;
  if (fp) {
    const monthly = fp.monthly.filter((m) => m.month !== 'all');
    parts.push(
      barChart(
        'capture',
        monthly.map((m) => ({ label: m.month, values: [m.realisedPnlUah, m.perfectForesightPnlUah], tip: `${m.month}: ${W.realised} ${money(m.realisedPnlUah)}; ${W.perfect} ${money(m.perfectForesightPnlUah)}; ${W.captureRatio} ${pct(m.captureRatio, L)}` })),
        [
          { cls: 'c-realised', name: W.realised },
          { cls: 'c-perfect', name: W.perfect },
        ],
        L,
        { caption: W.captureCaption, unitY: W.uah, unitX: W.monthAxis, note: fp.skippedDays.length ? W.skippedForecast(fp.skippedDays.length, fp.skippedDays[0] ?? '', fp.skippedDays[fp.skippedDays.length - 1] ?? '') : W.captureNote },
      ),
    );
  }
  parts.push(heatMap(v.heat.dates, v.heat.prices, L, { caption: W.heatCaption, unitY: W.hourAxis, unitX: W.dateAxis, unitValue: W.uahMwh }));
  parts.push(
    barChart(
      'histogram',
      v.analytics.histogram.map((b) => ({ label: num(b.fromUah, L), values: [b.days], tip: `${num(b.fromUah, L, 2)} … ${num(b.toUah, L, 2)} ${W.uah}: ${b.days} ${W.daysWord}` })),
      [{ cls: 'c-hist', name: W.days }],
      L,
      { caption: W.histogramCaption, unitY: W.days, unitX: W.dailyPnlAxis },
      220,
    ),
  );
  parts.push(settingsSection(v.settings, L));
  parts.push(provenanceSection(v.provenance, L, range));
  return renderPage({
    lang: L,
    title: `${W.backtestTitle} · ${range}`,
    subtitle: [`${v.summary.totalDays} ${W.daysWord} · ${v.provenance.source}`, `${W.generated} ${v.generatedAt}`],
    warning: W.notForecast,
    body: section(W.results, parts.slice(0, 1).join('')) + parts.slice(1).join(''),
    footer: W.footer,
  });
}
