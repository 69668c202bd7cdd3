/** `svc plan` and `svc bess`: one day's optimal spread plan or battery schedule. */
import type { Command } from 'commander';
import { hourlyPrices } from '../domain/hourly.js';
import { SvcError } from '../domain/errors.js';
import type { TradingPlan, BessPlan } from '../domain/plans.js';
import type { CliEnv } from './cli-env.js';
import { toCsv } from './csv.js';
import { makeTable } from './table.js';
import { addBookOptions, loadBook, parseDateFlag, pickDay, BOOK_ARG_HELP } from './book.js';
import { BESS_FLAGS, TRADING_FLAGS, addFlags, addSettingsFile, explainSettingsError, resolveSettings } from './settings.js';
import { columnChart } from './chart.js';
import { countOf, formatMoney, labels, type LabelKey } from './i18n.js';
import { hh } from './hours.js';

interface DayOpts {
  date?: string;
  planOn?: string;
  dst?: string;
  settings?: string;
  [flag: string]: unknown;
}

/** What a one-day plan shows: its pairs of hours, its table and its totals. */
interface DayView {
  title: LabelKey;
  legend: LabelKey;
  empty: LabelKey;
  marks: [string, string];
  pairs: [number, number][];
  head: LabelKey[];
  right: number[];
  rows: string[][];
  totals: string;
  csvRows: object[];
  csvColumns: string[];
}

function tradingView(plan: TradingPlan, lang: 'uk' | 'en', date: string): DayView {
  const L = labels(lang);
  const m = (v: number, d = 2) => formatMoney(v, lang, d);
  return {
    title: 'spreadPlan',
    legend: 'legendPlan',
    empty: 'noTrades',
    marks: ['B', 'S'],
    pairs: plan.trades.map((t) => [t.buyHour, t.sellHour]),
    head: ['buy', 'sell', 'buyPrice', 'sellPrice', 'netSpread', 'volume', 'pnl'],
    right: [2, 3, 4, 5, 6],
    rows: plan.trades.map((t) => [hh(t.buyHour), hh(t.sellHour), m(t.buyPriceUahMwh), m(t.sellPriceUahMwh), m(t.netSpreadUah), m(t.volumeMwh, 3), m(t.pnlUah)]),
    totals: `${countOf(plan.trades.length, 'trade', lang)}, ${m(plan.totalVolumeMwh, 3)} ${L.mwh}, ${L.netPnl} ${m(plan.netPnlUah)} ${L.uah}, ${L.avgSpread} ${m(plan.averageSpreadUah)} ${L.uahMwh}`,
    csvRows: plan.trades.map((t) => ({ tradeDate: date, ...t })),
    csvColumns: ['tradeDate', 'buyHour', 'sellHour', 'buyPriceUahMwh', 'sellPriceUahMwh', 'netSpreadUah', 'volumeMwh', 'pnlUah'],
  };
}

function bessView(plan: BessPlan, lang: 'uk' | 'en', date: string, capacity: number): DayView {
  const L = labels(lang);
  const m = (v: number, d = 2) => formatMoney(v, lang, d);
  return {
    title: 'bessPlan',
    legend: 'legendBess',
    empty: 'noCycles',
    marks: ['C', 'D'],
    pairs: plan.cycles.map((cy) => [cy.chargeHour, cy.dischargeHour]),
    head: ['charge', 'discharge', 'chargeMwh', 'dischargeMwh', 'chargePrice', 'dischargePrice', 'grossSpread', 'profit'],
    right: [2, 3, 4, 5, 6, 7],
    rows: plan.cycles.map((cy) => [hh(cy.chargeHour), hh(cy.dischargeHour), m(cy.chargeMwh, 3), m(cy.dischargeMwh, 3), m(cy.chargePriceUahMwh), m(cy.dischargePriceUahMwh), m(cy.grossSpreadUahMwh), m(cy.profitUah)]),
    totals: `${L.netProfit} ${m(plan.netProfitUah)} ${L.uah}, ${m(plan.chargedMwh, 3)} ${L.mwh} → ${m(plan.dischargedMwh, 3)} ${L.mwh}, ${m(plan.equivalentCycles, 3)} ${L.equivalentCycles} (E = ${capacity} ${L.mwh})`,
    csvRows: plan.cycles.map((cy) => ({ tradeDate: date, ...cy })),
    csvColumns: ['tradeDate', 'chargeHour', 'dischargeHour', 'chargeMwh', 'dischargeMwh', 'chargePriceUahMwh', 'dischargePriceUahMwh', 'grossSpreadUahMwh', 'profitUah'],
  };
}

/** `--view schedule`: the same day as one row per hour (the plan's schedule), totals unchanged. */
function scheduleView(cycles: DayView, plan: BessPlan, lang: 'uk' | 'en', date: string): DayView {
  const m = (v: number, d = 2) => formatMoney(v, lang, d);
  const hours = plan.schedule ?? [];
  return {
    ...cycles,
    head: ['hour', 'price', 'chargeMw', 'dischargeMw', 'socMwh'],
    right: [1, 2, 3, 4],
    rows: hours.map((h) => [hh(h.hour), m(h.priceUahMwh), m(h.chargeMw, 3), m(h.dischargeMw, 3), m(h.socMwh, 3)]),
    csvRows: hours.map((h) => ({ tradeDate: date, ...h })),
    csvColumns: ['tradeDate', 'hour', 'priceUahMwh', 'chargeMw', 'dischargeMw', 'socMwh'],
  };
}

/** `--view`: true for `schedule`, false for `cycles` or absent. */
function viewFlag(value: unknown): boolean {
  if (value === undefined || value === 'cycles') return false;
  if (value === 'schedule') return true;
  throw SvcError.validation(`--view: expected cycles or schedule, got "${String(value)}"`, [{ path: '--view', message: 'expected cycles|schedule' }]);
}

async function renderDay(env: CliEnv, date: string, prices: number[], source: string, body: unknown, view: DayView): Promise<void> {
  const out = env.out();
  const { format, lang } = env.globals();
  if (format === 'json') return out.json(body);
  if (format === 'csv') return out.raw(await toCsv(view.csvRows, view.csvColumns));
  const L = labels(lang);
  const c = out.c;
  const [from, to] = view.marks;
  const markers = new Array<string | undefined>(24).fill(undefined);
  for (const [a, b] of view.pairs) {
    markers[a] = from;
    markers[b] = to;
  }
  out.print(c.bold(`${L[view.title]} · ${date}`) + c.dim(` · ${source}`));
  out.print('');
  out.print(columnChart(prices, { c, markers, colorOf: (mk) => (mk === from ? c.green : mk === to ? c.red : undefined) }).join('\n'));
  out.print(c.dim(`  ${L[view.legend]}`));
  out.print('');
  if (view.rows.length === 0) {
    out.print(L[view.empty]);
  } else {
    const table = makeTable(['#', ...view.head.map((k) => L[k])], c, { right: [0, ...view.right.map((i) => i + 1)] });
    view.rows.forEach((row, i) => table.push([String(i + 1), ...row]));
    out.print(table.toString());
  }
  out.print(`${c.bold(L.total)}: ${view.totals}`);
  out.print(c.dim(L.humanReview));
}

export function registerPlan(program: Command, env: CliEnv): void {
  const plan = program
    .command('plan')
    .description('optimal spread-trading plan for one day (buy low, sell high; exact optimum)')
    .argument('<file>', BOOK_ARG_HELP)
    .requiredOption('--date <DD.MM.YYYY>', 'trade date')
    .option('--plan-on <actual|forecast>', 'plan on the actual prices (default) or on the forecast from the days before --date (a day without prices: tomorrow\'s plan; --format csv: the bid sheet)');
  addSettingsFile(addFlags(addBookOptions(plan), TRADING_FLAGS), 'TradingSettings');
  plan.addHelpText('after', '\nExample:\n  $ svc plan fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --max-trades 2 --fee 15\n  $ svc plan fixtures/sample-week.csv --date 03.12.2024 --format json | jq .plan.netPnlUah');
  plan.action(async (file: string, opts: DayOpts) => {
    const date = parseDateFlag(opts.date, '--date') ?? '';
    if (planOnFlag(opts.planOn)) return (await import('./plan-forecast.js')).runPlanOnForecast(env, 'spread', file, date, opts);
    const loaded = await loadBook(env, file, opts, { from: date, to: date });
    const prices = pickDay(loaded, date);
    const settings = resolveSettings(opts, 'strategySettings').strategySettings;
    const { strategyPlan } = await import('../ops/strategy/plan.js');
    const result = await env.runOp(strategyPlan, { tradeDate: date, prices, settings }).catch((e: unknown) => {
      throw explainSettingsError(e, 'settings', TRADING_FLAGS, settings, opts);
    });
    await renderDay(env, date, hourlyPrices(prices), loaded.source, result, tradingView(result.plan, env.globals().lang, date));
  });

  const bess = program
    .command('bess')
    .description('optimal battery (BESS) charge/discharge schedule for one day (exact LP optimum)')
    .argument('<file>', BOOK_ARG_HELP)
    .requiredOption('--date <DD.MM.YYYY>', 'trade date')
    .option('--plan-on <actual|forecast>', 'schedule on the actual prices (default) or on the forecast from the days before --date (a day without prices: tomorrow\'s schedule; --format csv: the bid sheet)')
    .option('--view <cycles|schedule>', 'cycles: charge→discharge pairs (default); schedule: one row per hour with chargeMw, dischargeMw and socMwh at the end of the hour');
  addSettingsFile(addFlags(addBookOptions(bess), BESS_FLAGS), 'BessSettings');
  bess.addHelpText('after', '\nExample:\n  $ svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --efficiency 0.88 --max-cycles 2\n  $ svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --min-soc 10 --max-soc 90 --lot 0.1 --view schedule');
  bess.action(async (file: string, opts: DayOpts) => {
    const date = parseDateFlag(opts.date, '--date') ?? '';
    if (planOnFlag(opts.planOn)) return (await import('./plan-forecast.js')).runPlanOnForecast(env, 'bess', file, date, opts);
    const loaded = await loadBook(env, file, opts, { from: date, to: date });
    const prices = pickDay(loaded, date);
    const settings = resolveSettings(opts, 'bessSettings').bessSettings;
    const { bessPlan } = await import('../ops/strategy/plan.js');
    const hourly = viewFlag(opts.view);
    const result = await env.runOp(bessPlan, { tradeDate: date, prices, settings, ...(hourly ? { schedule: true } : {}) }).catch((e: unknown) => {
      throw explainSettingsError(e, 'settings', BESS_FLAGS, settings, opts);
    });
    const view = bessView(result.plan, env.globals().lang, date, Number(settings.capacityMwh));
    await renderDay(env, date, hourlyPrices(prices), loaded.source, result, hourly ? scheduleView(view, result.plan, env.globals().lang, date) : view);
  });
}


/** `--plan-on`: true for `forecast`, false for `actual` or absent. */
export function planOnFlag(value: string | undefined): boolean {
  if (value === undefined || value === 'actual') return false;
  if (value === 'forecast') return true;
  throw SvcError.validation(`--plan-on: expected actual or forecast, got "${value}"`, [{ path: '--plan-on', message: 'expected actual|forecast' }]);
}
