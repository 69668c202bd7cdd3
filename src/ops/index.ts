/**
 * The operation registry: the HTTP routes and OpenAPI entries are derived from it, the MCP and
 * narrator tools from its `tool` bindings, the CLI's commands from its `cli` bindings, and `svc op`
 * serves every entry through invoke(). A lean op (types.ts) is registered with its zod contract
 * (`withContract`); the CLI runs the lean module itself (src/cli/derive.ts).
 */
import { withContract, type AnyOperation, type Operation } from './types.js';
import { health } from './system/health.js';
import { billingPlans } from './account/billing.js';
import { strategyPlan, bessPlan } from './strategy/plan.js';
import { bessPlanAhead, strategyPlanAhead } from './strategy/plan-ahead.js';
import { profilesList, profilesSave, profilesDelete } from './account/profiles.js';
import { backtestSummary } from './strategy/backtest.js';
import { backtestSweep } from './strategy/backtest-sweep.js';
import { briefPriceCapContext } from './ai/brief-price-cap.js';
import { riskReport } from './strategy/risk.js';
import { tradingBrief } from './ai/brief.js';
import { receiptVerify, receiptPublicKey, tradingBriefReceipt } from './ai/receipt.js';
import { auditCreate, auditList, auditExport } from './account/audit.js';
import { auditAdd } from './account/audit-add.js';
import { notificationsSubscribe } from './account/notifications.js';
import { apiKeysCreate, apiKeysList, apiKeysRevoke } from './account/api-keys.js';
import { methodologyCite } from './ai/methodology.js';
import { couplingFlows } from './grid/coupling.js';
import { systemOperations } from './grid/system-operations.js';
import { regime } from './market/regime.js';
import { multiZone, zonesImport } from './market/multizone.js';
import { depthImport, marketDepth } from './market/market-depth.js';
import { forecastGet } from './forecast/forecast.js';
import { forecastDays } from './forecast/forecast-days.js';
import { forecastEvaluate } from './forecast/forecast-evaluate.js';
import { pricesStats } from './market/prices-stats.js';
import { doctor } from './system/doctor.js';
import { reportBacktest, reportDay, reportForecast } from './report/report.js';
import { pricesShow } from './market/prices-show.js';
import { pricesShowContract } from './market/prices-show-contract.js';
import { pricesConvert } from './market/prices-convert.js';
import { pricesConvertContract } from './market/prices-convert-contract.js';
import { pricesStatsContract } from './market/prices-stats-contract.js';
import { pricesProfile } from './market/prices-profile.js';
import { exchElectricityIndexes } from './market/exch.js';
import { mktopFetch, mktopIndexes, mktopPrices, mktopTradingResults } from './market/mktop.js';

export const operations: Operation[] = [
  health,
  billingPlans,
  mktopPrices,
  mktopIndexes,
  mktopTradingResults,
  exchElectricityIndexes,
  // Before mktopFetch: `svc prices --help` lists convert first, as the hand-written group did.
  withContract(pricesConvert, pricesConvertContract),
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
  auditAdd,
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
  depthImport,
  marketDepth,
  forecastGet,
  forecastEvaluate,
  forecastDays,
  doctor,
  reportBacktest,
  reportForecast,
  reportDay,
  withContract(pricesStats, pricesStatsContract),
  pricesProfile,
  withContract(pricesShow, pricesShowContract),
];

/** Every operation, as `svc op list|run` serves them. */
export const cliOperations: readonly AnyOperation[] = operations;
