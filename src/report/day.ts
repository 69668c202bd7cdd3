/**
 * The day report: the day's prices with the regulator's caps (and the p50 forecast the plans were
 * made on, when they were), the spread plan's trades, the battery schedule with its state of
 * charge, the risk checks and the brief's text. On a forecast day (no prices yet) the forecast
 * bands stand in for the prices and the page says so (day-ahead.ts).
 */
import { esc, hourLabel, num, type Lang } from './format.js';
import { barChart, lineChart } from './charts.js';
import { headline, list, renderPage, section, table, type Figure } from './page.js';
import { provenanceSection, settingsSection, type Provenance, type SettingsRecord } from './provenance.js';
import { words } from './i18n.js';
import { aheadBids, aheadFigures, aheadNotes, aheadPricesChart, aheadWords, type DayAhead } from './day-ahead.js';

export interface DayView {
  lang: Lang;
  generatedAt: string;
  date: string;
  prices: readonly number[];
  maxCap: readonly (number | null)[];
  minCap: readonly (number | null)[];
  capRegime: string | null;
  forecastP50: readonly number[] | null;
  /** A forecast day: the plans are the plan-ahead operations' (and `prices` the expected path they were chosen on). */
  ahead?: DayAhead | null | undefined;
  spread: {
    trades: readonly { buyHour: number; sellHour: number; buyPriceUahMwh: number; sellPriceUahMwh: number; netSpreadUah: number; volumeMwh: number; pnlUah: number }[];
    netPnlUah: number;
    totalVolumeMwh: number;
    averageSpreadUah: number;
  };
  bess: { netProfitUah: number; chargedMwh: number; dischargedMwh: number; equivalentCycles: number };
  /** The battery's grid energy per hour and its state of charge at the end of each hour (an operation's figures). */
  schedule: readonly { hour: number; chargeMwh: number; dischargeMwh: number; socMwh: number }[];
  settlement: { spreadRealisedUah: number; spreadPerfectUah: number; bessRealisedUah: number; bessPerfectUah: number } | null;
  risk: { overallStatus: string; score: number; checks: readonly { id: string; status: string; value: number | string; unit: string; label?: string | undefined; detail?: string | undefined }[] };
  brief: { summary: string; gate: string; gateLabel: string; drivers: readonly string[]; marketContext: readonly string[]; checklist: readonly string[]; anomalies: readonly string[]; disclaimer: string };
  settings: SettingsRecord;
  provenance: Provenance;
}

export function dayFigures(v: DayView): Figure[] {
  const W = words(v.lang);
  const L = v.lang;
  const money = (x: number) => `${num(x, L)} ${W.uah}`;
  const f = (key: string, label: string, value: number | string | null, text: string): Figure => ({ key, label, value, text });
  // keys: the path in strategy.plan / bess.plan, or in strategy.planAhead / bess.planAhead on a forecast day
  const [s, b] = v.ahead ? ['strategy.planAhead', 'bess.planAhead'] : ['strategy', 'bess'];
  const figs = [
    f(`${s}.plan.netPnlUah`, W.strategy, v.spread.netPnlUah, money(v.spread.netPnlUah)),
    f(`${b}.plan.netProfitUah`, W.battery, v.bess.netProfitUah, money(v.bess.netProfitUah)),
    f(`${s}.plan.trades.length`, W.trades, v.spread.trades.length, String(v.spread.trades.length)),
    f(`${b}.plan.equivalentCycles`, W.cycles, v.bess.equivalentCycles, num(v.bess.equivalentCycles, L, 2)),
    ...(v.ahead ? aheadFigures(v.ahead, L) : []),
    f('risk.report.overallStatus', W.riskStatus, v.risk.overallStatus, `${W.riskStatusText[v.risk.overallStatus as keyof typeof W.riskStatusText] ?? v.risk.overallStatus} (${v.risk.score})`),
    f('brief.actionGate.status', W.gate, v.brief.gate, v.brief.gateLabel),
  ];
  if (v.settlement) {
    figs.push(f('strategy.settlement.realisedPnlUah', W.spreadRealised, v.settlement.spreadRealisedUah, `${money(v.settlement.spreadRealisedUah)} / ${money(v.settlement.spreadPerfectUah)}`));
    figs.push(f('bess.settlement.realisedPnlUah', W.bessRealised, v.settlement.bessRealisedUah, `${money(v.settlement.bessRealisedUah)} / ${money(v.settlement.bessPerfectUah)}`));
  }
  return figs;
}

export function renderDayReport(v: DayView): string {
  const W = words(v.lang);
  const L = v.lang;
  const price = (x: number | null | undefined) => num(x ?? null, L, 2);
  const buys = new Map(v.spread.trades.map((t) => [t.buyHour, t]));
  const sells = new Map(v.spread.trades.map((t) => [t.sellHour, t]));
  const prices = v.ahead ? aheadPricesChart(v.ahead, v.date, { buys: new Set(buys.keys()), sells: new Set(sells.keys()) }, L) : lineChart(
    'prices',
    v.prices.map((p, h) => ({
      label: hourLabel(h),
      values: [p, v.maxCap[h] ?? null, v.minCap[h] ?? null, v.forecastP50?.[h] ?? null, buys.has(h) ? p : null, sells.has(h) ? p : null],
      tip: `${v.date} ${hourLabel(h)}: ${W.price} ${price(p)} ${W.uahMwh}; ${W.maxCap} ${price(v.maxCap[h])}; ${W.minCap} ${price(v.minCap[h])}${v.forecastP50 ? `; p50 ${price(v.forecastP50[h])}` : ''}${buys.has(h) ? `; ${W.buy}` : ''}${sells.has(h) ? `; ${W.sell}` : ''}`,
    })),
    [
      { cls: 'l-price', name: W.price, kind: 'step' },
      { cls: 'l-maxcap', name: W.maxCap, kind: 'step' },
      { cls: 'l-mincap', name: W.minCap, kind: 'step' },
      { cls: 'l-p50', name: W.p50, kind: 'line' },
      { cls: 'c-buy', name: W.buy, kind: 'dots' },
      { cls: 'c-sell', name: W.sell, kind: 'dots' },
    ],
    L,
    { caption: W.pricesCaption, unitY: W.uahMwh, unitX: W.hourAxis, xTicks: [0, 3, 6, 9, 12, 15, 18, 21, 23] },
  );
  const battery = barChart(
    'battery',
    v.schedule.map((s) => ({ label: hourLabel(s.hour), values: [s.chargeMwh > 0 ? -s.chargeMwh : null, s.dischargeMwh > 0 ? s.dischargeMwh : null], tip: `${hourLabel(s.hour)}: ${W.charge} ${num(s.chargeMwh, L, 3)} ${W.mwh}; ${W.discharge} ${num(s.dischargeMwh, L, 3)} ${W.mwh}; ${W.soc} ${num(s.socMwh, L, 3)} ${W.mwh}` })),
    [
      { cls: 'c-charge', name: W.chargeNeg },
      { cls: 'c-discharge', name: W.discharge },
    ],
    L,
    { caption: W.batteryCaption, unitY: W.mwh, unitX: W.hourAxis },
    220,
  );
  const soc = lineChart(
    'soc',
    v.schedule.map((s) => ({ label: hourLabel(s.hour), values: [s.socMwh], tip: `${hourLabel(s.hour)}: ${W.soc} ${num(s.socMwh, L, 3)} ${W.mwh}` })),
    [{ cls: 'l-soc', name: W.soc, kind: 'step' }],
    L,
    { caption: W.socCaption, unitY: W.mwh, unitX: W.hourAxis, xTicks: [0, 3, 6, 9, 12, 15, 18, 21, 23] },
    200,
  );
  const trades = v.spread.trades.length
    ? table(
        [W.buy, W.sell, `${W.buy}, ${W.uahMwh}`, `${W.sell}, ${W.uahMwh}`, `${W.netSpread}, ${W.uahMwh}`, W.mwh, W.uah],
        v.spread.trades.map((t) => [hourLabel(t.buyHour), hourLabel(t.sellHour), { n: price(t.buyPriceUahMwh) }, { n: price(t.sellPriceUahMwh) }, { n: price(t.netSpreadUah) }, { n: num(t.volumeMwh, L, 3) }, { n: num(t.pnlUah, L, 2) }]),
        'trades',
      )
    : `<p>${esc(W.noTrades)}</p>`;
  const checks = table(
    [W.check, W.status, W.value, W.detail],
    v.risk.checks.map((c) => [W.checkLabel[c.id] ?? c.label ?? c.id, { cls: `st-${c.status}`, text: W.checkStatus[c.status as keyof typeof W.checkStatus] ?? (c.status === 'forecast' ? aheadWords(L).forecastStatus : c.status) }, typeof c.value === 'number' ? { n: num(c.value, L, 2) } : c.unit === 'approval' && c.value === 'required' ? W.approvalRequired : c.value, c.detail ?? '']),
    'risk',
  );
  const b = v.brief;
  const brief =
    `<p><strong>${esc(b.gateLabel)}</strong></p><p>${esc(b.summary)}</p>` +
    (b.drivers.length ? `<h3>${esc(W.drivers)}</h3>${list(b.drivers)}` : '') +
    (b.marketContext.length ? `<h3>${esc(W.marketContext)}</h3>${list(b.marketContext)}` : '') +
    (b.checklist.length ? `<h3>${esc(W.checklist)}</h3>${list(b.checklist)}` : '') +
    (b.anomalies.length ? `<h3>${esc(W.anomalies)}</h3>${list(b.anomalies)}` : '') +
    `<p class="note">${esc(b.disclaimer)}</p>`;
  const A = v.ahead ? aheadWords(L) : null;
  return renderPage({
    lang: L,
    title: `${A ? A.title : W.dayTitle} · ${v.date}`,
    subtitle: [`${v.provenance.source}${v.capRegime ? ` · ${W.capRegime}: ${v.capRegime}` : ''}`, `${W.generated} ${v.generatedAt}`],
    warning: A ? `${A.label} ${W.humanReview}` : W.humanReview,
    body:
      section(W.results, headline(dayFigures(v)) + (v.ahead ? aheadNotes(v.ahead, L) : '')) +
      prices +
      section(W.spreadPlan, trades + `<p class="note">${esc(W.spreadTotals(num(v.spread.totalVolumeMwh, L, 3), price(v.spread.averageSpreadUah)))}</p>`) +
      (v.ahead ? aheadBids(v.ahead, L) : '') +
      battery +
      soc +
      section(W.riskChecks, checks) +
      section(W.briefHeading, brief) +
      settingsSection(v.settings, L) +
      provenanceSection(v.provenance, L, v.date),
    footer: W.footer,
  });
}
