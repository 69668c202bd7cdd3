/**
 * The forecast report: a rolling evaluation of the day-ahead forecast over a range — the fan
 * (p10–p90 band, p50) with the actual prices over it, mean absolute error by hour of day and by
 * month beside the naive forecast's, the band's coverage, settings and provenance.
 */
import { hourLabel, num, pct, type Lang } from './format.js';
import { barChart, lineChart } from './charts.js';
import { headline, renderPage, section, table, type Figure } from './page.js';
import { provenanceSection, settingsSection, type Provenance, type SettingsRecord } from './provenance.js';
import { thin } from './svg.js';
import { words } from './i18n.js';

export interface ForecastView {
  lang: Lang;
  generatedAt: string;
  range: { from: string; to: string };
  model: string;
  /** The evaluation's metrics as the operation returned them (mae, rmse, smape, rmaeVsNaive, coverage, pinball, sampleDays, …). */
  metrics: Record<string, number>;
  /** MAE of the naive forecast over the same hours (the operation's figure). */
  naiveMaeUah: number | null;
  hours: readonly { date: string; hour: number; actual: number | null; p10: number; p50: number; p90: number }[];
  byHour: readonly { hour: number; modelMae: number | null; naiveMae: number | null }[];
  byMonth: readonly { month: string; modelMae: number; naiveMae: number | null; coverage: number | null; days: number }[];
  settings: SettingsRecord;
  provenance: Provenance;
}

export function forecastFigures(v: ForecastView): Figure[] {
  const W = words(v.lang);
  const L = v.lang;
  const m = v.metrics;
  const f = (key: string, label: string, value: number | null, text: string): Figure => ({ key, label, value, text });
  return [
    f('metrics.mae', W.mae, m.mae ?? null, `${num(m.mae, L, 2)} ${W.uahMwh}`),
    f('naiveMaeUah', W.naiveMae, v.naiveMaeUah, `${num(v.naiveMaeUah, L, 2)} ${W.uahMwh}`),
    f('metrics.rmaeVsNaive', W.rmae, m.rmaeVsNaive ?? null, num(m.rmaeVsNaive, L, 3)),
    f('metrics.rmse', W.rmse, m.rmse ?? null, `${num(m.rmse, L, 2)} ${W.uahMwh}`),
    f('metrics.smape', W.smape, m.smape ?? null, `${num(m.smape, L, 2)} %`),
    f('metrics.coverage', W.coverage, m.coverage ?? null, pct(m.coverage, L)),
    f('metrics.pinball', W.pinball, m.pinball ?? null, num(m.pinball, L, 2)),
    f('metrics.sampleDays', W.scoredDays, m.sampleDays ?? null, num(m.sampleDays, L)),
  ];
}

export function renderForecastReport(v: ForecastView): string {
  const W = words(v.lang);
  const L = v.lang;
  const range = `${v.range.from} – ${v.range.to}`;
  const price = (x: number | null) => num(x, L, 2);
  const dayStarts = v.hours.map((h, i) => ({ h, i })).filter(({ h }) => h.hour === 0).map(({ i }) => i);
  const fan = lineChart(
    'fan',
    v.hours.map((h) => ({
      label: h.date,
      values: [h.p10, h.p90, h.p50, h.actual],
      tip: `${h.date} ${hourLabel(h.hour)}, ${W.uahMwh}: p10 ${price(h.p10)}, p50 ${price(h.p50)}, p90 ${price(h.p90)}; ${W.actual} ${price(h.actual)}`,
    })),
    [
      { cls: 'l-band', name: 'p10' },
      { cls: 'l-band', name: 'p90' },
      { cls: 'l-p50', name: W.p50 },
      { cls: 'l-actual', name: W.actual },
    ],
    L,
    { caption: W.fanCaption, unitY: W.uahMwh, unitX: W.dateAxis, band: { lo: 0, hi: 1, cls: 'c-band', name: W.band }, xTicks: thin(dayStarts.length, 8).map((k) => dayStarts[k] as number) },
    320,
  );
  const byHour = barChart(
    'errors-by-hour',
    v.byHour.map((h) => ({ label: hourLabel(h.hour), values: [h.modelMae, h.naiveMae], tip: `${hourLabel(h.hour)}: ${W.model} ${price(h.modelMae)}, ${W.naive} ${price(h.naiveMae)} ${W.uahMwh}` })),
    [
      { cls: 'c-model', name: W.model },
      { cls: 'c-naive', name: W.naive },
    ],
    L,
    { caption: W.byHourCaption, unitY: W.maeAxis, unitX: W.hourAxis },
  );
  const byMonth = barChart(
    'errors-by-month',
    v.byMonth.map((m) => ({ label: m.month, values: [m.modelMae, m.naiveMae], tip: `${m.month}: ${W.model} ${price(m.modelMae)}, ${W.naive} ${price(m.naiveMae)} ${W.uahMwh}; ${W.coverage} ${pct(m.coverage, L)}; ${m.days} ${W.daysWord}` })),
    [
      { cls: 'c-model', name: W.model },
      { cls: 'c-naive', name: W.naive },
    ],
    L,
    { caption: W.byMonthCaption, unitY: W.maeAxis, unitX: W.monthAxis },
  );
  const months = table(
    [W.monthAxis, W.days, W.mae, W.naiveMae, W.coverage],
    v.byMonth.map((m) => [m.month, { n: String(m.days) }, { n: price(m.modelMae) }, { n: price(m.naiveMae) }, { n: pct(m.coverage, L) }]),
    'months',
  );
  return renderPage({
    lang: L,
    title: `${W.forecastTitle} · ${range}`,
    subtitle: [`${W.model}: ${v.model} · ${v.provenance.source}`, `${W.generated} ${v.generatedAt}`],
    warning: W.forecastWarning,
    body: section(W.results, headline(forecastFigures(v))) + fan + byHour + byMonth + section(W.coverageByMonth, months) + settingsSection(v.settings, L) + provenanceSection(v.provenance, L, range),
    footer: W.footer,
  });
}
