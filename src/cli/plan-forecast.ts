/**
 * `svc plan|bess --plan-on forecast`: the day's plan chosen on the forecast. A day whose prices are
 * in the book is re-planned and settled at them (strategy.plan / bess.plan with `planOn`); a day
 * without prices (tomorrow) is planned ahead (strategy.planAhead / bess.planAhead). Both show the
 * forecast beside the schedule, the PnL distribution and the bid sheet; `--format csv` writes the
 * bid sheet.
 */
import type { CliEnv } from './cli-env.js';
import { SvcError } from '../domain/errors.js';
import { toCsv } from './csv.js';
import { makeTable } from './table.js';
import { formatMoney } from './i18n.js';
import { columnChart } from './chart.js';
// forecast-model, not forecast-day: the light module (a cold backtest, which loads this file, need not load the forecast's inputs and their clients).
import { historyWindow } from '../ops/forecast/forecast-model.js';
import type { PriceBook } from '../domain/prices.js';
import type { PnlDistribution } from '../domain/plans.js';

interface Forecast {
  model: string;
  plannedOn: 'mean' | 'p50';
  hours: { hour: number; p10: number; p50: number; p90: number; mean: number; minCap: number; maxCap: number | null }[];
  scenarioDays: number;
  skill: { days: number; maeUahMwh: number | null; rmaeVsNaive: number | null };
}
type Pnl = PnlDistribution;
interface Bid {
  hour: number;
  side: 'buy' | 'sell';
  volumeMwh: number;
  limitPriceUahMwh: number;
}
export interface OnForecastBody {
  tradeDate: string;
  forecast?: Forecast | undefined;
  pnl?: Pnl | null | undefined;
  bids?: Bid[] | undefined;
  settlement?: { realisedPnlUah: number; perfectForesightPnlUah: number; captureRatio: number | null } | undefined;
}

export const BID_SHEET_COLUMNS = ['date', 'hour', 'side', 'volumeMwh', 'limitPriceUahMwh', 'p10', 'p50', 'p90', 'approval'];

/** The bid sheet: one row per scheduled hour; every row says a person approves it (svc never submits). */
export async function bidSheetCsv(body: OnForecastBody): Promise<string> {
  const hours = body.forecast?.hours ?? [];
  const rows = (body.bids ?? []).map((b) => {
    const f = hours[b.hour];
    return { date: body.tradeDate, hour: b.hour, side: b.side, volumeMwh: b.volumeMwh, limitPriceUahMwh: b.limitPriceUahMwh, p10: f?.p10, p50: f?.p50, p90: f?.p90, approval: 'human_approval_required' };
  });
  return toCsv(rows, BID_SHEET_COLUMNS);
}

/** The days a forecast of `date` reads, from a loaded book (the op refuses more). */
export function historyFor(book: PriceBook, date: string): PriceBook {
  return historyWindow(book, date);
}

/** Forecast, schedule, limits and the PnL distribution as terminal lines. */
export function renderOnForecast(env: CliEnv, body: OnForecastBody, title: string, source: string): void {
  const out = env.out();
  const { lang } = env.globals();
  const c = out.c;
  const f = body.forecast;
  if (!f) return;
  const m = (v: number, d = 2) => formatMoney(v, lang, d);
  const bidAt = new Map((body.bids ?? []).map((b) => [b.hour, b]));
  out.print(c.bold(`${title} · ${body.tradeDate}`) + c.dim(` · ${source} · planned on the forecast's ${f.plannedOn === 'mean' ? 'expected (mean) prices' : 'p50 (too few scenario days for the mean)'}`));
  out.print('');
  const markers = f.hours.map((h) => { const b = bidAt.get(h.hour); return b ? (b.side === 'buy' ? 'B' : 'S') : undefined; });
  out.print(columnChart(f.hours.map((h) => h.mean), { c, markers, colorOf: (mk) => (mk === 'B' ? c.green : mk === 'S' ? c.red : undefined) }).join('\n'));
  out.print('');
  const table = makeTable(['hour', 'p10', 'p50', 'p90', 'planned', 'side', 'MWh', 'limit'], c, { right: [1, 2, 3, 4, 6, 7] });
  for (const h of f.hours) {
    const b = bidAt.get(h.hour);
    table.push([String(h.hour).padStart(2, '0'), m(h.p10), m(h.p50), m(h.p90), m(h.mean), b ? (b.side === 'buy' ? c.green('buy') : c.red('sell')) : '', b ? m(b.volumeMwh, 3) : '', b ? m(b.limitPriceUahMwh) : '']);
  }
  out.print(table.toString());
  const p = body.pnl;
  out.print(
    p
      ? `${c.bold('PnL on the forecast')}: expected ${m(p.expectedUah, 0)} UAH · p10 ${m(p.p10Uah, 0)} · p90 ${m(p.p90Uah, 0)} · P(loss) ${(p.probabilityOfLoss * 100).toFixed(0)} % (${p.scenarios} whole-day scenarios from the forecast's quantiles; p10–p90 ${p.band === 'conformal' ? `calibrated on the plan's realised PnL of the last ${p.calibrationDays} days` : 'over the scenarios alone: too few recent days to calibrate, read it as optimistic'})`
      : `${c.bold('PnL on the forecast')}: no scenario days behind this forecast (too little history): no distribution`,
  );
  const skill = f.skill.maeUahMwh === null ? 'no recent days scored' : `MAE ${m(f.skill.maeUahMwh, 0)} UAH/MWh${f.skill.rmaeVsNaive === null ? '' : `, rMAE ${f.skill.rmaeVsNaive.toFixed(2)} vs the naive`} over the last ${f.skill.days} days`;
  out.print(c.dim(`Forecast: ${f.model}; recent skill: ${skill}.`));
  out.print(c.dim('limit: the break-even price of the hour given the rest of the schedule at the planned prices (buy at or below, sell at or above).'));
  out.print(c.yellow('Built on a forecast, not on cleared prices. Human approval required; svc never submits orders.'));
}

/** The whole `--plan-on forecast` flow of `svc plan` (kind spread) and `svc bess` (kind bess). */
export async function runPlanOnForecast(env: CliEnv, kind: 'spread' | 'bess', file: string, date: string, opts: { dst?: string; onInvalid?: string; [flag: string]: unknown }): Promise<void> {
  const { loadBook } = await import('./book.js');
  const { BESS_FLAGS, TRADING_FLAGS, explainSettingsError, resolveSettings } = await import('./settings.js');
  const settings = kind === 'spread' ? resolveSettings(opts, 'strategySettings').strategySettings : resolveSettings(opts, 'bessSettings').bessSettings;
  const flags = kind === 'spread' ? TRADING_FLAGS : BESS_FLAGS;
  // mktop: the forecast's own history (the operator's months through the cache, as GET /api/forecast reads them).
  const loaded = file === 'mktop' ? null : await loadBook(env, file, opts, { to: date });
  const prices = loaded?.book[date];
  const history = loaded ? historyFor(loaded.book, date) : undefined;
  const progress = await env.out().progress('forecasting');
  env.onProgress((d, t, label) => progress.update(d, t, label));
  const { strategyPlan, bessPlan } = await import('../ops/strategy/plan.js');
  const { strategyPlanAhead, bessPlanAhead } = await import('../ops/strategy/plan-ahead.js');
  const run = async (): Promise<OnForecastBody> => {
    if (prices) return env.runOp(kind === 'spread' ? strategyPlan : bessPlan, { tradeDate: date, prices, settings, planOn: 'forecast', history }) as Promise<OnForecastBody>;
    return env.runOp(kind === 'spread' ? strategyPlanAhead : bessPlanAhead, { tradeDate: date, settings, ...(history ? { history } : {}) }) as Promise<OnForecastBody>;
  };
  const body = await run()
    .catch((e: unknown) => {
      throw explainSettingsError(e, 'settings', flags, settings, opts);
    })
    .finally(() => {
      env.onProgress(undefined);
      progress.stop();
    });
  const { format } = env.globals();
  if (format === 'json') return env.out().json(body);
  if (format === 'csv') return env.out().raw(await bidSheetCsv(body));
  renderOnForecast(env, body, kind === 'spread' ? 'Spread plan on the forecast' : 'Battery schedule on the forecast', loaded?.source ?? 'mktop');
  const s = body.settlement;
  if (s) {
    const m = (v: number) => formatMoney(v, env.globals().lang, 0);
    env.out().print(`Settled at the actual prices of ${date}: ${m(s.realisedPnlUah)} UAH vs ${m(s.perfectForesightPnlUah)} UAH with perfect foresight (capture ${s.captureRatio === null ? '—' : `${(s.captureRatio * 100).toFixed(1)} %`})`);
  }
}

/**
 * `svc risk|brief --plan-on forecast`: the day's prices as the forecast's expected path (through
 * bess.planAhead, or bess.plan's forecast for a day in the book) and the forecast as the risk and
 * brief operations name it.
 */
export async function forecastPricesFor(env: CliEnv, file: string, date: string, opts: { dst?: string; onInvalid?: string }): Promise<{ prices: { hour: number; priceUahMwh: number }[]; forecast: { model: string; rmaeVsNaive: number | null; days: number }; source: string }> {
  const { loadBook } = await import('./book.js');
  const { DEFAULT_BESS_SETTINGS } = await import('../domain/settings.js');
  const loaded = file === 'mktop' ? null : await loadBook(env, file, opts, { to: date });
  const history = loaded ? historyFor(loaded.book, date) : undefined;
  const progress = await env.out().progress('forecasting');
  env.onProgress((d, t, label) => progress.update(d, t, label));
  const { bessPlanAhead } = await import('../ops/strategy/plan-ahead.js');
  const body = await env.runOp(bessPlanAhead, { tradeDate: date, settings: DEFAULT_BESS_SETTINGS, ...(history ? { history } : {}) }).finally(() => {
    env.onProgress(undefined);
    progress.stop();
  });
  const f = body.forecast;
  return { prices: f.hours.map((h) => ({ hour: h.hour, priceUahMwh: h.mean })), forecast: { model: f.model, rmaeVsNaive: f.skill.rmaeVsNaive, days: f.skill.days }, source: `${loaded?.source ?? body.source} (forecast)` };
}

/** `--plan-on`: true for `forecast`, false for `actual` or absent. */
export function planOnFlag(value: string | undefined): boolean {
  if (value === undefined || value === 'actual') return false;
  if (value === 'forecast') return true;
  throw SvcError.validation(`--plan-on: expected actual or forecast, got "${value}"`, [{ path: '--plan-on', message: 'expected actual|forecast' }]);
}
