/**
 * `svc brief`: the deterministic trading brief (svc-rules-v1) for one day of a price book, as
 * readable sections in the terminal or the API body with --format json. `--caps` adds the
 * regulator's price caps from the caps table (built to pass the brief's own consistency checks),
 * `--receipt out.json` writes a signed no-egress receipt with the declared inputs beside it.
 */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import type { TradingBriefResponse } from '../domain/brief.js';
import type { Locale } from '../domain/common.js';
import { SvcError } from '../domain/errors.js';
import type { PriceDay } from '../domain/prices.js';
import type { CliEnv } from './cli-env.js';
import { addBookOptions, loadBook, parseDateFlag, pickDay, READ_BACK_FORECAST, BOOK_ARG_HELP } from './book.js';
import { BESS_FLAGS, TRADING_FLAGS, addFlags, anyFlagGiven, addSettingsFile, explainSettingsError, resolveSettings, settingsFileStates, writeOutputFile } from './settings.js';
import type { ChalkInstance } from 'chalk';
import { keyValueTable } from './table.js';

interface BriefOpts {
  date?: string;
  dst?: string;
  settings?: string;
  locale?: string;
  market?: string;
  caps?: string | boolean;
  capTolerance?: string;
  receipt?: string;
  planOn?: string;
  [flag: string]: unknown;
}

const DEFAULT_CAP_TOLERANCE = 0.01;

/** `--locale`, else the global `--lang` (default en, as every other command's table output). */
function pickLocale(env: CliEnv, opts: BriefOpts): Locale {
  const value = opts.locale ?? env.globals().lang;
  if (value !== 'uk' && value !== 'en') throw SvcError.validation(`--locale: expected uk or en, got "${value}"`, [{ path: '--locale', message: 'expected uk|en' }]);
  return value;
}

function pickMarket(opts: BriefOpts): 'DAM' | 'IDM' | undefined {
  if (opts.market === undefined) return undefined;
  const m = opts.market.toUpperCase();
  if (m !== 'DAM' && m !== 'IDM') throw SvcError.validation(`--market: expected DAM or IDM, got "${opts.market}"`, [{ path: '--market', message: 'expected DAM|IDM' }]);
  return m;
}

function capTolerance(opts: BriefOpts): number {
  if (opts.capTolerance === undefined) return DEFAULT_CAP_TOLERANCE;
  const v = Number(opts.capTolerance);
  if (opts.capTolerance.trim() === '' || !Number.isFinite(v) || v < 0) {
    throw SvcError.validation(`--cap-tolerance: expected a number >= 0 (UAH/MWh), got "${opts.capTolerance}"`, [{ path: '--cap-tolerance', message: 'expected >= 0' }]);
  }
  return v;
}

/** context.regulatory.priceCap from the caps table, or undefined (with a warning) when none is in force. */
async function capsContext(env: CliEnv, opts: BriefOpts, date: string, market: 'DAM' | 'IDM', prices: PriceDay) {
  if (opts.caps === undefined || opts.caps === false) return undefined;
  const { loadCapsTable, DEFAULT_CAPS_PATH } = await import('../ops/facade/reference-files.js');
  const capsPath = typeof opts.caps === 'string' ? opts.caps : DEFAULT_CAPS_PATH;
  const table = await loadCapsTable(capsPath).catch((e: unknown) => {
    if ((e as { code?: unknown }).code === 'validation_error') throw e;
    throw SvcError.validation(`--caps: cannot read ${capsPath}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, [{ path: '--caps', message: 'cannot read the caps table' }]);
  });
  const caps = table.capsFor(date, market);
  const { briefPriceCapContext } = await import('../ops/ai/brief-price-cap.js');
  const context = caps ? (await env.runOp(briefPriceCapContext, { prices, caps, toleranceUahMwh: capTolerance(opts) })).priceCap : null;
  if (!context) env.out().warn(`--caps: no numeric ${market} price caps in force on ${date} in ${table.source}; the brief goes without them`);
  return context ?? undefined;
}

export function registerBrief(program: Command, env: CliEnv): void {
  const cmd = program
    .command('brief')
    .description('deterministic trading brief for one day (svc-rules-v1): gate, drivers, checklist, anomalies, audit trail')
    .argument('<file>', BOOK_ARG_HELP)
    .requiredOption('--date <DD.MM.YYYY>', 'trade date')
    .option('--locale <uk|en>', 'language of the brief (default: --lang, itself en by default)')
    .option('--market <DAM|IDM>', 'market of the prices (default: DAM for mktop, else not stated and DAM assumed)')
    .option('--caps [caps.csv]', 'add the regulator price caps in force on the date (default table: fixtures/ua-price-caps.csv)')
    .option('--cap-tolerance <uah>', `UAH/MWh within which a price counts as at a cap (default ${DEFAULT_CAP_TOLERANCE})`)
    .option('--receipt <out.json>', 'also write a signed no-egress receipt and the declared inputs to this file')
    .option('--plan-on <actual|forecast>', 'forecast: the brief on the forecast of --date from the days before it (a day without prices), saying so');
  // The plan's and the battery's flags, as on `svc plan` and `svc bess` (one table: src/domain/settings-fields.ts).
  addSettingsFile(addFlags(addFlags(addBookOptions(cmd), TRADING_FLAGS), BESS_FLAGS), 'TradingSettings');
  cmd.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc brief fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --fee 12 --max-trades 4 --caps --market DAM\n' +
      '  $ svc brief fixtures/oree-dam-ips-2022-2024.csv --date 02.12.2024 --capacity 2 --power 1   # your battery\n' +
      '  $ svc brief fixtures/sample-week.csv --date 03.12.2024 --locale uk   # in Ukrainian (or --lang uk)\n' +
      '  $ svc brief fixtures/sample-week.csv --date 03.12.2024 --format json | jq .brief.actionGate\n' +
      '  $ svc brief today.csv --date 22.11.2026 --receipt receipt.json && svc receipt verify receipt.json',
  );
  cmd.action(async (file: string, opts: BriefOpts) => {
    const date = parseDateFlag(opts.date, '--date') ?? '';
    const locale = pickLocale(env, opts);
    // The operator's book (mktop) is its DAM results: the market is stated by the source.
    const market = pickMarket(opts) ?? (file === 'mktop' ? 'DAM' : undefined);
    // Checked whether or not --caps is given: a flag is never ignored silently.
    capTolerance(opts);
    const { planOnFlag } = await import('./plan-forecast.js');
    const onForecast = planOnFlag(opts.planOn) ? await (await import('./plan-forecast.js')).forecastPricesFor(env, file, date, opts) : null;
    const loaded = onForecast ? { source: onForecast.source } : await loadBook(env, file, opts, { from: date, to: date });
    const prices = onForecast ? onForecast.prices : pickDay(loaded as Awaited<ReturnType<typeof loadBook>>, date);
    const resolved = resolveSettings(opts, 'strategySettings');
    const settings = resolved.strategySettings;
    // The user's battery (a battery flag, or bessSettings in the --settings file) is the brief's
    // reference battery (context.bessSettings), never silently ignored; else the op's default battery.
    const bessGiven = anyFlagGiven(opts, BESS_FLAGS) || (opts.settings !== undefined && settingsFileStates(opts.settings, 'bessSettings'));
    const bessSettings = bessGiven ? resolved.bessSettings : undefined;
    const priceCap = await capsContext(env, opts, date, market ?? 'DAM', prices);
    // The operator's prices (mktop) are the published auction results: the day's gate has closed.
    const published = !onForecast && file === 'mktop';
    const parts = { ...(market ? { market } : {}), ...(priceCap ? { regulatory: { priceCap } } : {}), ...(bessSettings ? { bessSettings } : {}), ...(published ? { pricesPublished: true } : {}) };
    const context = Object.keys(parts).length === 0 ? undefined : parts;
    const request = { tradeDate: date, prices, settings, locale, ...(context ? { context } : {}), ...(onForecast ? { forecast: onForecast.forecast } : loaded && 'forecast' in loaded && loaded.forecast ? { forecast: { ...READ_BACK_FORECAST } } : {}) };
    const { tradingBrief } = await import('../ops/ai/brief.js');
    const body = (await env.runOp(tradingBrief, request).catch((e: unknown) => {
      throw explainSettingsError(explainSettingsError(e, 'settings', TRADING_FLAGS, settings, opts), 'context.bessSettings', BESS_FLAGS, bessSettings ?? {}, opts);
    })) as TradingBriefResponse;
    if (opts.receipt) {
      // The receipt operation, through invoke(): it validates the request as the brief did, and composes nothing again.
      const { tradingBriefReceipt } = await import('../ops/ai/receipt.js');
      const bundle = await env.runOp(tradingBriefReceipt, request);
      // A path that cannot be written is bad input naming the flag (exit 2), as -o and --daily.
      writeOutputFile(opts.receipt, `${JSON.stringify(bundle, null, 2)}\n`, '--receipt');
      env.out().info(`receipt written to ${opts.receipt} (key ${bundle.receipt.signature.keyId}, inputs sha256 ${bundle.receipt.inputsHash.value.slice(0, 16)}…)`);
    }
    const out = env.out();
    const { format } = env.globals();
    if (format === 'json') return out.json(body);
    if (format === 'csv') {
      const rows = body.brief.auditTrail.facts.map((f) => ({ tradeDate: date, key: f.key, label: f.label, value: f.value, unit: f.unit ?? '' }));
      return out.raw(await toCsv(rows, ['tradeDate', 'key', 'label', 'value', 'unit']));
    }
    out.print(renderBrief(body, { locale, date, source: loaded.source, c: out.c }));
  });
}

const HEADINGS = {
  uk: {
    title: 'Торгова довідка', gate: 'Рішення', next: 'Наступні кроки', quality: 'Якість', coverage: 'Повнота даних', sensitivity: 'Чутливість',
    drivers: 'Чинники', market: 'Ринок', checklist: 'Чек-лист трейдера', anomalies: 'Аномалії', none: 'не виявлено', facts: 'Факти',
    missing: 'Бракує', controls: 'Контролі', limitations: 'Обмеження', automation: 'Автоматизація', rationale: 'Ідентифікатор обґрунтування',
  },
  en: {
    title: 'Trading brief', gate: 'Decision', next: 'Next actions', quality: 'Quality', coverage: 'Data coverage', sensitivity: 'Sensitivity',
    drivers: 'Drivers', market: 'Market', checklist: 'Trader checklist', anomalies: 'Anomalies', none: 'none found', facts: 'Facts',
    missing: 'Missing', controls: 'Controls', limitations: 'Limitations', automation: 'Automation', rationale: 'Rationale id',
  },
} as const;

/** Built on first use: constructing Intl formatters at import time costs every command ~15 ms. */
const factNumber: Partial<Record<Locale, Intl.NumberFormat>> = {};
function factNumberFormat(locale: Locale): Intl.NumberFormat {
  return (factNumber[locale] ??= new Intl.NumberFormat(locale === 'uk' ? 'uk-UA' : 'en-GB', { maximumFractionDigits: 2 }));
}

const FACT_UNITS: Record<Locale, Record<string, string>> = {
  uk: { 'UAH/MWh': 'грн/МВт·год', UAH: 'грн', MWh: 'МВт·год', true: 'так', false: 'ні' },
  en: { true: 'yes', false: 'no' },
};

/** A fact for the eye: locale digits, units in the brief's language, scores out of 100. */
function factValue(value: string | number | boolean, unit: string | undefined, locale: Locale): string {
  const words = FACT_UNITS[locale];
  if (typeof value === 'boolean') return words[String(value)] ?? String(value);
  if (typeof value === 'string') return value;
  const text = factNumberFormat(locale).format(value);
  if (unit === 'points') return `${text}/100`;
  if (unit === 'hour') return `${String(value).padStart(2, '0')}:00`;
  return unit && unit !== 'count' ? `${text} ${words[unit] ?? unit}` : text;
}

/** The brief as terminal sections, in the brief's own language. */
export function renderBrief(body: TradingBriefResponse, o: { locale: Locale; date: string; source: string; c: ChalkInstance }): string {
  const { brief } = body;
  const { c } = o;
  const H = HEADINGS[o.locale];
  const paint = brief.actionGate.status === 'ready' ? c.green : brief.actionGate.status === 'review' ? c.yellow : c.red;
  const lines: string[] = [];
  const section = (title: string, items: readonly string[], bullet = '•') => {
    lines.push('', c.bold(title));
    if (items.length === 0) lines.push(`  ${c.dim(H.none)}`);
    for (const item of items) lines.push(`  ${bullet} ${item}`);
  };
  lines.push(c.bold(`${H.title} · ${o.date}`) + c.dim(` · ${o.source}`), '', brief.summary);
  lines.push('', `${c.bold(H.gate)}: ${paint(c.bold(brief.actionGate.label))}`);
  for (const r of brief.actionGate.reasons) lines.push(`  • ${r}`);
  lines.push(`  ${c.dim(`${H.next}:`)}`);
  brief.actionGate.nextActions.forEach((a, i) => lines.push(`  ${i + 1}. ${a}`));
  lines.push(
    '',
    `${c.bold(H.quality)}: ${brief.decisionQuality.label} (${brief.decisionQuality.score}/100) · ${c.bold(H.coverage)}: ${brief.dataCoverage.label} (${brief.dataCoverage.score}/100) · ${c.bold(H.sensitivity)}: ${brief.decisionSensitivity.label} (${brief.decisionSensitivity.score}/100)`,
  );
  if (brief.dataCoverage.missing.length > 0) lines.push(`  ${c.dim(`${H.missing}:`)} ${brief.dataCoverage.missing.join(' · ')}`);
  section(H.drivers, brief.decisionDrivers);
  section(H.market, brief.marketContext);
  section(`${H.sensitivity} (${brief.decisionSensitivity.score}/100)`, brief.decisionSensitivity.checks);
  section(H.checklist, brief.traderChecklist, '[ ]');
  section(H.anomalies, brief.anomalies);
  lines.push('', c.bold(H.facts));
  lines.push(keyValueTable(brief.auditTrail.facts.map((f): [string, string] => [f.label, factValue(f.value, f.unit, o.locale)]), c));
  section(H.controls, brief.auditTrail.controls);
  section(H.limitations, brief.auditTrail.limitations);
  section(H.automation, brief.automationActions);
  lines.push('', `${c.dim(`${H.rationale}:`)} ${brief.auditTrail.rationaleId}`, c.dim(brief.aiDisclosure), c.dim(brief.disclaimer));
  return lines.join('\n');
}
