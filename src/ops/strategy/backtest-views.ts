/**
 * `svc backtest` (the binding of backtest.summary; `--sweep` runs backtest.sweep, its binding in
 * backtest-sweep-view.ts): the book's days inside --from/--to, the days before them as the
 * forecast's history with `--plan-on forecast`, `--daily out.csv`, and the summary as a document —
 * the settings in force, the key figures with the missing days said by why they are missing, a
 * histogram, the monthly table, the cumulative PnL as a line chart and the plans on the forecast.
 */
import type { z } from 'zod';
import type { BacktestDay, BacktestSummary } from '../../domain/plans.js';
import { settingsFields } from '../../domain/settings-fields.js';
import type { Block, CliBinding, DocText, DocView, DoorFacts, NoteText } from '../types.js';
import { MAX_HISTORY_DAYS, type ForecastPlansSummary } from './plan-on.js';

type Strategy = 'both' | 'spread' | 'bess';
type Money = { month: string; combinedPnlUah: number } | null;
interface Out {
  settings: InForce;
  summary: BacktestSummary;
  analytics: {
    maxDrawdown: { uah: number; peakDate: string | null; troughDate: string | null };
    dailyPnl: { volatilityUah: number; p5Uah: number; p25Uah: number; medianUah: number; p75Uah: number; p95Uah: number };
    histogram: { fromUah: number; toUah: number; days: number }[];
    capture: { spreadCaptureUahMwh: number | null; bessCaptureUahMwh: number | null };
    bestMonth: Money;
    worstMonth: Money;
    gaps: { from: string | null; to: string | null; missing: string[] };
    months?: { month: string; days: number; hitRate: number; strategyPnlUah: number; bessPnlUah: number; combinedPnlUah: number }[] | undefined;
    bessCarryOver?: { month: string; carriedUah: number; carryOverGainUah: number }[] | undefined;
  };
  forecastPlans?: z.infer<typeof ForecastPlansSummary> | undefined;
}
/** The settings in force, as the op's `settings` names them. */
export interface InForce {
  strategy: Strategy;
  strategySettings?: object | undefined;
  bessSettings?: object | undefined;
}

/** The settings in force of a backtest's input: the strategy (default both) and the settings of each plan that runs. */
export function settingsInForce<S, B>(input: { strategy?: Strategy | undefined; strategySettings: S; bessSettings: B }): { strategy: Strategy; strategySettings?: S; bessSettings?: B } {
  const strategy = input.strategy ?? 'both';
  return { strategy, ...(strategy !== 'bess' ? { strategySettings: input.strategySettings } : {}), ...(strategy !== 'spread' ? { bessSettings: input.bessSettings } : {}) };
}

const EN = {
  backtest: 'Backtest', notForecast: 'Historical run on the supplied prices under your assumptions; not a forecast.',
  month: 'Month', days: 'Days', strategy: 'Strategy, UAH', battery: 'Battery, UAH', combined: 'Combined, UAH', hitRate: 'Hit rate',
  combinedPnl: 'Combined net PnL, UAH', spreadPnl: 'Spread strategy, UAH', average: 'Average per day, UAH',
  profitable: 'Profitable days', of: 'of', tradesCycles: 'Trades / battery charge→discharge pairs', best: 'Best day', worst: 'Worst day',
  trades: 'Trades', pairs: 'Battery charge→discharge pairs', carried: 'Battery carried, UAH', carryGain: 'Carry-over gain, UAH',
  carryNote: 'Battery carried: a second battery run beside the main one. The main run (Battery and every total above) starts each day afresh from the starting charge (--initial-soc); this one keeps its charge from one day to the next, planning each day with the next in view (a gap in the prices restarts it). Carry-over gain = carried − Battery. Energy still stored at a month’s end is sold in the next month, so one month’s gain can be negative and the next one’s larger.',
  cumulative: 'Cumulative combined PnL, UAH',
  drawdown: 'Maximum drawdown, UAH', volatility: 'Volatility of daily PnL (st. dev.), UAH', percentiles: 'Daily PnL p5 / p25 / median / p75 / p95, UAH',
  captureSpread: 'Spread capture (avg sell − avg buy), UAH/MWh', captureBess: 'Battery capture (avg discharge − avg charge), UAH/MWh',
  bestMonth: 'Best month', worstMonth: 'Worst month', gaps: 'Days missing in the range', histogram: 'Distribution of daily PnL, UAH',
  gapDst: 'clock-change', gapInvalid: 'invalid, skipped', gapAbsent: 'not in the file', none: 'none',
  settingsWord: 'settings', spreadWord: 'spread', batteryWord: 'battery',
};
const UK: typeof EN = {
  backtest: 'Бектест', notForecast: 'Історичний прогін на наданих цінах за вашими припущеннями; це не прогноз.',
  month: 'Місяць', days: 'Днів', strategy: 'Стратегія, грн', battery: 'УЗЕ, грн', combined: 'Разом, грн', hitRate: 'Частка прибуткових',
  combinedPnl: 'Сумарний чистий результат, грн', spreadPnl: 'Спред-стратегія, грн', average: 'У середньому за добу, грн',
  profitable: 'Прибуткових днів', of: 'з', tradesCycles: 'Угод / пар заряд→розряд УЗЕ', best: 'Найкращий день', worst: 'Найгірший день',
  trades: 'Угод', pairs: 'Пар заряд→розряд УЗЕ', carried: 'УЗЕ з перенесенням заряду, грн', carryGain: 'Виграш від перенесення, грн',
  carryNote: 'З перенесенням заряду: другий прогін УЗЕ поруч з основним. Основний (УЗЕ та всі підсумки вище) починає кожну добу наново з початкового заряду (--initial-soc); цей зберігає заряд між добами й планує кожну добу з наступною в полі зору (пропуск у цінах починає його наново). Виграш від перенесення = з перенесенням − УЗЕ. Енергію, що лишилася наприкінці місяця, продано вже наступного місяця, тож виграш одного місяця може бути від’ємним, а наступного — більшим.',
  cumulative: 'Накопичений сумарний результат, грн',
  drawdown: 'Максимальне просідання, грн', volatility: 'Волатильність денного результату (ст. відх.), грн', percentiles: 'Денний результат p5 / p25 / медіана / p75 / p95, грн',
  captureSpread: 'Захоплений спред (сер. продаж − сер. купівля), грн/МВт·год', captureBess: 'Захоплений спред УЗЕ (сер. розряд − сер. заряд), грн/МВт·год',
  bestMonth: 'Найкращий місяць', worstMonth: 'Найгірший місяць', gaps: 'Пропущених днів у діапазоні', histogram: 'Розподіл денного результату, грн',
  gapDst: 'перехід на літній/зимовий час', gapInvalid: 'некоректні, пропущено', gapAbsent: 'немає у файлі', none: 'немає',
  settingsWord: 'налаштування', spreadWord: 'спред', batteryWord: 'УЗЕ',
};
export const labelsOf = (t: NoteText): typeof EN => (t.lang === 'uk' ? UK : EN);

/** A share 0..1 as a percentage in the table language: `12.5%` / `12,5 %`. */
export const percent = (t: NoteText, share: number): string => `${t.money(share * 100, 1)}${t.lang === 'uk' ? '\u00a0%' : '%'}`;

const TRADING_FLAGS = settingsFields('strategySettings');
const BESS_FLAGS = settingsFields('bessSettings');

/**
 * `settings: --strategy both · spread: --fee 10 --max-trades 24 … · battery: --capacity 2 …` (flag
 * names, so a run can be repeated; the three words in the table language); a swept field shows its
 * values (`--capacity 1|2|4`), not the base.
 */
export function settingsLine(t: NoteText, s: InForce, swept: readonly { name: string; values: readonly number[] }[] = []): string {
  const L = labelsOf(t);
  const sweep = new Map(swept.map((a) => [a.name, a.values]));
  const flags = (values: object | undefined, specs: readonly { key: string; flag: string }[]) =>
    Object.entries(values ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${specs.find((f) => f.key === k)?.flag ?? k} ${sweep.has(k) ? (sweep.get(k) ?? []).join('|') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' ');
  const parts = [`${L.settingsWord}: --strategy ${s.strategy}`];
  if (s.strategySettings) parts.push(`${L.spreadWord}: ${flags(s.strategySettings, TRADING_FLAGS)}`);
  if (s.bessSettings) parts.push(`${L.batteryWord}: ${flags(s.bessSettings, BESS_FLAGS)}`);
  return parts.join(' · ');
}

/** `3 (2 clock-change: …, 1 not in the file: 05.01.2024)`: every missing day named by why it is missing. */
function gapLine(t: NoteText, door: DoorFacts, missing: readonly string[]): string {
  const L = labelsOf(t);
  if (missing.length === 0) return L.none;
  const { dst, invalid, absent } = door.missing?.(missing) ?? { dst: [], invalid: [], absent: [...missing] };
  const part = (days: string[], word: string) => (days.length === 0 ? [] : [`${days.length} ${word}: ${days.length > 6 ? `${days.slice(0, 6).join(', ')} …` : days.join(', ')}`]);
  return `${missing.length} (${[...part(dst, L.gapDst), ...part(invalid, L.gapInvalid), ...part(absent, L.gapAbsent)].join('; ')})`;
}

function summaryBlocks(result: Out, t: DocText, door: DoorFacts): Block[] {
  const { summary: s, analytics: a } = result;
  const L = labelsOf(t);
  const money = (v: number) => t.money(v, 0);
  const price = (v: number | null) => (v === null ? '—' : t.money(v, 2));
  const pct = (x: number) => percent(t, x);
  const spread = result.settings.strategy !== 'bess';
  const bess = result.settings.strategy !== 'spread';
  const first = a.gaps.from ?? s.daily[0]?.tradeDate;
  const last = a.gaps.to ?? s.daily[s.daily.length - 1]?.tradeDate;
  const facts: [string, string][] = [
    [L.combinedPnl, t.bold(money(s.combinedNetPnlUah))],
    // A plan that did not run (--strategy) has no row: its zeros would read as a result.
    ...(spread ? [[L.spreadPnl, money(s.strategyNetPnlUah)] as [string, string]] : []),
    ...(bess ? [[L.battery, money(s.bessNetProfitUah)] as [string, string]] : []),
    [L.average, money(s.averageDailyPnlUah)],
    // Counts grouped as the money beside them is (1,089 of 1,090; 10 307 / 4 356).
    [L.profitable, `${money(s.profitableDays)} ${L.of} ${money(s.totalDays)} (${pct(s.hitRate)})`],
    spread && bess ? [L.tradesCycles, `${money(s.totalTrades)} / ${money(s.totalBessCycles)}`] : spread ? [L.trades, money(s.totalTrades)] : [L.pairs, money(s.totalBessCycles)],
    [L.best, s.bestDay ? `${s.bestDay.tradeDate}  ${money(s.bestDay.combinedPnlUah)}` : '—'],
    [L.worst, s.worstDay ? `${s.worstDay.tradeDate}  ${money(s.worstDay.combinedPnlUah)}` : '—'],
    [L.bestMonth, a.bestMonth ? `${a.bestMonth.month}  ${money(a.bestMonth.combinedPnlUah)}` : '—'],
    [L.worstMonth, a.worstMonth ? `${a.worstMonth.month}  ${money(a.worstMonth.combinedPnlUah)}` : '—'],
    [L.drawdown, a.maxDrawdown.uah > 0 ? `${money(a.maxDrawdown.uah)}  (${a.maxDrawdown.peakDate ?? '0'} → ${a.maxDrawdown.troughDate ?? ''})` : money(0)],
    [L.volatility, money(a.dailyPnl.volatilityUah)],
    [L.percentiles, [a.dailyPnl.p5Uah, a.dailyPnl.p25Uah, a.dailyPnl.medianUah, a.dailyPnl.p75Uah, a.dailyPnl.p95Uah].map(money).join(' / ')],
    ...(spread ? [[L.captureSpread, price(a.capture.spreadCaptureUahMwh)] as [string, string]] : []),
    ...(bess ? [[L.captureBess, price(a.capture.bessCaptureUahMwh)] as [string, string]] : []),
    [L.gaps, gapLine(t, door, a.gaps.missing)],
  ];
  const head: Block[] = [
    { title: `${L.backtest} · ${first ?? '—'} – ${last ?? '—'} · ${t.count(s.totalDays, 'day')}` },
    { dim: settingsLine(t, result.settings) },
    t.paint('yellow', L.notForecast),
    '',
    { facts },
  ];
  if (s.daily.length === 0) return head;
  const most = Math.max(1, ...a.histogram.map((b) => b.days));
  const histogram = a.histogram.map((b) => `${`${money(b.fromUah)} … ${money(b.toUah)}`.padStart(26)} │${'█'.repeat(Math.round((b.days / most) * 40))} ${b.days}`);
  // The battery carrying its state of charge across days, and the gain over day by day (bess-carry.ts).
  const carried = new Map((a.bessCarryOver ?? []).map((m) => [m.month, m]));
  // Only the plans that ran have columns (--strategy), as in the summary; the carry-over is the battery's.
  const carry = bess && carried.size > 0;
  const heads = [L.month, L.days, ...(spread && bess ? [L.strategy, L.battery, L.combined] : [spread ? L.strategy : L.battery]), L.hitRate, ...(carry ? [L.carried, L.carryGain] : [])];
  const months = (a.months ?? []).map((m) => {
    const k = carried.get(m.month);
    const carryCells = carry ? [k ? money(k.carriedUah) : '—', k ? money(k.carryOverGainUah) : '—'] : [];
    return [m.month, String(m.days), ...(spread && bess ? [money(m.strategyPnlUah), money(m.bessPnlUah)] : []), money(m.combinedPnlUah), pct(m.hitRate), ...carryCells];
  });
  // The running total in kopiyky (no float drift); it ends at the headline's total (its unrounded
  // days' sum, which the sum of the rounded days may miss by a few hryvnias), so the chart's top
  // label, when the end is the top, reads as the headline does.
  let kop = 0;
  const cumulative = s.daily.map((d, i) => (i === s.daily.length - 1 ? s.combinedNetPnlUah : (kop += Math.round(d.combinedPnlUah * 100)) / 100));
  return [
    ...head,
    '',
    t.bold(L.histogram),
    ...histogram,
    '',
    { table: { head: heads, rows: months, right: heads.map((_, i) => i).slice(1) } },
    ...(carry ? [{ dim: L.carryNote }] : []),
    '',
    t.bold(L.cumulative),
    { lineChart: { values: cumulative, width: 72, height: 10, ...(first && last ? { xLabels: [first, last] as const } : {}) } },
  ];
}

/** Plans chosen on the p50 forecast, settled at actual prices, beside the perfect-foresight optimum, per month. */
function forecastPlanBlocks(f: NonNullable<Out['forecastPlans']>, t: DocText): Block[] {
  const money = (v: number) => t.money(v, 0);
  const capture = (r: number | null) => (r === null ? '—' : percent(t, r));
  // With both plans, each plan's own capture beside the sum's (a plan that ran alone is the sum).
  const both = f.monthly.some((m) => m.spread && m.bess);
  const head = ['Month', 'Days', 'Realised, UAH', 'Perfect foresight, UAH', 'Capture', ...(both ? ['Spread capture', 'Battery capture'] : [])];
  const rows = f.monthly.map((m) => [m.month, String(m.days), money(m.realisedPnlUah), money(m.perfectForesightPnlUah), capture(m.captureRatio), ...(both ? [capture(m.spread?.captureRatio ?? null), capture(m.bess?.captureRatio ?? null)] : [])]);
  return [
    '',
    t.bold(`Plans on the forecast's expected prices, settled at actual prices (${f.days} days${f.skippedDays.length ? `; ${f.skippedDays.length} without enough history left out` : ''}${f.failedDays.length ? `; ${f.failedDays.length} that could not be planned left out` : ''})`),
    { table: { head, rows, right: head.slice(1).map((_, i) => i + 1) } },
  ];
}

// CSV names say what they count: bessCycles (the spec's JSON name) counts charge→discharge pairs, not equivalent full cycles.
const DAILY_COLUMNS = ['tradeDate', 'strategyPnlUah', 'bessPnlUah', 'combinedPnlUah', 'trades', 'bessChargeDischargePairs', 'averageSpreadUah', 'equivalentBessCycles'];
const dailyRows = (days: readonly BacktestDay[]): object[] => days.map(({ bessCycles, ...d }) => ({ ...d, bessChargeDischargePairs: bessCycles }));

const summaryView: DocView<Out, unknown> = {
  blocks: (o, t, _input, door) => [...summaryBlocks(o, t, door), ...(o.forecastPlans ? forecastPlanBlocks(o.forecastPlans, t) : [])],
  csv: { rows: (o) => dailyRows(o.summary.daily), columns: DAILY_COLUMNS },
};

/** --from/--to (the range the gap report covers), read as dates; shared with `--sweep`. */
export const RANGE_BINDING = {
  book: { into: 'priceBook', shape: 'days', range: ['range.from', 'range.to'] },
  flags: { 'range.from': { flag: '--from', date: true }, 'range.to': { flag: '--to', date: true }, carryOver: false },
  flagHelp: {
    strategy: 'which plans run: both (default: the spread plan and the battery plan added up), spread (only the spread trades) or bess (only the battery)',
    'range.from': 'first day (inclusive)',
    'range.to': 'last day (inclusive)',
  },
  order: ['strategy', 'range.from', 'range.to', 'planOn'],
} as const;

const days = (input: { priceBook?: object }): number => Object.keys(input.priceBook ?? {}).length;
const failed = (o: Out) => o.forecastPlans?.failedDays ?? [];

export const backtestCli: CliBinding<Out, { priceBook?: object; planOn?: string }> = {
  ...RANGE_BINDING,
  command: ['backtest'],
  description: 'run the spread plan and the battery plan over every day of a price book (historical, not a forecast)',
  book: { ...RANGE_BINDING.book, history: { into: 'history', days: MAX_HISTORY_DAYS, when: { field: 'planOn', value: 'forecast' } } },
  flags: { ...RANGE_BINDING.flags, history: false, monthly: false },
  flagHelp: {
    ...RANGE_BINDING.flagHelp,
    planOn: 'forecast: also plan every day on its forecast (from the days before it) and report realised PnL vs perfect foresight per month; a day that cannot be planned is named and --on-invalid sets the exit',
  },
  sideFiles: [{ flag: { flag: '--daily', value: 'out.csv', help: 'write every BacktestDay as CSV' }, early: true, rows: (o) => dailyRows(o.summary.daily), columns: DAILY_COLUMNS, says: (o, path) => `wrote ${o.summary.daily.length} days to ${path}` }],
  tableInput: { monthly: true },
  progress: (input) => (input.planOn === 'forecast' ? 'forecasting' : days(input) > 400 ? `backtesting ${days(input)} days` : ''),
  // A day that cannot be planned on its forecast is named, never the end of the run; --on-invalid decides the exit.
  remarks: (o) => failed(o).map((f) => ({ warn: `${f.date}: left out of the plans on the forecast: ${f.reason}` })),
  fails: {
    when: (o) => failed(o).length > 0,
    says: (o) => `${failed(o).length} day(s) could not be planned on their forecast (${failed(o).map((f) => f.date).join(', ')}); the rest was reported; --on-invalid skip exits 0`,
    exitCode: 2,
    errorCode: 'forecast_prices',
    unless: { flag: '--on-invalid', value: 'skip' },
  },
  view: summaryView,
  examples: [
    'svc backtest fixtures/oree-dam-ips-2022-2024.csv --from 01.01.2024 --capacity 2 --power 1 --fee 10',
    'svc backtest fixtures/oree-dam-ips-2022-2024.csv --strategy bess --capacity 2 --power 1',
    'svc backtest fixtures/oree-dam-ips-2022-2024.csv --daily days.csv --format json > summary.json',
  ],
};
