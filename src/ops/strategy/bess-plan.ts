/**
 * `bess.plan` (POST /api/bess/plan, `svc bess`): the exact battery engine for one day. A lean
 * operation (types.ts), as strategy-plan.ts: no schema library and no configuration on a cold
 * `svc bess`; the HTTP route and the MCP tool get its zod contract (plan-contract.ts, joined in plan.ts).
 */
import { hourlyPrices } from '../../domain/hourly.js';
import { planBess } from '../../engines/bess.js';
import { bessSchedule } from '../../engines/bess-horizon.js';
import { planOnCost } from '../cost.js';
import type { LeanOperation } from '../types.js';
import type { BessPlanInput, BessPlanOutput } from './plan-contract.js';
import { replanOnForecast } from './plan-lean-forecast.js';
import { BessPlanLeanInput } from './plan-input.js';
import { bessCyclesView, bessScheduleView } from './plan-views.js';
import { PLAN_ON_DOC } from './strategy-plan.js';

export const bessPlanLean: LeanOperation<BessPlanInput, BessPlanOutput> = {
  lean: true,
  id: 'bess.plan',
  summary: 'Optimal battery (BESS) arbitrage schedule for one day',
  description:
    'Exact LP optimum of charge/discharge with power P, capacity E, round-trip efficiency η (losses on charge), ' +
    'a throughput cap of maxCyclesPerDay × E and a wear cost per MWh discharged; the day starts and ends empty. ' +
    'Reported as charge→discharge pairs that sum exactly to the schedule. svc extension (docs/engines.md): optional settings for the battery as it operates — ' +
    '`minSocPct`/`maxSocPct` (usable window), `chargeEfficiency`/`dischargeEfficiency` (product = round trip), `auxLossMwhPerHour` (standby draw from the stored energy every hour), ' +
    '`unavailableHours` (hours out of service), a fractional `maxCyclesPerDay`, `lotMwh` (volumes in whole lots: exact integer optimum), `initialSocMwh` and `endSocValueUahMwh` ' +
    '(without it the day ends at least at the start level); with any of them the plan carries `schedule`, `startSocMwh`, `endSocMwh` (and `endValueUah`), netProfitUah is the schedule’s cash and the cycles pair the day’s own charges with discharges. ' +
    '`schedule: true` adds the hourly schedule to any plan. ' + PLAN_ON_DOC,
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BessPlanLeanInput,
  cost: planOnCost,
  http: { method: 'POST', path: '/api/bess/plan', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'plan_bess_schedule', title: 'Plan a battery (BESS) schedule for one day' },
  cli: {
    command: ['bess'],
    description: 'optimal battery (BESS) charge/discharge schedule for one day (exact LP optimum)',
    book: { into: 'prices', shape: 'day', date: 'tradeDate' },
    flags: { history: false, schedule: false, planOn: { value: 'actual|forecast' } },
    flagHelp: { planOn: "schedule on the actual prices (default) or on the forecast from the days before --date (a day without prices: tomorrow's schedule; --format csv: the bid sheet)" },
    handOff: { field: 'planOn', value: 'forecast', flow: 'plan-on-forecast' },
    view: bessCyclesView,
    defaultView: 'cycles',
    views: { schedule: bessScheduleView },
    viewHelp: 'cycles: charge→discharge pairs (default); schedule: one row per hour with chargeMw, dischargeMw, socMwh at the end of the hour and the hour’s profitUah (they sum to the plan’s profit)',
    examples: [
      'svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --efficiency 0.88 --max-cycles 2',
      'svc bess fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --capacity 2 --power 1 --min-soc 10 --max-soc 90 --lot 0.1 --view schedule',
    ],
  },
  async run(ctx, input) {
    const actual = hourlyPrices(input.prices);
    if (input.planOn !== 'forecast') {
      const plan = planBess(actual, input.settings);
      return { tradeDate: input.tradeDate, generatedAt: ctx.now().toISOString(), plan: input.schedule ? { ...plan, schedule: bessSchedule(actual, input.settings, plan) } : plan };
    }
    return replanOnForecast(ctx, 'bess', input, input.settings);
  },
};
