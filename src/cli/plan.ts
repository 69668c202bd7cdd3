/**
 * `svc plan` and `svc bess` are derived from their operations' `cli` bindings (src/ops/strategy/plan.ts,
 * views in src/ops/strategy/plan-views.ts; `--plan-on forecast` hands over to plan-forecast.ts). Only this
 * re-export is left, for the hand-written commands that still import the flag from here.
 */
export { planOnFlag } from './plan-forecast.js';
