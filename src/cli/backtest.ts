/** `svc backtest`: both engines over a date range, a monthly table, a PnL chart, sweeps. */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import { SvcError } from '../domain/errors.js';
import type { CliEnv } from './cli-env.js';
import { makeTable, keyValueTable } from './table.js';
import { addBookOptions, classifyMissing, loadBook, parseDateFlag, sliceBook, type LoadedBook, BOOK_ARG_HELP } from './book.js';
import { BESS_FLAGS, TRADING_FLAGS, addFlags, checkOutputPath, explainBothSettings, resolveSettings, writeOutputFile } from './settings.js';
import { lineChart } from './chart.js';
import { countOf, formatMoney, formatPercent, labels } from './i18n.js';
import type { BacktestResponse } from '../ops/strategy/backtest.js';
import type { BacktestDay } from '../domain/plans.js';
import type { z } from 'zod';

interface BacktestOpts {
  from?: string;
  to?: string;
  dst?: string;
  settings?: string;
  daily?: string;
  sweep?: string[];
  planOn?: string;
  onInvalid?: string;
  strategy?: string;
  [flag: string]: unknown;
}

// CSV names say what they count: bessCycles (the spec's JSON name) counts charge→discharge pairs, not equivalent full cycles.
const DAILY_COLUMNS = ['tradeDate', 'strategyPnlUah', 'bessPnlUah', 'combinedPnlUah', 'trades', 'bessChargeDischargePairs', 'averageSpreadUah', 'equivalentBessCycles'];
const dailyRows = (days: readonly BacktestDay[]): object[] => days.map(({ bessCycles, ...d }) => ({ ...d, bessChargeDischargePairs: bessCycles }));

export function registerBacktest(program: Command, env: CliEnv): void {
  const cmd = program
    .command('backtest')
    .description('run the spread plan and the battery plan over every day of a price book (historical, not a forecast)')
    .argument('<file>', BOOK_ARG_HELP)
    .option('--strategy <both|spread|bess>', 'which plans run: both (default: the spread plan and the battery plan added up), spread (only the spread trades) or bess (only the battery)')
    .option('--from <DD.MM.YYYY>', 'first day (inclusive)')
    .option('--to <DD.MM.YYYY>', 'last day (inclusive)')
    .option('--settings <file.json>', 'JSON { "strategySettings": {...}, "bessSettings": {...} }; flags override it')
    .option('--daily <out.csv>', 'write every BacktestDay as CSV')
    .option('--plan-on <actual|forecast>', 'forecast: also plan every day on its forecast (from the days before it) and report realised PnL vs perfect foresight per month; a day that cannot be planned is named and --on-invalid sets the exit')
    .option('--sweep <name=v1,v2,...>', 'try every combination of settings values (repeatable)', (v: string, prev: string[] = []) => [...prev, v]);
  addFlags(addFlags(addBookOptions(cmd), TRADING_FLAGS), BESS_FLAGS);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  $ svc backtest fixtures/oree-dam-ips-2022-2024.csv --from 01.01.2024 --capacity 2 --power 1 --fee 10\n' +
      '  $ svc backtest fixtures/oree-dam-ips-2022-2024.csv --strategy bess --capacity 2 --power 1\n' +
      '  $ svc backtest fixtures/oree-dam-ips-2022-2024.csv --daily days.csv --format json > summary.json\n' +
      '  $ svc backtest fixtures/oree-dam-ips-2022-2024.csv --sweep capacityMwh=1,2,4 --sweep powerMw=0.5,1',
  );
  cmd.action(async (file: string, opts: BacktestOpts) => {
    // Every flag is checked before the book is read: a flag error is the only line of a failed run.
    const strategy = strategyFlag(opts.strategy);
    const from = parseDateFlag(opts.from, '--from');
    const to = parseDateFlag(opts.to, '--to');
    const { planOnFlag } = await import('./plan-forecast.js');
    const onForecast = planOnFlag(opts.planOn);
    const settings = resolveSettings(opts);
    checkOutputPath(opts.daily, '--daily');
    const full = await loadBook(env, file, opts, { from, to });
    const loaded = sliceBook(env, full, from, to);
    const out = env.out();
    const range = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    const ranged = { ...(from || to ? { range } : {}), ...(strategy === 'both' ? {} : { strategy }) };

    if (opts.sweep?.length) {
      if (opts.daily) throw SvcError.validation('--daily cannot be combined with --sweep: a sweep prints one row per combination, not days', [{ path: '--daily', message: 'not with --sweep' }]);
      if (onForecast) throw SvcError.validation('--plan-on forecast cannot be combined with --sweep: a sweep plans on the actual prices', [{ path: '--plan-on', message: 'not with --sweep' }]);
      const { parseSweep } = await import('./sweep.js');
      const axes = parseSweep(opts.sweep);
      const { backtestSweep } = await import('../ops/strategy/backtest-sweep.js');
      const count = axes.reduce((n, a) => n * a.values.length, 1);
      const progress = await out.progress(`sweeping ${count} combinations × ${loaded.dates.length} days`);
      env.onProgress((d, t, label) => progress.update(d, t, label));
      const result = await env
        .runOp(backtestSweep, { priceBook: loaded.book, ...settings, ...ranged, sweep: axes })
        .catch((e: unknown) => {
          throw sweepError(explainBothSettings(e, settings, opts));
        })
        .finally(() => {
          env.onProgress(undefined);
          progress.stop();
        });
      const rows = result.combinations;
      // A sweep has no per-day output, so the gap report goes to stderr: no day is left out silently.
      const { gapReport } = await import('./backtest-gaps.js');
      for (const line of gapReport(loaded, result.gaps, env.globals().lang)) out.warn(line);
      const inForce = settingsInForce(strategy, settings);
      if (env.globals().format === 'json') return out.json({ settings: inForce, combinations: rows });
      const names = axes.map((a) => a.name);
      const flat = rows.map((r) => ({ ...r.params, totalDays: r.totalDays, strategyNetPnlUah: r.strategyNetPnlUah, bessNetProfitUah: r.bessNetProfitUah, combinedNetPnlUah: r.combinedNetPnlUah, hitRate: r.hitRate, totalTrades: r.totalTrades, totalBessCycles: r.totalBessCycles }));
      if (env.globals().format === 'csv') return out.raw(await toCsv(flat));
      const { lang } = env.globals();
      const L = labels(lang);
      out.print(out.c.dim(settingsLine(inForce, axes)));
      const table = makeTable(['#', ...names, L.days, L.strategy, L.battery, L.combined, L.hitRate], out.c, { right: Array.from({ length: names.length + 6 }, (_, i) => i) });
      rows.forEach((r, i) => table.push([String(i + 1), ...names.map((n) => String(r.params[n])), String(r.totalDays), formatMoney(r.strategyNetPnlUah, lang, 0), formatMoney(r.bessNetProfitUah, lang, 0), formatMoney(r.combinedNetPnlUah, lang, 0), formatPercent(r.hitRate, lang)]));
      out.print(table.toString());
      out.print(out.c.dim(L.notForecast));
      return;
    }

    const { backtestSummary } = await import('../ops/strategy/backtest.js');
    const progress = onForecast ? await out.progress('forecasting') : loaded.dates.length > 400 ? await out.progress(`backtesting ${loaded.dates.length} days`) : await out.progress('');
    env.onProgress((d, t, label) => progress.update(d, t, label));
    const historyWindow = onForecast ? (await import('../ops/forecast/forecast-model.js')).historyWindow : null;
    const forecastInput = historyWindow ? { planOn: 'forecast', history: loaded.dates[0] ? historyWindow(full.book, loaded.dates[0]) : {} } : {};
    const monthly = env.globals().format === 'table';
    const result = await env.runOp(backtestSummary, { priceBook: loaded.book, ...settings, ...ranged, ...(monthly ? { monthly } : {}), ...forecastInput }).catch((e: unknown) => {
      throw explainBothSettings(e, settings, opts);
    }).finally(() => env.onProgress(undefined));
    progress.stop();
    // A day that cannot be planned on its forecast is named, never the end of the run; --on-invalid decides the exit.
    const failed = result.forecastPlans?.failedDays ?? [];
    for (const f of failed) out.warn(`${f.date}: left out of the plans on the forecast: ${f.reason}`);
    if (opts.daily) {
      writeOutputFile(opts.daily, await toCsv(dailyRows(result.summary.daily), DAILY_COLUMNS), '--daily');
      out.info(`wrote ${result.summary.daily.length} days to ${opts.daily}`);
    }
    const format = env.globals().format;
    if (format === 'json') out.json(result);
    else if (format === 'csv') out.raw(await toCsv(dailyRows(result.summary.daily), DAILY_COLUMNS));
    else {
      await renderSummary(env, result, loaded);
      if (result.forecastPlans) renderForecastPlans(env, result.forecastPlans);
    }
    if (failed.length && (opts.onInvalid ?? 'fail') === 'fail') {
      const { CliExit } = await import('./cli-env.js');
      throw new CliExit(2, `${failed.length} day(s) could not be planned on their forecast (${failed.map((f) => f.date).join(', ')}); the rest was reported; --on-invalid skip exits 0`, 'forecast_prices');
    }
  });
}

async function renderSummary(env: CliEnv, result: z.infer<typeof BacktestResponse>, loaded: LoadedBook): Promise<void> {
  const { summary: s, analytics: a } = result;
  const out = env.out();
  const c = out.c;
  const { lang } = env.globals();
  const L = labels(lang);
  const money = (v: number) => formatMoney(v, lang, 0);
  const price = (v: number | null) => (v === null ? '—' : formatMoney(v, lang, 2));
  const pct = (x: number) => formatPercent(x, lang);
  const spread = result.settings.strategy !== 'bess';
  const bess = result.settings.strategy !== 'spread';
  const first = a.gaps.from ?? s.daily[0]?.tradeDate;
  const last = a.gaps.to ?? s.daily[s.daily.length - 1]?.tradeDate;
  out.print(c.bold(`${L.backtest} · ${first ?? '—'} – ${last ?? '—'} · ${countOf(s.totalDays, 'day', lang)}`) + c.dim(` · ${loaded.source}`));
  out.print(c.dim(settingsLine(result.settings)));
  out.print(c.yellow(L.notForecast));
  out.print('');
  out.print(
    keyValueTable(
      [
        [L.btCombined, c.bold(money(s.combinedNetPnlUah))],
        // A plan that did not run (--strategy) has no row: its zeros would read as a result.
        ...(spread ? [[L.btStrategy, money(s.strategyNetPnlUah)] as [string, string]] : []),
        ...(bess ? [[L.btBattery, money(s.bessNetProfitUah)] as [string, string]] : []),
        [L.btAverage, money(s.averageDailyPnlUah)],
        [L.btProfitable, `${s.profitableDays} ${L.of} ${s.totalDays} (${pct(s.hitRate)})`],
        spread && bess ? [L.btTradesCycles, `${s.totalTrades} / ${s.totalBessCycles}`] : spread ? [L.btTrades, String(s.totalTrades)] : [L.btPairs, String(s.totalBessCycles)],
        [L.btBest, s.bestDay ? `${s.bestDay.tradeDate}  ${money(s.bestDay.combinedPnlUah)}` : '—'],
        [L.btWorst, s.worstDay ? `${s.worstDay.tradeDate}  ${money(s.worstDay.combinedPnlUah)}` : '—'],
        [L.btBestMonth, a.bestMonth ? `${a.bestMonth.month}  ${money(a.bestMonth.combinedPnlUah)}` : '—'],
        [L.btWorstMonth, a.worstMonth ? `${a.worstMonth.month}  ${money(a.worstMonth.combinedPnlUah)}` : '—'],
        [L.btDrawdown, a.maxDrawdown.uah > 0 ? `${money(a.maxDrawdown.uah)}  (${a.maxDrawdown.peakDate ?? '0'} → ${a.maxDrawdown.troughDate ?? ''})` : money(0)],
        [L.btVolatility, money(a.dailyPnl.volatilityUah)],
        [L.btPercentiles, [a.dailyPnl.p5Uah, a.dailyPnl.p25Uah, a.dailyPnl.medianUah, a.dailyPnl.p75Uah, a.dailyPnl.p95Uah].map(money).join(' / ')],
        ...(spread ? [[L.btCaptureSpread, price(a.capture.spreadCaptureUahMwh)] as [string, string]] : []),
        ...(bess ? [[L.btCaptureBess, price(a.capture.bessCaptureUahMwh)] as [string, string]] : []),
        [L.btGaps, gapLine(loaded, a.gaps.missing, lang)],
      ],
      c,
    ),
  );
  if (s.daily.length === 0) return;
  out.print('');
  out.print(c.bold(L.btHistogram));
  const most = Math.max(1, ...a.histogram.map((b) => b.days));
  for (const b of a.histogram) {
    const label = `${money(b.fromUah)} … ${money(b.toUah)}`.padStart(26);
    out.print(`${label} │${'█'.repeat(Math.round((b.days / most) * 40))} ${b.days}`);
  }
  // The battery carrying its state of charge across days, and the gain over day by day (bess-carry.ts).
  const carried = new Map((a.bessCarryOver ?? []).map((m) => [m.month, m]));
  // Only the plans that ran have columns (--strategy), as in the summary; the carry-over is the battery's.
  const carry = bess && carried.size > 0;
  const heads = [L.month, L.days, ...(spread && bess ? [L.strategy, L.battery, L.combined] : [spread ? L.strategy : L.battery]), L.hitRate, ...(carry ? [L.btCarried, L.btCarryGain] : [])];
  const months = makeTable(heads, c, { right: heads.map((_, i) => i).slice(1) });
  for (const m of a.months ?? []) {
    const k = carried.get(m.month);
    const carryCells = carry ? [k ? money(k.carriedUah) : '—', k ? money(k.carryOverGainUah) : '—'] : [];
    months.push([m.month, String(m.days), ...(spread && bess ? [money(m.strategyPnlUah), money(m.bessPnlUah)] : []), money(m.combinedPnlUah), pct(m.hitRate), ...carryCells]);
  }
  out.print('');
  out.print(months.toString());
  if (carry) out.print(c.dim(L.btCarryNote));
  let running = 0;
  const cumulative = s.daily.map((d) => (running += d.combinedPnlUah));
  out.print('');
  out.print(c.bold(L.btCumulative));
  out.print(lineChart(cumulative, { c, width: 72, height: 10 }).join('\n'));
  out.print(`${' '.repeat(8)}${first ?? ''}${' '.repeat(Math.max(1, 72 - (first?.length ?? 0) - (last?.length ?? 0)))}${last ?? ''}`);
}

/** The op names the sweep's fields as `sweep`; the CLI says `--sweep`. */
function sweepError(e: unknown): unknown {
  if (!(e instanceof SvcError) || e.code !== 'validation_error') return e;
  if (!e.message.startsWith('sweep')) return e;
  return SvcError.validation(`--${e.message}`, e.issues.map((i) => (i.path === 'sweep' ? { ...i, path: '--sweep' } : i)));
}

/** `3 (2 clock-change, 1 not in the file: 05.01.2024)`: every missing day is named by why it is missing. */
function gapLine(loaded: LoadedBook, missing: readonly string[], lang: 'uk' | 'en'): string {
  const L = labels(lang);
  if (missing.length === 0) return L.none;
  const { dst, invalid, absent } = classifyMissing(loaded, missing);
  const part = (days: string[], word: string) => (days.length === 0 ? [] : [`${days.length} ${word}: ${days.length > 6 ? `${days.slice(0, 6).join(', ')} …` : days.join(', ')}`]);
  return `${missing.length} (${[...part(dst, L.gapDst), ...part(invalid, L.gapInvalid), ...part(absent, L.gapAbsent)].join('; ')})`;
}

/** Plans chosen on the p50 forecast, settled at actual prices, beside the perfect-foresight optimum, per month. */
function renderForecastPlans(env: CliEnv, f: NonNullable<z.infer<typeof BacktestResponse>['forecastPlans']>): void {
  const out = env.out();
  const { lang } = env.globals();
  const money = (v: number) => formatMoney(v, lang, 0);
  out.print('');
  out.print(out.c.bold(`Plans on the forecast's expected prices, settled at actual prices (${f.days} days${f.skippedDays.length ? `; ${f.skippedDays.length} without enough history left out` : ''}${f.failedDays.length ? `; ${f.failedDays.length} that could not be planned left out` : ''})`));
  const capture = (r: number | null) => (r === null ? '—' : formatPercent(r, lang));
  // With both plans, each plan's own capture beside the sum's (a plan that ran alone is the sum).
  const both = f.monthly.some((m) => m.spread && m.bess);
  const head = ['month', 'days', 'realised', 'perfect foresight', 'capture', ...(both ? ['spread capture', 'battery capture'] : [])];
  const t = makeTable(head, out.c, { right: head.slice(1).map((_, i) => i + 1) });
  for (const m of f.monthly) {
    t.push([m.month, String(m.days), money(m.realisedPnlUah), money(m.perfectForesightPnlUah), capture(m.captureRatio), ...(both ? [capture(m.spread?.captureRatio ?? null), capture(m.bess?.captureRatio ?? null)] : [])]);
  }
  out.print(t.toString());
}

const STRATEGIES = ['both', 'spread', 'bess'] as const;
type Strategy = (typeof STRATEGIES)[number];

/** `--strategy`: both (the default), spread or bess; anything else is bad input (exit 2). */
export function strategyFlag(raw: string | undefined): Strategy {
  if (raw === undefined) return 'both';
  if ((STRATEGIES as readonly string[]).includes(raw)) return raw as Strategy;
  throw SvcError.validation(`--strategy: expected both, spread or bess, got "${raw}"`, [{ path: '--strategy', message: 'expected both, spread or bess' }]);
}

type Settings = ReturnType<typeof resolveSettings>;
interface InForce {
  strategy: Strategy;
  strategySettings?: Settings['strategySettings'] | undefined;
  bessSettings?: Settings['bessSettings'] | undefined;
}

/** The settings in force, as the op's `settings` names them: the strategy and the settings of each plan that runs. */
function settingsInForce(strategy: Strategy, s: Settings): InForce {
  return { strategy, ...(strategy !== 'bess' ? { strategySettings: s.strategySettings } : {}), ...(strategy !== 'spread' ? { bessSettings: s.bessSettings } : {}) };
}

/**
 * `settings: --strategy both · spread: --fee 10 --max-trades 24 … · battery: --capacity 2 …` (flag
 * names, so a run can be repeated); a swept field shows its values (`--capacity 1|2|4`), not the base.
 */
function settingsLine(s: InForce, swept: readonly { name: string; values: readonly number[] }[] = []): string {
  const sweep = new Map(swept.map((a) => [a.name, a.values]));
  const flags = (values: object | undefined, specs: readonly { key: string; flag: string }[]) =>
    Object.entries(values ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${specs.find((f) => f.key === k)?.flag ?? k} ${sweep.has(k) ? (sweep.get(k) ?? []).join('|') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' ');
  const parts = [`settings: --strategy ${s.strategy}`];
  if (s.strategySettings) parts.push(`spread: ${flags(s.strategySettings, TRADING_FLAGS)}`);
  if (s.bessSettings) parts.push(`battery: ${flags(s.bessSettings, BESS_FLAGS)}`);
  return parts.join(' · ');
}
