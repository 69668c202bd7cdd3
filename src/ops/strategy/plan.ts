/**
 * POST /api/strategy/plan and POST /api/bess/plan: the two exact engines behind one door each, as
 * the registry holds them — the lean operations (strategy-plan.ts, bess-plan.ts; what the CLI runs,
 * without zod) with their zod contract (plan-contract.ts) for the HTTP routes, OpenAPI and the tools.
 */
import { withContract } from '../types.js';
import { bessPlanLean } from './bess-plan.js';
import { bessPlanContract, strategyPlanContract } from './plan-contract.js';
import { strategyPlanLean } from './strategy-plan.js';

export { StrategyPlanRequest, StrategyPlanResponse, BessPlanRequest, BessPlanResponse } from './plan-contract.js';

export const strategyPlan = withContract(strategyPlanLean, strategyPlanContract);
export const bessPlan = withContract(bessPlanLean, bessPlanContract);
