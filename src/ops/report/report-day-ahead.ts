/**
 * The day report of a forecast day: a date without prices (tomorrow). Both plans come from the
 * plan-ahead operations (strategy.planAhead, bess.planAhead: the schedule chosen on the forecast's
 * expected path, its PnL distribution, the bids), and the risk checks and the brief are made on that
 * path, naming the forecast (as `svc risk|brief --plan-on forecast` do), all through invoke.
 */
import { defaultCaps, riskReport } from '../strategy/risk.js';
import { tradingBrief } from '../ai/brief.js';
import { bessPlanAhead, strategyPlanAhead } from '../strategy/plan-ahead.js';
import { historyWindow } from '../forecast/forecast-model.js';
import { socSchedule } from './report-figures.js';
import { invoke } from '../invoke.js';
import type { OpContext } from '../types.js';
import type { ResolvedPrices, settingsOf } from './report-input.js';
import type { DayView } from '../../report/day.js';
import type { Lang } from '../../report/format.js';

/** The view of a forecast day: the plans, risk checks and brief on the forecast of `date` from the days before it. */
export async function forecastDayView(ctx: OpContext, input: { date: string; lang: Lang; priceBook?: unknown }, prices: ResolvedPrices, settings: ReturnType<typeof settingsOf>): Promise<DayView> {
  const date = input.date;
  // A caller's book: the days its forecast reads; the operator's prices (mktop): the plan-ahead op reads its own history.
  const history = input.priceBook ? { history: historyWindow(prices.book, date) } : {};
  const spread = await invoke(strategyPlanAhead, ctx, { tradeDate: date, settings: settings.strategySettings, ...history });
  const bess = await invoke(bessPlanAhead, ctx, { tradeDate: date, settings: settings.bessSettings, ...history });
  const f = bess.forecast;
  const path = f.hours.map((h) => ({ hour: h.hour, priceUahMwh: h.mean }));
  const forecast = { model: f.model, rmaeVsNaive: f.skill.rmaeVsNaive, days: f.skill.days };
  const source = input.priceBook ? prices.source : bess.source;
  const risk = await invoke(riskReport, ctx, { tradeDate: date, prices: path, ...settings, sourceLabel: `${source} (forecast)`.slice(0, 200), forecast, locale: input.lang });
  const brief = await invoke(tradingBrief, ctx, { tradeDate: date, prices: path, settings: settings.strategySettings, locale: input.lang, context: { market: 'DAM', bessSettings: settings.bessSettings }, forecast });
  const caps = defaultCaps().capsFor(date, 'DAM');
  const b = brief.brief;
  return {
    lang: input.lang,
    generatedAt: spread.generatedAt,
    date,
    prices: f.hours.map((h) => h.mean),
    maxCap: f.hours.map((h) => h.maxCap),
    minCap: f.hours.map((h) => h.minCap),
    capRegime: caps ? `${caps.regime} (${caps.decision})` : null,
    forecastP50: null,
    ahead: {
      model: f.model,
      plannedOn: f.plannedOn,
      hours: f.hours,
      scenarioDays: f.scenarioDays,
      skill: f.skill,
      lastDataDay: bess.lastDataDay,
      spreadPnl: spread.pnl,
      bessPnl: bess.pnl,
      bids: [...spread.bids.map((x) => ({ ...x, plan: 'spread' as const })), ...bess.bids.map((x) => ({ ...x, plan: 'bess' as const }))],
    },
    spread: spread.plan,
    bess: bess.plan,
    schedule: socSchedule(bess.plan.cycles),
    settlement: null,
    risk: risk.report,
    brief: { summary: b.summary, gate: b.actionGate.status, gateLabel: b.actionGate.label, drivers: b.decisionDrivers, marketContext: b.marketContext, checklist: b.traderChecklist, anomalies: b.anomalies, disclaimer: b.disclaimer },
    settings,
    provenance: { source: `${source} (forecast)`, freshness: prices.freshness, gaps: [], notes: [] },
  };
}
