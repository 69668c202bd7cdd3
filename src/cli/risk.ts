/** `svc risk`: the guardrail checks for one day, with an exit code a cron job can act on. */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import { SvcError } from '../domain/errors.js';
import type { CliEnv } from './cli-env.js';
import { makeTable } from './table.js';
import { formatMoney } from './i18n.js';
import { CliExit } from './cli-env.js';
import { addBookOptions, loadBook, parseDateFlag, pickDay, BOOK_ARG_HELP } from './book.js';
import { BESS_FLAGS, TRADING_FLAGS, addFlags, explainBothSettings, resolveSettings } from './settings.js';
import { readJsonInput } from './json-input.js';

interface RiskOpts {
  date?: string;
  dst?: string;
  settings?: string;
  sourceLabel?: string;
  fallback?: boolean;
  riskConfig?: string;
  failOn?: string;
  planOn?: string;
  [flag: string]: unknown;
}

const LEVEL = { ready: 0, needsReview: 1, blocked: 2 } as const;

export function registerRisk(program: Command, env: CliEnv): void {
  const cmd = program
    .command('risk')
    .description('risk guardrail report for one day: seven checks, a score and a status')
    .argument('<file>', BOOK_ARG_HELP)
    .requiredOption('--date <DD.MM.YYYY>', 'trade date')
    .option('--settings <file.json>', 'JSON { "strategySettings": {...}, "bessSettings": {...} }; flags override it')
    .option('--source-label <label>', 'where the prices come from (omitted: the report marks provenance not-supplied)')
    .option('--fallback', 'the prices are fallback data (asks for review)')
    .option('--risk-config <file.json>', 'override any risk threshold (see docs/risk.md)')
    .option('--fail-on <level>', 'exit 3 when the status reaches review | blocked')
    .option('--plan-on <actual|forecast>', 'forecast: the report on the forecast of --date from the days before it (a day without prices); the data checks say forecast');
  addFlags(addFlags(addBookOptions(cmd), TRADING_FLAGS), BESS_FLAGS);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  $ svc risk fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --fee 10 --degradation 150 --source-label mktop\n' +
      '  $ svc risk today.csv --date 22.11.2026 --fail-on blocked -q || echo "stop the pipeline"',
  );
  cmd.action(async (file: string, opts: RiskOpts) => {
    const date = parseDateFlag(opts.date, '--date') ?? '';
    if (opts.failOn !== undefined && opts.failOn !== 'review' && opts.failOn !== 'blocked') {
      throw SvcError.validation(`--fail-on: expected review or blocked, got "${opts.failOn}"`, [{ path: '--fail-on', message: 'expected review|blocked' }]);
    }
    const { planOnFlag } = await import('./plan.js');
    const onForecast = planOnFlag(opts.planOn) ? await (await import('./plan-forecast.js')).forecastPricesFor(env, file, date, opts) : null;
    const loaded = onForecast ? { source: onForecast.source } : await loadBook(env, file, opts, { from: date, to: date });
    const prices = onForecast ? onForecast.prices : pickDay(loaded as Awaited<ReturnType<typeof loadBook>>, date);
    const settings = resolveSettings(opts);
    const riskConfig = opts.riskConfig ? readJsonInput(opts.riskConfig, '--risk-config') : undefined;
    const { riskReport } = await import('../ops/strategy/risk.js');
    const request = {
      tradeDate: date,
      prices,
      ...settings,
      ...(opts.sourceLabel !== undefined ? { sourceLabel: opts.sourceLabel } : {}),
      ...(opts.fallback ? { isFallbackData: true } : {}),
      ...(riskConfig !== undefined ? { riskConfig } : {}),
      ...(onForecast ? { forecast: onForecast.forecast } : {}),
    };
    // The risk operation itself, through invoke(); --risk-config is its optional `riskConfig` field.
    const body = await env.runOp(riskReport, request).catch((e: unknown) => {
      throw explainBothSettings(renameRiskConfigPaths(e), settings, opts);
    });
    const out = env.out();
    const { format } = env.globals();
    const report = body.report;
    if (format === 'json') out.json(body);
    else if (format === 'csv') out.raw(await toCsv(report.checks.map((ch) => ({ tradeDate: date, ...ch })), ['tradeDate', 'id', 'status', 'value', 'unit', 'label', 'detail']));
    else {
      const c = out.c;
      const paint = (s: string) => (s === 'pass' || s === 'ready' ? c.green(s) : s === 'review' || s === 'needsReview' || s === 'forecast' ? c.yellow(s) : c.red(s));
      out.print(c.bold(`Risk guardrails · ${date}`) + c.dim(` · ${loaded.source}`));
      const table = makeTable(['Check', 'Status', 'Value', 'Why'], c, { maxWidths: [undefined, undefined, 24, 64] });
      for (const ch of report.checks) table.push([ch.id, paint(ch.status), showValue(ch.value, ch.unit), ch.detail ?? ch.label ?? '']);
      out.print(table.toString());
      out.print(`Score ${c.bold(String(round(report.score)))}/100 · status ${c.bold(paint(report.overallStatus))} · ${report.reviewCount} review, ${report.blockCount} block`);
      const markers = (['bessDegradationUnavailableReason', 'tradingFeeUnavailableReason', 'dataProvenanceUnavailableReason'] as const).filter((m) => body[m] !== null);
      if (markers.length) out.print(c.dim(`Not supplied: ${markers.map((m) => ({ bessDegradationUnavailableReason: 'wear cost (--degradation)', tradingFeeUnavailableReason: 'fee (--fee)', dataProvenanceUnavailableReason: 'price provenance (--source-label)' })[m]).join(', ')}`));
      out.print(c.dim('Human approval is always required; svc never submits orders.'));
    }
    if (opts.failOn && LEVEL[report.overallStatus] >= (opts.failOn === 'review' ? 1 : 2)) {
      throw new CliExit(3, `risk status ${report.overallStatus} reaches --fail-on ${opts.failOn}`, 'risk_gate');
    }
  });
}

/** Errors in the risk config name the flag that brought it: `--risk-config.priceAnomaly.…`. */
function renameRiskConfigPaths(error: unknown): unknown {
  if (!(error instanceof SvcError) || !error.issues.some((i) => i.path.startsWith('riskConfig'))) return error;
  const issues = error.issues.map((i) => ({ ...i, path: i.path.replace(/^riskConfig/, '--risk-config') }));
  return SvcError.validation(error.message.replace(/riskConfig/g, '--risk-config'), issues);
}

/** A check's value in the unit a trader reads: 100 %, 40,846.30 UAH, 1.00 cycles. */
function showValue(value: number | string, unit: string): string {
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'coverage':
      return `${round(value * 100)} %`;
    case 'uah':
      return `${formatMoney(value, 'en')} UAH`;
    case 'mwh':
      return `${round(value)} MWh`;
    case 'cycles':
      return `${value.toFixed(2)} cycles`;
    default:
      return String(round(value));
  }
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
