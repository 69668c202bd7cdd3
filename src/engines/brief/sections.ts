/**
 * The descriptive sections of the brief (drivers, market context, checklist, anomalies,
 * automation, audit trail), each a list of sentences rendered from the analysis. Sentences appear
 * in a fixed order and only when their condition holds, so the lists stay short on a quiet day.
 */
import type { AuditFact, TradingBrief } from '../../domain/brief.js';
import type { RecommendedTrade } from '../../domain/plans.js';
import type { BriefAnalysis } from './analysis.js';
import { SENSITIVITY_REVIEW_BELOW } from './rules.js';
import { FEE_STRESS_UAH_MWH } from './sensitivity.js';
import type { Words } from './words.js';

function bestTrade(trades: readonly RecommendedTrade[]): RecommendedTrade | undefined {
  return trades.reduce<RecommendedTrade | undefined>((best, t) => (best === undefined || t.pnlUah > best.pnlUah ? t : best), undefined);
}

function riskCheckLines(w: Words, a: BriefAnalysis, key: 'driver.riskCheck' | 'check.riskCheck'): string[] {
  return a.risk.checks.filter((c) => c.status !== 'pass').map((c) => w.t(key, { check: w.t(`riskCheck.${c.id}`), status: w.t(`checkStatus.${c.status}`) }));
}

export function decisionDrivers(w: Words, a: BriefAnalysis): string[] {
  const out: string[] = [];
  const { plan, settings } = a;
  const best = bestTrade(plan.trades);
  if (best) {
    out.push(
      w.t('driver.bestTrade', {
        buyHour: w.hour(best.buyHour),
        buyPrice: w.f.price(best.buyPriceUahMwh),
        sellHour: w.hour(best.sellHour),
        sellPrice: w.f.price(best.sellPriceUahMwh),
        spread: w.f.price(best.netSpreadUah),
        pnl: w.f.money(best.pnlUah),
      }),
    );
    if (plan.trades.length > 1) {
      const n = plan.trades.length;
      out.push(w.t('driver.plan', { count: n, tradesNoun: w.noun('trade', n), avgSpread: w.f.price(plan.averageSpreadUah), pnl: w.f.money(plan.netPnlUah) }));
    }
  } else if (a.bestPair === null) {
    out.push(w.t('driver.fallingDay'));
  } else {
    out.push(
      w.t('driver.bestPairBelowThreshold', {
        buyHour: w.hour(a.bestPair.buyHour),
        sellHour: w.hour(a.bestPair.sellHour),
        spread: w.f.price(a.bestPair.netSpreadUah),
        minSpread: w.f.price(settings.minSpreadUah),
      }),
    );
  }
  if (!a.feeStated && best) out.push(w.t('driver.feeMissing'));
  else if (settings.feeUahPerMwh > 0 && a.grossSpreadUah > 0) {
    out.push(w.t('driver.fee', { fee: w.f.price(settings.feeUahPerMwh), feeCost: w.f.money(a.feeCostUah), share: w.f.percent(a.feeCostUah / a.grossSpreadUah) }));
  }
  if (a.limitRelief) {
    const n = a.limitRelief.extraTrades;
    out.push(w.t('driver.limitBinding', { max: settings.maxTradesPerDay, extra: n, tradesNoun: w.noun('trade', n), extraPnl: w.f.money(a.limitRelief.extraPnlUah) }));
  }
  if (a.spreadRelief) {
    const n = a.spreadRelief.extraTrades;
    out.push(w.t('driver.minSpreadBinding', { minSpread: w.f.price(settings.minSpreadUah), extra: n, tradesNoun: w.noun('trade', n), extraPnl: w.f.money(a.spreadRelief.extraPnlUah) }));
  }
  out.push(
    w.t('driver.dayShape', {
      range: w.f.price(a.stats.range),
      minHour: w.hour(a.stats.minHour),
      min: w.f.price(a.stats.min),
      maxHour: w.hour(a.stats.maxHour),
      max: w.f.price(a.stats.max),
    }),
  );
  out.push(...riskCheckLines(w, a, 'driver.riskCheck'));
  return out;
}

export function marketContext(w: Words, a: BriefAnalysis): string[] {
  const marketLong = w.t(`marketLong.${a.market.market}`);
  const out = [
    a.market.marketStated
      ? w.t('context.market', { marketLong, date: a.tradeDate })
      : w.t('context.marketAssumed', { market: w.t(`market.${a.market.market}`), date: a.tradeDate }),
  ];
  out.push(w.t('context.range', { min: w.f.price(a.stats.min), minHour: w.hour(a.stats.minHour), max: w.f.price(a.stats.max), maxHour: w.hour(a.stats.maxHour) }));
  out.push(w.t('context.indexes', { base: w.f.price(a.stats.base), peak: w.f.price(a.stats.peak), offPeak: w.f.price(a.stats.offPeak) }));
  const cap = a.market.priceCap;
  if (cap) {
    out.push(
      w.t('context.caps', {
        decision: cap.decision,
        validFrom: cap.validFrom,
        min: w.f.price(cap.minUahMwh),
        max: w.f.price(cap.maxUahMwh),
        toMax: w.f.price(cap.distanceToMaxUahMwh),
        toMin: w.f.price(cap.distanceToMinUahMwh),
      }),
    );
    if (cap.maxCapHitHours.length > 0) out.push(w.t('context.maxCapHits', { hours: w.hours(cap.maxCapHitHours) }));
    if (cap.minCapHitHours.length > 0) out.push(w.t('context.minCapHits', { hours: w.hours(cap.minCapHitHours) }));
  } else {
    out.push(w.t('context.capsMissing'));
  }
  if (a.bessPlan && a.bessSettings) {
    const b = a.bessSettings;
    const params = { power: w.f.energy(b.powerMw), capacity: w.f.energy(b.capacityMwh), efficiency: w.f.percent(b.roundTripEfficiency), cycles: b.maxCyclesPerDay };
    const earns = a.bessPlan.netProfitUah > 0;
    if (a.bessStated) out.push(earns ? w.t('context.bessStated', { ...params, profit: w.f.money(a.bessPlan.netProfitUah) }) : w.t('context.bessStatedNone', params));
    else out.push(earns ? w.t('context.bess', { ...params, profit: w.f.money(a.bessPlan.netProfitUah) }) : w.t('context.bessNone', params));
  }
  return out;
}

export function traderChecklist(w: Words, a: BriefAnalysis): string[] {
  const market = w.t(`market.${a.market.market}`);
  const hasTrades = a.plan.trades.length > 0;
  const out = [w.t('check.verifyPrices', { market, date: a.tradeDate })];
  if (!a.feeStated) out.push(w.t('check.stateFee'));
  if (!a.market.priceCap) out.push(w.t('check.verifyCaps', { date: a.tradeDate }));
  // The risk report's cashExposure figure; a battery the caller stated buys its charge even on a day without spread trades.
  if ((hasTrades || a.bessStated) && a.cashNeedUah > 0) out.push(w.t('check.cash', { cash: w.f.money(a.cashNeedUah) }));
  out.push(...riskCheckLines(w, a, 'check.riskCheck'));
  if (hasTrades && a.sensitivity.score < SENSITIVITY_REVIEW_BELOW) out.push(w.t('check.sensitive'));
  if (hasTrades) out.push(w.t('check.balance'), w.t(a.published ? 'check.compareSubmitted' : 'check.submitManually'));
  else out.push(w.t('check.noTrades'));
  out.push(w.t('check.record'));
  return out;
}

export function anomalies(w: Words, a: BriefAnalysis): string[] {
  const out: string[] = [];
  const scan = a.anomalies;
  for (const b of scan.capBreaches) {
    const key = b.bound === 'max' ? (b.confirmed ? 'anomaly.aboveCap' : 'anomaly.aboveInferredCap') : b.confirmed ? 'anomaly.belowFloor' : 'anomaly.belowInferredFloor';
    out.push(w.t(key, { hours: w.hour(b.hour), price: w.f.price(b.priceUahMwh), cap: w.f.price(b.limitUahMwh) }));
  }
  if (scan.flat) out.push(w.t('anomaly.flat', { range: w.f.price(scan.rangeUahMwh) }));
  else if (scan.outlierHours.length > 0) {
    out.push(w.t('anomaly.outliers', { hours: w.hours(scan.outlierHours), median: w.f.price(scan.medianUahMwh), threshold: w.f.price(scan.outlierThresholdUahMwh) }));
  }
  if (a.zeroHours.length > 0) out.push(w.t('anomaly.zero', { hours: w.hours(a.zeroHours) }));
  const cap = a.market.priceCap;
  if (cap && cap.maxCapHitHours.length > 0) out.push(w.t('anomaly.atMaxCap', { cap: w.f.price(cap.maxUahMwh), hours: w.hours(cap.maxCapHitHours) }));
  if (cap && cap.minCapHitHours.length > 0) out.push(w.t('anomaly.atMinCap', { cap: w.f.price(cap.minUahMwh), hours: w.hours(cap.minCapHitHours) }));
  return out;
}

export function automationActions(w: Words): string[] {
  return [w.t('automation.none'), w.t('automation.audit'), w.t('automation.manual')];
}

function facts(w: Words, a: BriefAnalysis): AuditFact[] {
  const f = (key: string, label: Parameters<Words['t']>[0], value: AuditFact['value'], unit?: string): AuditFact =>
    unit === undefined ? { key, label: w.t(label), value } : { key, label: w.t(label), value, unit };
  const s = a.stats;
  const out: AuditFact[] = [
    f('tradeDate', 'fact.tradeDate', a.tradeDate),
    f('market', 'fact.market', a.market.market),
    f('marketStated', 'fact.marketStated', a.market.marketStated),
    f('dayMinUahMwh', 'fact.dayMin', s.min, 'UAH/MWh'),
    f('dayMinHour', 'fact.dayMinHour', s.minHour, 'hour'),
    f('dayMaxUahMwh', 'fact.dayMax', s.max, 'UAH/MWh'),
    f('dayMaxHour', 'fact.dayMaxHour', s.maxHour, 'hour'),
    f('dayMeanUahMwh', 'fact.dayMean', s.base, 'UAH/MWh'),
    f('peakMeanUahMwh', 'fact.peakMean', s.peak, 'UAH/MWh'),
    f('offPeakMeanUahMwh', 'fact.offPeakMean', s.offPeak, 'UAH/MWh'),
    f('daySpreadUahMwh', 'fact.daySpread', s.range, 'UAH/MWh'),
    f('trades', 'fact.trades', a.plan.trades.length, 'count'),
    f('totalVolumeMwh', 'fact.totalVolume', a.plan.totalVolumeMwh, 'MWh'),
    f('plannedPnlUah', 'fact.plannedPnl', a.plan.netPnlUah, 'UAH'),
    f('averageSpreadUah', 'fact.averageSpread', a.plan.averageSpreadUah, 'UAH/MWh'),
    f('feeUahPerMwh', 'fact.fee', a.settings.feeUahPerMwh, 'UAH/MWh'),
    f('feeStated', 'fact.feeStated', a.feeStated),
    f('cashNeedUah', 'fact.cashNeed', a.cashNeedUah, 'UAH'),
    f('riskStatus', 'fact.riskStatus', a.risk.overallStatus),
    f('riskScore', 'fact.riskScore', a.risk.score, 'points'),
    f('coverageScore', 'fact.coverageScore', a.coverage.score, 'points'),
    f('sensitivityScore', 'fact.sensitivityScore', a.sensitivity.score, 'points'),
    f('qualityScore', 'fact.qualityScore', a.quality.score, 'points'),
    f('worstScenarioPnlUah', 'fact.worstScenarioPnl', a.sensitivity.worst.planPnlUah, 'UAH'),
  ];
  if (a.bessPlan) out.push(f('bessReferenceProfitUah', 'fact.bessReferenceProfit', a.bessPlan.netProfitUah, 'UAH'));
  const cap = a.market.priceCap;
  if (cap) {
    out.push(
      f('capMinUahMwh', 'fact.capMin', cap.minUahMwh, 'UAH/MWh'),
      f('capMaxUahMwh', 'fact.capMax', cap.maxUahMwh, 'UAH/MWh'),
      f('maxCapHitHours', 'fact.maxCapHitHours', cap.maxCapHitHours.length, 'count'),
      f('minCapHitHours', 'fact.minCapHitHours', cap.minCapHitHours.length, 'count'),
    );
  }
  return out;
}

export function auditTrail(w: Words, a: BriefAnalysis): TradingBrief['auditTrail'] {
  const controls = [
    w.t('control.humanApproval'),
    w.t('control.noAutoSubmit'),
    w.t('control.risk', { count: a.risk.checks.length, status: w.t(`riskStatus.${a.risk.overallStatus}`), score: w.f.whole(a.risk.score) }),
  ];
  const cap = a.market.priceCap;
  if (cap) controls.push(w.t('control.capsValidated', { tolerance: w.f.price(cap.capHitToleranceUahMwh) }));
  controls.push(w.t('control.deterministic'));
  const limitations = [w.t('limit.pricesAsGiven')];
  if (a.bessSettings) {
    const b = a.bessSettings;
    limitations.push(w.t(a.bessStated ? 'limit.bessStated' : 'limit.bessDefaults', { power: w.f.energy(b.powerMw), capacity: w.f.energy(b.capacityMwh), efficiency: w.f.percent(b.roundTripEfficiency), cycles: b.maxCyclesPerDay }));
  }
  limitations.push(w.t('limit.sensitivityScope', { fee: w.f.price(FEE_STRESS_UAH_MWH) }), w.t('limit.liquidity'));
  if (!cap) limitations.push(w.t('limit.noCaps'));
  return { rationaleId: a.rationaleId, facts: facts(w, a), controls, limitations };
}
