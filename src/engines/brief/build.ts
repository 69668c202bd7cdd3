/**
 * The trading brief of svc-rules-v1: a deterministic rules engine that explains one day's spread
 * plan to a trader, in Ukrainian or English.
 *
 * Model: the brief is a pure function of its inputs (the declared request, the validated context,
 * the engines' plans and risk report, the sensitivity runs). analysis.ts computes every number and
 * judgement once; this file and sections.ts put them into words from one catalogue per locale.
 * Objective: a trader reads in one screen what to do (action gate), why (drivers, reasons), how
 * solid the basis is (quality, coverage, sensitivity) and what to check by hand (checklist).
 * Constraints: nothing is submitted automatically, every figure in a sentence is also a fact of
 * the audit trail, and the same inputs give byte-identical output (no clock, no randomness, no
 * locale-dependent ordering; Intl output is fixed by the Node/ICU version).
 */
import type { TradingBrief } from '../../domain/brief.js';
import type { RiskCheck } from '../../domain/plans.js';
import { analyseBrief, type BriefAnalysis, type BuildBriefInput } from './analysis.js';
import type { MessageKey } from './i18n/index.js';
import { coverageLevel, sensitivityLevel, type GateRuleId } from './rules.js';
import { FEE_STRESS_UAH_MWH, type ScenarioResult } from './sensitivity.js';
import { anomalies, auditTrail, automationActions, decisionDrivers, marketContext, traderChecklist } from './sections.js';
import { Words } from './words.js';

export type { BuildBriefInput } from './analysis.js';

export function scenarioName(w: Words, s: Pick<ScenarioResult, 'id'>): string {
  return w.t(`scenario.${s.id}`, { fee: w.f.price(FEE_STRESS_UAH_MWH) });
}

export function checkNames(w: Words, checks: readonly RiskCheck[], ...statuses: RiskCheck['status'][]): string {
  return checks
    .filter((c) => statuses.includes(c.status))
    .map((c) => w.t(`riskCheck.${c.id}`))
    .join(', ');
}

/** The user's own battery (context.bessSettings) in the headline; the default one stays a reference line below. */
function batteryHeadline(w: Words, a: BriefAnalysis): string {
  if (!a.bessStated || !a.bessPlan || !a.bessSettings) return '';
  const params = { power: w.f.energy(a.bessSettings.powerMw), capacity: w.f.energy(a.bessSettings.capacityMwh) };
  return ` ${a.bessPlan.netProfitUah > 0 ? w.t('summary.bess', { ...params, profit: w.f.money(a.bessPlan.netProfitUah) }) : w.t('summary.bessNone', params)}`;
}

function summary(w: Words, a: BriefAnalysis): string {
  return spreadHeadline(w, a) + batteryHeadline(w, a);
}

function spreadHeadline(w: Words, a: BriefAnalysis): string {
  const common = {
    market: w.t(`market.${a.market.market}`),
    date: a.tradeDate,
    gate: w.t(`gate.${a.gate.status}.label`),
    min: w.f.price(a.stats.min),
    max: w.f.price(a.stats.max),
  };
  if (a.plan.trades.length === 0) return w.t('summary.noTrades', { ...common, minSpread: w.f.price(a.settings.minSpreadUah) });
  return w.t('summary.trades', {
    ...common,
    count: a.plan.trades.length,
    tradesNoun: w.noun('trade', a.plan.trades.length),
    volume: w.f.energy(a.plan.totalVolumeMwh),
    pnl: w.f.money(a.plan.netPnlUah),
  });
}

function gateReason(w: Words, a: BriefAnalysis, id: GateRuleId): string {
  switch (id) {
    case 'riskBlocked':
      return w.t('gate.reason.riskBlocked', { checks: checkNames(w, a.risk.checks, 'block') });
    case 'riskNeedsReview':
      // A check on forecast prices (status `forecast`) counts as a review: it is named with them.
      return w.t('gate.reason.riskNeedsReview', { checks: checkNames(w, a.risk.checks, 'review', 'forecast') });
    case 'noTrades':
      return w.t('gate.reason.noTrades', { minSpread: w.f.price(a.settings.minSpreadUah) });
    case 'coverageTooLow':
      return w.t('gate.reason.coverageTooLow', { score: a.coverage.score });
    case 'coverageIncomplete':
      return w.t('gate.reason.coverageIncomplete', {
        score: a.coverage.score,
        missing: a.coverage.items
          .filter((i) => i.share < 1)
          .map((i) => w.t(`coverageItem.${i.id}`))
          .join(', '),
      });
    case 'sensitive':
      return w.t('gate.reason.sensitive', { score: a.sensitivity.score, scenario: scenarioName(w, a.sensitivity.worst) });
    case 'stressLoss':
      return w.t('gate.reason.stressLoss', { scenario: scenarioName(w, a.sensitivity.worst), pnl: w.f.money(Math.abs(a.sensitivity.worst.planPnlUah)) });
    case 'tradeAtCap':
      return w.t('gate.reason.tradeAtCap', { hours: w.hours(a.tradeHoursAtCap) });
  }
}

const NEXT_ACTIONS: Record<BriefAnalysis['gate']['status'], MessageKey[]> = {
  ready: ['gate.next.ready.approve', 'gate.next.ready.submit'],
  review: ['gate.next.review.resolve', 'gate.next.review.adjust', 'gate.next.review.approve'],
  hold: ['gate.next.hold.stop', 'gate.next.hold.fix'],
};

/** On published prices (context.pricesPublished) the day's auction has cleared: the steps compare the bids submitted, none submits. */
const NEXT_ACTIONS_PUBLISHED: Record<BriefAnalysis['gate']['status'], MessageKey[]> = {
  ready: ['gate.next.ready.approve', 'gate.next.ready.compare'],
  review: ['gate.next.review.resolve', 'gate.next.review.compare'],
  hold: ['gate.next.hold.noCompare', 'gate.next.hold.fix'],
};

function actionGate(w: Words, a: BriefAnalysis): TradingBrief['actionGate'] {
  const reasons = a.gate.fired.length === 0 ? [w.t('gate.reason.none')] : a.gate.fired.map((id) => gateReason(w, a, id));
  return {
    status: a.gate.status,
    label: w.t(`gate.${a.gate.status}.label`),
    reasons,
    nextActions: (a.published ? NEXT_ACTIONS_PUBLISHED : NEXT_ACTIONS)[a.gate.status].map((key) => w.t(key, { market: w.t(`market.${a.market.market}`) })),
  };
}

function decisionQuality(w: Words, a: BriefAnalysis): TradingBrief['decisionQuality'] {
  const reasons = [
    w.t('quality.reason.risk', { score: w.f.whole(a.risk.score), status: w.t(`riskStatus.${a.risk.overallStatus}`) }),
    w.t('quality.reason.coverage', { score: a.coverage.score }),
    w.t('quality.reason.sensitivity', { score: a.sensitivity.score }),
    w.t('quality.reason.formula', { score: a.quality.score }),
  ];
  if (a.quality.cappedByGate) reasons.push(w.t('quality.reason.capped', { gate: w.t(`gate.${a.gate.status}.label`) }));
  return { level: a.quality.level, score: a.quality.score, label: w.t(`quality.label.${a.quality.level}`), reasons };
}

function dataCoverage(w: Words, a: BriefAnalysis): TradingBrief['dataCoverage'] {
  const available: string[] = [];
  const missing: string[] = [];
  const cap = a.market.priceCap;
  const valid = a.coverage.validHours;
  if (valid >= 24) available.push(w.t('coverage.prices.available', { hours: valid }));
  else missing.push(w.t('coverage.prices.missing', { missing: 24 - valid }));
  if (a.feeStated) available.push(w.t('coverage.fee.available', { fee: w.f.price(a.settings.feeUahPerMwh) }));
  else missing.push(w.t('coverage.fee.missing'));
  if (cap) available.push(w.t('coverage.priceCaps.available', { min: w.f.price(cap.minUahMwh), max: w.f.price(cap.maxUahMwh) }));
  else missing.push(w.t('coverage.priceCaps.missing'));
  const market = w.t(`market.${a.market.market}`);
  if (a.market.marketStated) available.push(w.t('coverage.market.available', { market }));
  else missing.push(w.t('coverage.market.missing', { market }));
  return { score: a.coverage.score, label: w.t(`coverage.label.${coverageLevel(a.coverage.score)}`), available, missing };
}

function scenarioLine(w: Words, a: BriefAnalysis, s: ScenarioResult): string | null {
  const scenario = scenarioName(w, s);
  const hasTrades = a.plan.trades.length > 0;
  if (!hasTrades) {
    if (s.replanned === null) return null;
    const n = s.replanned.trades.length;
    return n === 0
      ? w.t('sensitivity.check.stillNoTrades', { scenario })
      : w.t('sensitivity.check.tradesAppear', { scenario, count: n, tradesNoun: w.noun('trade', n), replannedPnl: w.f.money(s.replanned.netPnlUah) });
  }
  const pnl = w.f.money(s.planPnlUah);
  const change = w.change(s.changeShare);
  if (s.replanned === null) return w.t('sensitivity.check.shift', { scenario, pnl, change });
  if (s.sameHours) return w.t('sensitivity.check.sameHours', { scenario, pnl, change });
  const n = s.replanned.trades.length;
  return w.t('sensitivity.check.otherHours', { scenario, pnl, change, count: n, tradesNoun: w.noun('trade', n), replannedPnl: w.f.money(s.replanned.netPnlUah) });
}

function decisionSensitivity(w: Words, a: BriefAnalysis): TradingBrief['decisionSensitivity'] {
  const s = a.sensitivity;
  const checks = s.scenarios.map((x) => scenarioLine(w, a, x)).filter((x): x is string => x !== null);
  if (a.plan.trades.length === 0) {
    checks.push(w.t('sensitivity.check.shiftSkipped'));
  } else {
    checks.push(w.t('sensitivity.check.worst', { scenario: scenarioName(w, s.worst), pnl: w.f.money(s.worst.planPnlUah), base: w.f.money(a.plan.netPnlUah) }));
  }
  checks.push(w.t('sensitivity.check.score', { score: s.score, outcome: w.f.whole(s.outcomePoints), stability: w.f.whole(s.stabilityPoints) }));
  return { score: s.score, label: w.t(`sensitivity.label.${sensitivityLevel(s.score)}`), checks };
}

/** The whole brief from the engines' results. Same input, same output, byte for byte. */
export function buildTradingBrief(input: BuildBriefInput): TradingBrief {
  const a = analyseBrief(input);
  const w = new Words(a.locale);
  return {
    summary: summary(w, a),
    actionGate: actionGate(w, a),
    auditTrail: auditTrail(w, a),
    decisionQuality: decisionQuality(w, a),
    dataCoverage: dataCoverage(w, a),
    decisionSensitivity: decisionSensitivity(w, a),
    decisionDrivers: decisionDrivers(w, a),
    marketContext: marketContext(w, a),
    traderChecklist: traderChecklist(w, a),
    anomalies: anomalies(w, a),
    automationActions: automationActions(w),
    disclaimer: w.t('disclaimer'),
    aiDisclosure: w.t('aiDisclosure'),
  };
}
