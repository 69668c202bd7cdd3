/**
 * POST /api/ai/trading-brief: the deterministic brief of svc-rules-v1 (src/engines/brief/).
 *
 * The op adds to the pure engine only what needs the outside world: generatedAt (ctx.now()), the
 * embedded audit event (id ctx.newId(), the caller as actor) and the fixed AI usage telemetry.
 * The audit event is returned, not stored: the spec has audit events written by POST
 * /api/audit/events, so the caller (or `svc audit add`) decides whether the brief enters the
 * journal, and generating a brief stays free of side effects.
 *
 * Input: the spec's TradingBriefRequest, except that settings.feeUahPerMwh keeps "not sent"
 * distinct from 0 (default 0 still applies to the computation): the brief reports a missing fee in
 * its data coverage, checklist and drivers.
 */
import { AI_USAGE, TradingBriefResponse, type BriefDataSource, type TradingBrief } from '../../domain/brief.js';
import type { AuditEvent } from '../../domain/audit.js';
import { BRIEF_MODEL, composeTradingBrief, type ComposedBrief } from '../../engines/brief/index.js';
import { defineOperation, type OpContext } from '../types.js';
import { capsOfDay, defaultCaps, tradeDayReading } from '../strategy/risk.js';
import { TradingBriefOpInput } from './brief-input.js';
import { briefView } from './brief-view.js';
import { briefCapsStep, briefReceiptFile } from './brief-steps.js';

export { TradingBriefOpInput };

/** Flat audit metadata of a brief (snake_case, like the spec's DecisionPackageMetadata keys). */
export function briefAuditMetadata(composed: ComposedBrief, brief: TradingBrief): AuditEvent['metadata'] {
  return {
    model: BRIEF_MODEL,
    provider: 'none',
    rationale_id: brief.auditTrail.rationaleId,
    action_gate: brief.actionGate.status,
    decision_quality: brief.decisionQuality.level,
    decision_quality_score: brief.decisionQuality.score,
    data_coverage_score: brief.dataCoverage.score,
    sensitivity_score: brief.decisionSensitivity.score,
    risk_status: composed.risk.report.overallStatus,
    risk_score: composed.risk.report.score,
    market: composed.market.market,
    locale: composed.inputs.locale,
    trades: composed.plan.trades.length,
    strategy_net_pnl_uah: composed.plan.netPnlUah,
    human_approval_required: true,
    no_auto_submit: true,
  };
}

/** The brief with the regulator caps in force on its date: the same caps the risk operation checks. */
export function composeBriefWithCaps(input: TradingBriefOpInput): ComposedBrief {
  const caps = capsOfDay(defaultCaps(), input.tradeDate, input.context?.market ?? 'DAM');
  const composed = composeTradingBrief(input, { caps, forecast: input.forecast });
  const fallback = input.context?.dataSource?.fallback ? onFallback(composed, input.context.dataSource, input.locale) : composed;
  return input.forecast ? onForecast(fallback, input.forecast, input.locale) : fallback;
}

/** A brief on fallback data (context.dataSource.fallback) says so first, in its own language: the risk check's review alone is easy to miss. */
function onFallback(composed: ComposedBrief, ds: BriefDataSource, locale: 'uk' | 'en'): ComposedBrief {
  const note =
    locale === 'uk'
      ? `Ціни — резервні дані (${ds.source}), а не прочитані зараз у джерела${ds.reason ? ` (${ds.reason})` : ''}. Звірте їх з опублікованими цінами оператора ринку, перш ніж діяти.`
      : `These prices are fallback data (${ds.source}), not read from their source now${ds.reason ? `: ${ds.reason}` : ''}. Check them against the market operator's published prices before acting.`;
  const brief = { ...composed.brief, summary: `${note} ${composed.brief.summary}`, auditTrail: { ...composed.brief.auditTrail, limitations: [note, ...composed.brief.auditTrail.limitations] } };
  return { ...composed, brief };
}

/** A brief built on forecast prices says so first, in its own language, with the model and its recent skill. */
function onForecast(composed: ComposedBrief, f: NonNullable<TradingBriefOpInput['forecast']>, locale: 'uk' | 'en'): ComposedBrief {
  const skill = f.rmaeVsNaive === null ? '' : locale === 'uk' ? `, rMAE ${f.rmaeVsNaive.toFixed(2)} щодо наївного прогнозу за останні ${f.days} днів` : `, rMAE ${f.rmaeVsNaive.toFixed(2)} against the naive over the last ${f.days} days`;
  const note =
    locale === 'uk'
      ? `Довідку побудовано на прогнозі цін, а не на опублікованих цінах: очікувана траєкторія моделі ${f.model}${skill}. Перевірте план за опублікованими цінами.`
      : `This brief is built on a price forecast, not on published prices: the expected path of ${f.model}${skill}. Re-check the plan against the published prices.`;
  const brief = { ...composed.brief, summary: `${note} ${composed.brief.summary}`, auditTrail: { ...composed.brief.auditTrail, limitations: [note, ...composed.brief.auditTrail.limitations] } };
  return { ...composed, brief };
}

export function briefResponse(ctx: OpContext, composed: ComposedBrief): TradingBriefResponse {
  const generatedAt = ctx.now().toISOString();
  const { brief } = composed;
  return {
    mode: 'deterministic',
    generatedAt,
    brief,
    usage: { ...AI_USAGE, externalTokenUsage: { ...AI_USAGE.externalTokenUsage } },
    tradeDay: tradeDayReading(composed.inputs.tradeDate, ['regulatorCaps']),
    ...(composed.inputs.context?.dataSource ? { dataSource: composed.inputs.context.dataSource } : {}),
    auditEvent: {
      id: ctx.newId(),
      createdAt: generatedAt,
      type: 'ai_brief_generated',
      actor: ctx.caller.actorId,
      tradeDate: composed.inputs.tradeDate,
      source: BRIEF_MODEL,
      metadata: briefAuditMetadata(composed, brief),
    },
  };
}

export const tradingBrief = defineOperation({
  id: 'ai.tradingBrief',
  summary: 'Deterministic trading brief for one day (svc-rules-v1)',
  description:
    'Runs the spread engine, a reference battery plan (`context.bessSettings`, an svc extension, or default BessSettings), the risk guardrails ' +
    '(exactly the report POST /api/risk/report gives for the same day and settings: the regulator caps in force on the date, by hour band) and a ' +
    'sensitivity sweep (prices ±3 %/±5 %, fee +100 UAH/MWh, profile shifted one hour), then explains the result in uk or en: ' +
    'summary, action gate (ready/review/hold), decision quality, data coverage, sensitivity, drivers, market context, checklist, ' +
    'anomalies, audit trail with a reproducible rationale id. `context.regulatory.priceCap` is checked against the prices ' +
    '(observed min/max, distances, cap-hit hours; 1e-6 UAH/MWh tolerance) and rejected with the failing path if it disagrees. ' +
    'svc extension `context.dataSource` {source, fallback, reason?}: where the prices come from; `fallback: true` makes the risk dataSource check a review ' +
    '(so the gate is at best review) and the summary says so first; the response echoes it as `dataSource`. `svc brief mktop` states it, with fallback ' +
    'true when svc served its shipped copy of the operator\'s prices (SVC_MARKET_DATA=fixture, or auto after the operator failed). ' +
    'No external model, no data sent out, nothing submitted; the embedded audit event is returned, not stored (POST /api/audit/events stores it).',
  tags: ['ai'],
  access: 'key',
  permission: 'decision.plan',
  input: TradingBriefOpInput,
  output: TradingBriefResponse,
  http: { method: 'POST', path: '/api/ai/trading-brief', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429], headers: { 'x-ai-generated': 'true' } },
  tool: { name: 'get_trading_brief', title: 'Deterministic trading brief (svc-rules-v1)' },
  cli: {
    command: ['brief'],
    description: 'deterministic trading brief for one day (svc-rules-v1): gate, drivers, checklist, anomalies, audit trail',
    // The operator's book (mktop) is its DAM results: the market is stated by the source, and its prices are published;
    // their provenance is stated too (fallback when svc served its shipped copy: the gate is then at best review).
    book: { into: 'prices', shape: 'day', date: 'tradeDate', onForecast: 'forecast', mktop: { defaults: { 'context.market': 'DAM' }, published: 'context.pricesPublished', provenance: 'context.dataSource' } },
    // The plan's and the battery's flags, as on `svc plan` and `svc bess` (the battery: the brief's reference battery).
    flags: { locale: { value: 'uk|en', global: 'lang' }, 'context.market': { flag: '--market', value: 'DAM|IDM', upper: true }, 'context.bessSettings': {} },
    flagHelp: {
      locale: 'language of the brief (default: --lang, itself en by default)',
      'context.market': 'market of the prices (default: DAM for mktop, else not stated and DAM assumed)',
      '@planOn': 'forecast: the brief on the forecast of --date from the days before it (a day without prices), saying so',
    },
    order: ['locale', 'context.market', '@caps', '@capTolerance', '@receipt'],
    before: briefCapsStep,
    sideFiles: [briefReceiptFile],
    view: briefView,
    examples: [
      'svc brief fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --fee 12 --max-trades 4 --caps --market DAM',
      'svc brief fixtures/oree-dam-ips-2022-2024.csv --date 02.12.2024 --capacity 2 --power 1   # your battery',
      'svc brief fixtures/sample-week.csv --date 03.12.2024 --locale uk   # in Ukrainian (or --lang uk)',
      'svc brief fixtures/sample-week.csv --date 03.12.2024 --format json | jq .brief.actionGate',
      'svc brief today.csv --date 22.11.2026 --receipt receipt.json && svc receipt verify receipt.json',
    ],
  },
  async run(ctx, input) {
    return briefResponse(ctx, composeBriefWithCaps(input));
  },
});
