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
import { countOf, formatMoney, formatPercent } from './i18n.js';
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

/** The words of `--plan-on forecast`'s terminal view in the CLI's two table languages (`--lang`); p10/p50/p90, the model's name and the numbers' units as in the other tables. */
const WORDS = {
  en: {
    spreadTitle: 'Spread plan on the forecast', bessTitle: 'Battery schedule on the forecast',
    plannedOn: (mean: boolean) => `planned on the forecast's ${mean ? 'expected (mean) prices' : 'p50 (too few scenario days for the mean)'}`,
    unit: 'UAH/MWh', uah: 'UAH', hour: 'Hour', planned: 'Planned', side: 'Side', mwh: 'MWh', limit: 'Limit', buy: 'buy', sell: 'sell',
    pnl: 'PnL on the forecast', expected: 'expected', loss: 'loss',
    scenarios: (n: number, calibrated: number | null) =>
      `(${n} whole-day scenarios from the forecast's quantiles; p10–p90 ${calibrated === null ? 'over the scenarios alone: too few recent days to calibrate, read it as optimistic' : `calibrated on the plan's realised PnL of the last ${calibrated} days`})`,
    noScenarios: 'no scenario days behind this forecast (too little history): no distribution',
    noSkill: 'no recent days scored', vsNaive: 'vs the naive', overLast: (n: number) => `over the last ${n} days`,
    forecast: 'Forecast', recentSkill: 'recent skill',
    limitNote: 'limit: the break-even price of the hour given the rest of the schedule at the planned prices (buy at or below, sell at or above).',
    warning: 'Built on a forecast, not on cleared prices. Human approval required; svc never submits orders.',
    settled: (date: string, real: string, perfect: string, capture: string) => `Settled at the actual prices of ${date}: ${real} UAH vs ${perfect} UAH with perfect foresight (capture ${capture})`,
  },
  uk: {
    spreadTitle: 'План спред-торгівлі за прогнозом', bessTitle: 'Графік УЗЕ за прогнозом',
    plannedOn: (mean: boolean) => `сплановано за ${mean ? 'очікуваними (середніми) цінами прогнозу' : 'p50 прогнозу (замало днів-сценаріїв для середнього)'}`,
    unit: 'грн/МВт·год', uah: 'грн', hour: 'Година', planned: 'Планова', side: 'Напрям', mwh: 'МВт·год', limit: 'Ліміт', buy: 'купівля', sell: 'продаж',
    pnl: 'Результат за прогнозом', expected: 'очікуваний', loss: 'збитку',
    scenarios: (n: number, calibrated: number | null) =>
      `(сценаріїв цілого дня з квантилів прогнозу: ${n}; p10–p90 ${calibrated === null ? 'лише за сценаріями: замало недавніх днів для калібрування, читайте як оптимістичну оцінку' : `відкалібровано за фактичним результатом плану за останні ${calibrated} дн.`})`,
    noScenarios: 'за цим прогнозом немає днів-сценаріїв (замала історія): розподілу немає',
    noSkill: 'останні дні не оцінено', vsNaive: 'щодо наївного прогнозу', overLast: (n: number) => `за останні ${countOf(n, 'day', 'uk')}`,
    forecast: 'Прогноз', recentSkill: 'нещодавня точність',
    limitNote: 'Ліміт: беззбиткова ціна години за решти графіка за плановими цінами (купівля за неї або нижче, продаж за неї або вище).',
    warning: 'Побудовано на прогнозі, а не на цінах, що склалися. Потрібне схвалення людиною; svc ніколи не подає заявки.',
    settled: (date: string, real: string, perfect: string, capture: string) => `За фактичними цінами ${date}: ${real} грн проти ${perfect} грн за ідеального передбачення (частка від ідеалу ${capture})`,
  },
} as const;

/** A share: uk as every uk table writes it (i18n.ts formatPercent: `12,5 %`), en as these lines always wrote it (`12.5 %`). */
const pct = (share: number, lang: 'en' | 'uk', digits: number): string => (lang === 'uk' ? formatPercent(share, 'uk', digits) : `${(share * 100).toFixed(digits)} %`);

/** Forecast, schedule, limits and the PnL distribution as terminal lines. */
export function renderOnForecast(env: CliEnv, body: OnForecastBody, kind: 'spread' | 'bess', source: string): void {
  const out = env.out();
  const { lang } = env.globals();
  const w = WORDS[lang];
  const c = out.c;
  const f = body.forecast;
  if (!f) return;
  const m = (v: number, d = 2) => formatMoney(v, lang, d);
  const bidAt = new Map((body.bids ?? []).map((b) => [b.hour, b]));
  out.print(c.bold(`${kind === 'spread' ? w.spreadTitle : w.bessTitle} · ${body.tradeDate}`) + c.dim(` · ${source} · ${w.plannedOn(f.plannedOn === 'mean')}`));
  out.print('');
  const markers = f.hours.map((h) => { const b = bidAt.get(h.hour); return b ? (b.side === 'buy' ? 'B' : 'S') : undefined; });
  out.print(columnChart(f.hours.map((h) => h.mean), { c, lang, markers, colorOf: (mk) => (mk === 'B' ? c.green : mk === 'S' ? c.red : undefined) }).join('\n'));
  out.print('');
  // Headers with their units (house style: `Price, UAH/MWh`), wrapped after the comma so the table stays narrow.
  const u = (name: string) => `${name}, ${w.unit}`;
  const head = [w.hour, u('p10'), u('p50'), u('p90'), u(w.planned), w.side, w.mwh, u(w.limit)];
  const table = makeTable(head, c, { right: [1, 2, 3, 4, 6, 7], maxWidths: head.map((h) => (h.endsWith(w.unit) ? 8 : undefined)) });
  for (const h of f.hours) {
    const b = bidAt.get(h.hour);
    table.push([String(h.hour).padStart(2, '0'), m(h.p10), m(h.p50), m(h.p90), m(h.mean), b ? (b.side === 'buy' ? c.green(w.buy) : c.red(w.sell)) : '', b ? m(b.volumeMwh, 3) : '', b ? m(b.limitPriceUahMwh) : '']);
  }
  out.print(table.toString());
  const p = body.pnl;
  out.print(
    p
      ? `${c.bold(w.pnl)}: ${w.expected} ${m(p.expectedUah, 0)} ${w.uah} · p10 ${m(p.p10Uah, 0)} · p90 ${m(p.p90Uah, 0)} · P(${w.loss}) ${pct(p.probabilityOfLoss, lang, 0)} ${w.scenarios(p.scenarios, p.band === 'conformal' ? (p.calibrationDays ?? null) : null)}`
      : `${c.bold(w.pnl)}: ${w.noScenarios}`,
  );
  const skill = f.skill.maeUahMwh === null ? w.noSkill : `MAE ${m(f.skill.maeUahMwh, 0)} ${w.unit}${f.skill.rmaeVsNaive === null ? '' : `, rMAE ${f.skill.rmaeVsNaive.toFixed(2)} ${w.vsNaive}`} ${w.overLast(f.skill.days)}`;
  out.print(c.dim(`${w.forecast}: ${f.model}; ${w.recentSkill}: ${skill}.`));
  out.print(c.dim(w.limitNote));
  out.print(c.yellow(w.warning));
}

/** The settlement line of a day in the book: the plan at the actual prices beside perfect foresight. */
export function settledLine(lang: 'en' | 'uk', date: string, s: { realisedPnlUah: number; perfectForesightPnlUah: number; captureRatio: number | null }): string {
  const m = (v: number) => formatMoney(v, lang, 0);
  const capture = s.captureRatio === null ? '—' : pct(s.captureRatio, lang, 1);
  return WORDS[lang].settled(date, m(s.realisedPnlUah), m(s.perfectForesightPnlUah), capture);
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
  renderOnForecast(env, body, kind, loaded?.source ?? 'mktop');
  const s = body.settlement;
  if (s) env.out().print(settledLine(env.globals().lang, date, s));
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
