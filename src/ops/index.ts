/**
 * The operation registry: the HTTP routes and OpenAPI entries are derived from it, the MCP and
 * narrator tools from its `tool` bindings, the CLI's commands from its `cli` bindings, and `svc op`
 * serves every entry through invoke(). A lean op (types.ts) is registered with its zod contract
 * (`withContract`); the CLI runs the lean module itself (src/cli/derive.ts).
 */
import { withContract, type AnyOperation, type Operation } from './types.js';
import { health } from './health.js';
import { billingPlans } from './billing.js';
import { strategyPlan, bessPlan } from './strategy.js';
import { bessPlanAhead, strategyPlanAhead } from './plan-ahead.js';
import { profilesList, profilesSave, profilesDelete } from './profiles.js';
import { backtestSummary } from './backtest.js';
import { backtestSweep } from './backtest-sweep.js';
import { briefPriceCapContext } from './brief-price-cap.js';
import { riskReport } from './risk.js';
import { tradingBrief } from './brief.js';
import { receiptVerify, receiptPublicKey, tradingBriefReceipt } from './receipt.js';
import { auditCreate, auditList, auditExport } from './audit.js';
import { notificationsSubscribe } from './notifications.js';
import { apiKeysCreate, apiKeysList, apiKeysRevoke } from './api-keys.js';
import { methodologyCite } from './methodology.js';
import { couplingFlows, systemOperations } from './coupling.js';
import { regime } from './regime.js';
import { multiZone, zonesImport } from './multi-zone.js';
import { depthImport, marketDepth } from './market-depth.js';
import { forecastGet } from './forecast.js';
import { forecastDays } from './forecast-days.js';
import { forecastEvaluate } from './forecast-evaluate.js';
import { pricesStats } from './prices-stats.js';
import { doctor } from './doctor.js';
import { reportBacktest, reportDay, reportForecast } from './report.js';
import { pricesStatsContract } from './prices-stats-contract.js';
import { pricesProfile } from './prices-profile.js';
import { exchElectricityIndexes, mktopFetch, mktopIndexes, mktopPrices, mktopTradingResults } from './market-data.js';

export const operations: Operation[] = [
  health,
  billingPlans,
  mktopPrices,
  mktopIndexes,
  mktopTradingResults,
  exchElectricityIndexes,
  mktopFetch,
  strategyPlan,
  profilesList,
  profilesSave,
  profilesDelete,
  bessPlan,
  strategyPlanAhead,
  bessPlanAhead,
  backtestSummary,
  backtestSweep,
  riskReport,
  tradingBrief,
  briefPriceCapContext,
  methodologyCite,
  tradingBriefReceipt,
  receiptVerify,
  receiptPublicKey,
  auditCreate,
  auditList,
  auditExport,
  notificationsSubscribe,
  apiKeysCreate,
  apiKeysList,
  apiKeysRevoke,
  couplingFlows,
  systemOperations,
  multiZone,
  zonesImport,
  regime,
  marketDepth,
  depthImport,
  forecastGet,
  forecastEvaluate,
  forecastDays,
  doctor,
  reportBacktest,
  reportForecast,
  reportDay,
  withContract(pricesStats, pricesStatsContract),
  pricesProfile,
];

/** Every operation, as `svc op list|run` serves them. */
export const cliOperations: readonly AnyOperation[] = operations;
