/** `svc plan` and `svc bess`: one day's optimal spread plan or battery schedule. */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { TradingPlan, BessPlan } from '../domain/plans.js';
import type { CliEnv } from './context.js';
import { makeTable } from './table.js';
import { addBookOptions, loadBook, parseDateFlag, pickDay } from './book.js';
import { BESS_DEFAULTS, BESS_FLAGS, TRADING_DEFAULTS, TRADING_FLAGS, addFlags, addSettingsFile, explainSettingsError, flagValues, readJsonFile } from './settings.js';
import { columnChart } from './chart.js';
import { formatMoney, labels } from './i18n.js';

interface DayOpts {
  date?: string;
  dst?: string;
  settings?: string;
  [flag: string]: unknown;
}

function requireDate(opts: DayOpts): string {
  const date = parseDateFlag(opts.date, '--date');
  if (!date) throw new Error('--date is required');
  return date;
}

export function settingsFromFlags(opts: DayOpts, defaults: Record<string, number>, flags: typeof TRADING_FLAGS): Record<string, unknown> {
  const fromFile = opts.settings ? readJsonFile(opts.settings, '--settings') : {};
  if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile)) {
    throw new Error('--settings: the file must hold a JSON object');
  }
  return { ...defaults, ...(fromFile as Record<string, unknown>), ...flagValues(opts, flags) };
}

export function registerPlan(program: Command, env: CliEnv): void {
  const plan = program
    .command('plan')
    .description('optimal spread-trading plan for one day (buy low, sell high; exact optimum)')
    .argument('<file>', 'price book: CSV (long, wide, operator export) or JSON; - for stdin')
    .requiredOption('--date <DD.MM.YYYY>', 'trade date');
  addSettingsFile(addFlags(addBookOptions(plan), TRADING_FLAGS), 'TradingSettings');
  plan.addHelpText('after', '\nExample:\n  $ svc plan fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --max-trades 2 --fee 15\n  $ svc plan fixtures/sample-week.csv --date 03.12.2024 --format json | jq .plan.netPnlUah');
  plan.action(async (file: string, opts: DayOpts) => {
    const date = requireDate(opts);
    const loaded = await loadBook(env, file, opts);
    const prices = pickDay(loaded, date);
    const settings = settingsFromFlags(opts, TRADING_DEFAULTS, TRADING_FLAGS);
    const { strategyPlan } = await import('../ops/strategy.js');
    const result = await env.runOp(strategyPlan, { tradeDate: date, prices, settings }).catch((e: unknown) => {
      throw explainSettingsError(e, 'settings', TRADING_FLAGS, settings);
    });
    await renderTradingPlan(env, date, hourlyPrices(prices), result.plan, loaded.source, result);
  });

  const bess = program
    .command('bess')
    .description('optimal battery (BESS) charge/discharge schedule for one day (exact LP optimum)')
    .argument('<file>', 'price book: CSV (long, wide, operator export) or JSON; - for stdin')
    .requiredOption('--date <DD.MM.YYYY>', 'trade date');
  addSettingsFile(addFlags(addBookOptions(bess), BESS_FLAGS), 'BessSettings');
  bess.addHelpText('after', '\nExample:\n  $ svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --efficiency 0.88 --max-cycles 2');
  bess.action(async (file: string, opts: DayOpts) => {
    const date = requireDate(opts);
    const loaded = await loadBook(env, file, opts);
    const prices = pickDay(loaded, date);
    const settings = settingsFromFlags(opts, BESS_DEFAULTS, BESS_FLAGS);
    const { bessPlan } = await import('../ops/strategy.js');
    const result = await env.runOp(bessPlan, { tradeDate: date, prices, settings }).catch((e: unknown) => {
      throw explainSettingsError(e, 'settings', BESS_FLAGS, settings);
    });
    await renderBessPlan(env, date, hourlyPrices(prices), result.plan, Number(settings.capacityMwh), loaded.source, result);
  });
}

async function renderTradingPlan(env: CliEnv, date: string, prices: number[], plan: TradingPlan, source: string, body: unknown): Promise<void> {
  const out = env.out();
  const { format, lang } = env.globals();
  if (format === 'json') return out.json(body);
  if (format === 'csv') {
    out.raw(await toCsv(plan.trades.map((t) => ({ tradeDate: date, ...t })), ['tradeDate', 'buyHour', 'sellHour', 'buyPriceUahMwh', 'sellPriceUahMwh', 'netSpreadUah', 'volumeMwh', 'pnlUah']));
    return;
  }
  const L = labels(lang);
  const c = out.c;
  const markers = new Array<string | undefined>(24).fill(undefined);
  for (const t of plan.trades) {
    markers[t.buyHour] = 'B';
    markers[t.sellHour] = 'S';
  }
  out.print(c.bold(`${L.spreadPlan} · ${date}`) + c.dim(` · ${source}`));
  out.print('');
  out.print(columnChart(prices, { c, markers, colorOf: (m) => (m === 'B' ? c.green : m === 'S' ? c.red : undefined) }).join('\n'));
  out.print(c.dim(`  ${L.legendPlan}`));
  out.print('');
  if (plan.trades.length === 0) {
    out.print(L.noTrades);
  } else {
    const table = makeTable(['#', L.buy, L.sell, L.buyPrice, L.sellPrice, L.netSpread, L.volume, L.pnl], c, { right: [0, 3, 4, 5, 6, 7] });
    plan.trades.forEach((t, i) =>
      table.push([i + 1, hh(t.buyHour), hh(t.sellHour), formatMoney(t.buyPriceUahMwh, lang), formatMoney(t.sellPriceUahMwh, lang), formatMoney(t.netSpreadUah, lang), formatMoney(t.volumeMwh, lang, 3), formatMoney(t.pnlUah, lang)].map(String)),
    );
    out.print(table.toString());
  }
  out.print(
    `${c.bold(L.total)}: ${plan.trades.length} ${L.trades}, ${formatMoney(plan.totalVolumeMwh, lang, 3)} MWh, ${L.netPnl} ${c.bold(formatMoney(plan.netPnlUah, lang))} UAH, ${L.avgSpread} ${formatMoney(plan.averageSpreadUah, lang)} UAH/MWh`,
  );
  out.print(c.dim(L.humanReview));
}

async function renderBessPlan(env: CliEnv, date: string, prices: number[], plan: BessPlan, capacity: number, source: string, body: unknown): Promise<void> {
  const out = env.out();
  const { format, lang } = env.globals();
  if (format === 'json') return out.json(body);
  if (format === 'csv') {
    out.raw(await toCsv(plan.cycles.map((cy) => ({ tradeDate: date, ...cy })), ['tradeDate', 'chargeHour', 'dischargeHour', 'chargeMwh', 'dischargeMwh', 'chargePriceUahMwh', 'dischargePriceUahMwh', 'grossSpreadUahMwh', 'profitUah']));
    return;
  }
  const L = labels(lang);
  const c = out.c;
  const markers = new Array<string | undefined>(24).fill(undefined);
  for (const cy of plan.cycles) {
    markers[cy.chargeHour] = 'C';
    markers[cy.dischargeHour] = 'D';
  }
  out.print(c.bold(`${L.bessPlan} · ${date}`) + c.dim(` · ${source}`));
  out.print('');
  out.print(columnChart(prices, { c, markers, colorOf: (m) => (m === 'C' ? c.green : m === 'D' ? c.red : undefined) }).join('\n'));
  out.print(c.dim(`  ${L.legendBess}`));
  out.print('');
  if (plan.cycles.length === 0) {
    out.print(L.noCycles);
  } else {
    const table = makeTable([L.charge, L.discharge, L.chargeMwh, L.dischargeMwh, L.chargePrice, L.dischargePrice, L.grossSpread, L.profit], c, { right: [2, 3, 4, 5, 6, 7] });
    for (const cy of plan.cycles) {
      table.push([hh(cy.chargeHour), hh(cy.dischargeHour), formatMoney(cy.chargeMwh, lang, 3), formatMoney(cy.dischargeMwh, lang, 3), formatMoney(cy.chargePriceUahMwh, lang), formatMoney(cy.dischargePriceUahMwh, lang), formatMoney(cy.grossSpreadUahMwh, lang), formatMoney(cy.profitUah, lang)]);
    }
    out.print(table.toString());
  }
  out.print(
    `${c.bold(L.total)}: ${L.netProfit} ${c.bold(formatMoney(plan.netProfitUah, lang))} UAH, ${formatMoney(plan.chargedMwh, lang, 3)} MWh → ${formatMoney(plan.dischargedMwh, lang, 3)} MWh, ${formatMoney(plan.equivalentCycles, lang, 3)} ${L.equivalentCycles} (E = ${capacity} MWh)`,
  );
  out.print(c.dim(L.humanReview));
}

/** Hour index as a delivery interval, e.g. 18 -> "18–19". */
export function hh(hour: number): string {
  return `${String(hour).padStart(2, '0')}–${String(hour + 1).padStart(2, '0')}`;
}
