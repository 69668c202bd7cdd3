/** POST /api/risk/report: both engines, then the seven guardrail checks. */
import { z } from 'zod';
import { BodyTradeDate, Locale, TradeDayReading, calendarDayOf } from '../../domain/common.js';
import { PriceDay, hourlyPrices } from '../../domain/prices.js';
import { RiskGuardrailReport } from '../../domain/plans.js';
import { TradingSettings, BessSettings } from '../../domain/settings.js';
import { riskForDay, parseRiskConfig, RiskConfig } from '../../engines/risk.js';
import { loadCapsTableSync, type CapsTable } from '../../data/caps.js';
import { defineOperation, type GateBinding, type NoteText, type TableView, type ViewLine } from '../types.js';
import { PricesForecastSchema } from './plan-on.js';
import { BessSettingsAsSent, GeneratedAt, TradingSettingsAsSent } from './settings-as-sent.js';

export const RiskRequest = z.strictObject({
  tradeDate: BodyTradeDate,
  prices: PriceDay,
  strategySettings: TradingSettingsAsSent,
  bessSettings: BessSettingsAsSent,
  sourceLabel: z.string().min(1).max(200).optional(),
  isFallbackData: z.boolean().optional(),
  /** svc extension: why the prices are fallback data; said in the dataSource check's detail. `svc risk mktop` sets it (with isFallbackData) when svc served its shipped copy of the operator's prices. */
  fallbackReason: z.string().min(1).max(500).optional().describe('svc extension: why the prices are fallback data (with isFallbackData: true), said in the dataSource check\'s detail'),
  /** svc extension: override thresholds of the checks (docs/risk.md); `svc risk --risk-config` sends it. */
  riskConfig: RiskConfig.optional(),
  /** svc extension: `prices` are this forecast's expected path, not cleared prices (`svc risk --plan-on forecast`): the data checks say `forecast`. */
  forecast: PricesForecastSchema.optional(),
  /** svc extension: the language of the checks' explanations (`detail`); `svc risk --lang uk` and the Ukrainian day report send uk. */
  locale: Locale.optional().describe("svc extension: the language of the checks' explanations (detail), en (default) or uk; ids, statuses, labels and values are the same in both"),
});
export type RiskRequest = z.infer<typeof RiskRequest>;

const Marker = z.literal('not-supplied').nullable();
export const RiskResponse = z.strictObject({
  tradeDate: z.string(),
  generatedAt: GeneratedAt,
  report: RiskGuardrailReport,
  bessDegradationUnavailableReason: Marker,
  tradingFeeUnavailableReason: Marker,
  dataProvenanceUnavailableReason: Marker,
  /** svc extension: the calendar day read from tradeDate; the caps check needs it. */
  tradeDay: TradeDayReading,
});
export type RiskResponse = z.infer<typeof RiskResponse>;

let capsCache: CapsTable | undefined;
/** The regulator caps shipped in fixtures/, read once per process. */
export function defaultCaps(): CapsTable {
  capsCache ??= loadCapsTableSync();
  return capsCache;
}

/** The caps in force on the day a body's tradeDate names; null (none known) when it names none. */
export function capsOfDay(caps: CapsTable, tradeDate: string, market: 'DAM' | 'IDM'): ReturnType<CapsTable['capsFor']> {
  const day = calendarDayOf(tradeDate);
  return day === null ? null : caps.capsFor(day, market);
}

/** `tradeDay` of a response: the day read, or null and what was left out for want of it. */
export function tradeDayReading(tradeDate: string, leftOut: readonly string[]): TradeDayReading {
  const day = calendarDayOf(tradeDate);
  return { day, leftOut: day === null ? [...leftOut] : [] };
}

/** Pure core of the op, reused by the brief and the CLI (which may pass its own risk config). */
export function riskReportFor(input: RiskRequest, config?: Partial<z.input<typeof RiskConfig>>, caps: CapsTable = defaultCaps()) {
  const strategySettings = TradingSettings.parse(input.strategySettings);
  const bessSettings = BessSettings.parse(input.bessSettings);
  const prices = hourlyPrices(input.prices);
  return riskForDay(
    {
      tradeDate: input.tradeDate,
      prices,
      strategySettings,
      bessSettings,
      sourceLabel: input.sourceLabel ?? 'unknown',
      isFallbackData: input.isFallbackData ?? false,
      ...(input.isFallbackData && input.fallbackReason ? { fallbackReason: input.fallbackReason } : {}),
      caps: capsOfDay(caps, input.tradeDate, 'DAM'),
      ...(input.forecast ? { forecast: input.forecast } : {}),
      ...(input.locale ? { locale: input.locale } : {}),
      supplied: {
        fee: input.strategySettings.feeUahPerMwh !== undefined,
        degradation: input.bessSettings.degradationCostUahMwh !== undefined,
        sourceLabel: input.sourceLabel !== undefined,
      },
    },
    parseRiskConfig(config ?? {}),
  );
}

/** The 200 body; the CLI passes its --risk-config here, the HTTP door uses the built-in defaults. */
export function riskResponse(now: Date, input: RiskRequest, config?: Partial<z.input<typeof RiskConfig>>): RiskResponse {
  const { report, markers } = riskReportFor(input, config);
  return { tradeDate: input.tradeDate, generatedAt: now.toISOString(), report, ...markers, tradeDay: tradeDayReading(input.tradeDate, ['regulatorCaps']) };
}

/* The CLI's view (`svc risk`): the seven checks with their verdicts, the score and the status under them; the exit gate `--fail-on`. */
const round = (v: number): number => Math.round(v * 100) / 100;

/** A check's value in the unit a trader reads: 100 %, 40,846.30 UAH, 1.00 cycles (uk: 40 846,30 грн, 1,00 циклу). */
function shown(value: number | string, unit: string, t: NoteText): string {
  // The approval step's value is a word of the table's language; the source label is shown as given.
  if (typeof value === 'string') return t.lang === 'uk' && unit === 'approval' && value === 'required' ? 'обов’язкове' : value;
  const w = RISK_WORDS[t.lang];
  switch (unit) {
    case 'coverage':
      return `${t.lang === 'uk' ? t.money(round(value * 100), Number.isInteger(round(value * 100)) ? 0 : 2) : round(value * 100)} %`;
    case 'uah':
      return `${t.money(value, 2)} ${w.uah}`;
    case 'mwh':
      return `${t.lang === 'uk' ? t.money(round(value), Number.isInteger(round(value)) ? 0 : 2) : round(value)} ${w.mwh}`;
    case 'cycles':
      return `${t.lang === 'uk' ? t.money(value, 2) : value.toFixed(2)} ${w.cycles}`;
    default:
      return String(round(value));
  }
}

/** The table's words in the CLI's two table languages (`--lang`); the checks' ids and verdicts (pass, review, block; ready, needsReview, blocked: the codes --fail-on and the JSON use) stay as they are, the explanations come from the engine in the language asked for (`locale`). */
const RISK_WORDS = {
  en: {
    title: 'Risk guardrails', check: 'Check', status: 'Status', value: 'Value', why: 'Why', uah: 'UAH', mwh: 'MWh', cycles: 'cycles',
    score: 'Score', statusWord: 'status', counts: (review: number, block: number) => `${review} review, ${block} block`,
    notSupplied: 'Not supplied', approval: 'Human approval is always required; svc never submits orders.',
    missing: { bessDegradationUnavailableReason: 'wear cost (--degradation)', tradingFeeUnavailableReason: 'fee (--fee)', dataProvenanceUnavailableReason: 'price provenance (--source-label)' },
  },
  uk: {
    title: 'Ризик-обмеження', check: 'Перевірка', status: 'Стан', value: 'Значення', why: 'Пояснення', uah: 'грн', mwh: 'МВт·год', cycles: 'циклу',
    score: 'Оцінка', statusWord: 'стан', counts: (review: number, block: number) => `на перегляд: ${review}, блокують: ${block}`,
    notSupplied: 'Не задано', approval: 'Схвалення людиною потрібне завжди; svc ніколи не подає заявки.',
    missing: { bessDegradationUnavailableReason: 'вартість зносу (--degradation)', tradingFeeUnavailableReason: 'комісія (--fee)', dataProvenanceUnavailableReason: 'походження цін (--source-label)' },
  },
} as const;

/** The checks' names in Ukrainian for the uk table (the ids stay in the CSV and JSON). */
const CHECK_UK: Readonly<Record<string, string>> = {
  dataSource: 'Джерело даних', dataCoverage: 'Повнота даних', priceAnomaly: 'Аномалії цін', tradeConcentration: 'Концентрація угод',
  cashExposure: 'Потреба в коштах', bessCycles: 'Цикли УЗЕ', humanApproval: 'Схвалення людиною',
};

/** The markers of what the request left out, in the order said. */
const NOT_SUPPLIED = RISK_WORDS.en.missing;

export const riskView: TableView<RiskResponse> = {
  title: (o, t) => `${RISK_WORDS[t.lang].title} · ${o.tradeDate}`,
  rows: (o, t) => o.report.checks.map((ch) => ({ tradeDate: o.tradeDate, ...ch, check: t.lang === 'uk' ? (CHECK_UK[ch.id] ?? ch.id) : ch.id, shown: shown(ch.value, ch.unit, t), why: ch.detail ?? ch.label ?? '' })),
  columns: [
    { key: 'tradeDate', label: 'Date', table: false },
    { key: 'id', label: 'Check', table: false },
    { key: 'check', label: { en: RISK_WORDS.en.check, uk: RISK_WORDS.uk.check }, csv: false },
    { key: 'status', label: { en: RISK_WORDS.en.status, uk: RISK_WORDS.uk.status }, format: 'status' },
    { key: 'shown', label: { en: RISK_WORDS.en.value, uk: RISK_WORDS.uk.value }, csv: false, maxWidth: 24 },
    { key: 'value', label: 'Value', table: false },
    { key: 'unit', label: 'Unit', table: false },
    { key: 'label', label: 'Label', table: false },
    { key: 'detail', label: 'Detail', table: false },
    { key: 'why', label: { en: RISK_WORDS.en.why, uk: RISK_WORDS.uk.why }, csv: false, maxWidth: 64 },
  ],
  after: (o, t) => {
    const r = o.report;
    const w = RISK_WORDS[t.lang];
    const lines: ViewLine[] = [`${w.score} ${t.bold(String(round(r.score)))}/100 · ${w.statusWord} ${t.bold(t.status(r.overallStatus))} · ${w.counts(r.reviewCount, r.blockCount)}`];
    const missing = (Object.keys(NOT_SUPPLIED) as (keyof typeof NOT_SUPPLIED)[]).filter((m) => o[m] !== null);
    if (missing.length) lines.push({ dim: `${w.notSupplied}: ${missing.map((m) => w.missing[m]).join(', ')}` });
    lines.push({ dim: w.approval });
    return lines;
  },
};

const LEVEL = { ready: 0, needsReview: 1, blocked: 2 } as const;

/** `--fail-on review|blocked`: exit 3 when the status reaches the level (a cron job can act on it). */
export const riskGate: GateBinding<RiskResponse> = {
  flag: '--fail-on',
  help: 'exit 3 when the status reaches review | blocked',
  levels: { review: 1, blocked: 2 },
  level: (o) => LEVEL[o.report.overallStatus],
  says: (o) => `risk status ${o.report.overallStatus}`,
  exitCode: 3,
  errorCode: 'risk_gate',
};

export const riskReport = defineOperation({
  id: 'risk.report',
  summary: 'Risk guardrail report for one day’s plans',
  description:
    'Runs the spread and battery engines, then seven checks (dataSource, dataCoverage, priceAnomaly, tradeConcentration, cashExposure, bessCycles, humanApproval). ' +
    'overallStatus is blocked if any check blocks, needsReview if any asks for review, else ready. The markers bessDegradationUnavailableReason, ' +
    'tradingFeeUnavailableReason and dataProvenanceUnavailableReason are null when the request stated degradationCostUahMwh, feeUahPerMwh and sourceLabel, ' +
    'and `not-supplied` when the key was omitted (the dataSource check still passes): read the marker, not the status. ' +
    'isFallbackData: true makes dataSource a review whatever the label; the svc extension `fallbackReason` says why in its detail. ' +
    '`svc risk mktop` sets both itself when svc served its shipped copy of the operator\'s prices (SVC_MARKET_DATA=fixture, or auto after the operator failed), --source-label or not. ' +
    'svc extension `forecast` {model, rmaeVsNaive, days}: the prices are a forecast (svc risk --plan-on forecast); dataSource and dataCoverage then have the status `forecast`, which counts as a review.',
  tags: ['risk'],
  access: 'key',
  permission: 'risk.read',
  input: RiskRequest,
  output: RiskResponse,
  http: { method: 'POST', path: '/api/risk/report', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'get_risk_report', title: 'Risk guardrail report for one day' },
  cli: {
    command: ['risk'],
    description: 'risk guardrail report for one day: seven checks, a score and a status',
    // The operator's book (mktop): its source stated, and svc's own fallback to its shipped copy marked (a review, with the reason).
    book: { into: 'prices', shape: 'day', date: 'tradeDate', onForecast: 'forecast', mktop: { defaults: { sourceLabel: 'mktop' }, fallback: { field: 'isFallbackData', reason: 'fallbackReason' } } },
    // The explanations follow the global --lang, as the table's words do.
    flags: { isFallbackData: { flag: '--fallback' }, riskConfig: { flag: '--risk-config' }, sourceLabel: { value: 'label' }, locale: { global: 'lang', hidden: true } },
    jsonFiles: ['riskConfig'],
    flagHelp: {
      sourceLabel: 'where the prices come from (omitted: mktop for the mktop book, else the report marks provenance not-supplied)',
      isFallbackData: 'the prices are fallback data (asks for review); set by svc itself when the mktop book came from its shipped copy',
      fallbackReason: 'why the prices are fallback data (with --fallback), said in the dataSource check',
      riskConfig: 'override any risk threshold (see docs/risk.md)',
      '@planOn': 'forecast: the report on the forecast of --date from the days before it (a day without prices); the data checks say forecast',
    },
    view: riskView,
    gate: riskGate,
    examples: ['svc risk fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --fee 10 --degradation 150 --source-label mktop', 'svc risk today.csv --date 22.11.2026 --fail-on blocked -q || echo "stop the pipeline"'],
  },
  async run(ctx, input) {
    const { riskConfig, ...request } = input;
    return riskResponse(ctx.now(), request, riskConfig);
  },
});
