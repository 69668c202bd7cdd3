/**
 * The battery as it operates (bess-flow.ts, bess-lots.ts, bess-horizon.ts) held to HiGHS: the LP
 * without lots, the MIP with lots, on random stress horizons (fast-check, fixed seed) and on the
 * shipped OREE history; every plan's schedule is checked for feasibility, as computed and as
 * printed (rounded as docs/limits.md says). And a plain request is today's answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBess } from '../../src/engines/bess.js';
import { bessAsset, type BessAsset } from '../../src/engines/bess-asset.js';
import { bessPlanFrom, horizonProblem, planBessDay, planBessRolling, solveHorizon } from '../../src/engines/bess-horizon.js';
import type { BessPlan } from '../../src/domain/plans.js';
import type { BessSettings } from '../../src/domain/settings.js';
import { solveHorizon as highsHorizon, type OracleAsset } from './oracle-horizon.js';
import { ORACLE_FULL, REAL_BESS, realDays } from './oracle-data.js';

/** Strides of the MIP sweeps over shipped days (HiGHS's MIP is most of their time): `npm run test:oracle` halves them. */
const DAY_STRIDE = ORACLE_FULL ? 60 : 120;
const PAIR_STRIDE = ORACLE_FULL ? 180 : 360;
/**
 * The branch-and-bound nodes HiGHS may spend on one lot MIP before it is counted unproven: a node
 * limit, not a time limit, so that a busy machine gives the same counts as a quiet one (under a
 * 5 s wall-time limit a loaded CI once ended 5 of the 10 shipped days unproven).
 */
const MIP_NODES = Number(process.env.ORACLE_MIP_NODES ?? 10_000);

const round = (v: number, d: number): number => Math.round(v * 10 ** d) / 10 ** d;

function oracleAsset(a: BessAsset): OracleAsset {
  return { ...a, outHours: a.outHour.flatMap((o, h) => (o ? [h] : [])) };
}

/** Violations of the schedule (as computed, and as printed at 3 decimals) against the asset. */
function checkSchedule(a: BessAsset, prices: readonly number[], plan: BessPlan): string[] {
  const out: string[] = [];
  const tol = 1e-9 * (a.capacityMwh + a.powerMw);
  let soc = plan.startSocMwh as number;
  let cash = 0;
  const daily = new Map<number, number>();
  for (const h of plan.schedule ?? []) {
    const t = h.hour;
    if (h.chargeMw < -tol || h.dischargeMw < -tol || h.chargeMw > a.powerMw + tol || h.dischargeMw > a.powerMw + tol) out.push(`hour ${t}: power`);
    if (h.chargeMw > 0 && h.dischargeMw > 0) out.push(`hour ${t}: both`);
    if (a.outHour[t % 24] && (h.chargeMw > 0 || h.dischargeMw > 0)) out.push(`hour ${t}: out of service but runs`);
    if (a.lotMwh > 0) {
      for (const v of [h.chargeMw, h.dischargeMw]) if (Math.abs(v / a.lotMwh - Math.round(v / a.lotMwh)) > 1e-9) out.push(`hour ${t}: ${v} not whole lots`);
    }
    soc += a.etaC * h.chargeMw - h.dischargeMw / a.etaD - a.auxMwh;
    if (Math.abs(soc - h.socMwh) > tol * 10) out.push(`hour ${t}: soc ${h.socMwh} != ${soc}`);
    if (soc < a.socMinMwh - tol || soc > a.socMaxMwh + tol) out.push(`hour ${t}: soc ${soc} outside the window`);
    const printed = round(h.socMwh, 3);
    if (printed < round(a.socMinMwh, 3) || printed > round(a.socMaxMwh, 3)) out.push(`hour ${t}: printed soc ${printed} outside the printed window`);
    daily.set(Math.floor(t / 24), (daily.get(Math.floor(t / 24)) ?? 0) + h.dischargeMw);
    cash += (prices[t] as number) * (h.dischargeMw - h.chargeMw) - a.degradationUahMwh * h.dischargeMw;
  }
  for (const [d, v] of daily) if (v > a.dailyDischargeCapMwh + tol * 24) out.push(`day ${d}: discharged ${v} > cap`);
  const scale = Math.max(1, ...prices) * (a.capacityMwh + a.powerMw);
  if (Math.abs(cash - plan.netProfitUah) > 1e-9 * scale * 24) out.push(`netProfit ${plan.netProfitUah} != schedule cash ${cash}`);
  for (const c of plan.cycles) {
    if (Math.abs(c.dischargeMwh - a.etaC * a.etaD * c.chargeMwh) > tol) out.push(`cycle ${c.chargeHour}->${c.dischargeHour}: energy`);
    const p = c.dischargeMwh * (c.dischargePriceUahMwh - a.degradationUahMwh) - c.chargeMwh * c.chargePriceUahMwh;
    if (Math.abs(p - c.profitUah) > 1e-9 * scale) out.push(`cycle ${c.chargeHour}->${c.dischargeHour}: profit`);
  }
  return out;
}

const hours = (n: number) => fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 }).map((c) => c / 100)), { minLength: n, maxLength: n });
const settingsArb = (lots: boolean) =>
  fc.record({
    capacityMwh: lots ? fc.integer({ min: 2, max: 20 }).map((v) => v / 10) : fc.double({ min: 0.2, max: 5, noNaN: true }),
    powerMw: lots ? fc.integer({ min: 1, max: 10 }).map((v) => v / 10) : fc.double({ min: 0.1, max: 3, noNaN: true }),
    roundTripEfficiency: fc.double({ min: 0.6, max: 1, noNaN: true }),
    maxCyclesPerDay: fc.oneof(fc.constant(1), fc.constant(2), fc.double({ min: 0.2, max: 3, noNaN: true })),
    degradationCostUahMwh: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 800, noNaN: true })),
    minSocPct: fc.oneof(fc.constant(undefined), fc.double({ min: 0, max: 30, noNaN: true })),
    maxSocPct: fc.oneof(fc.constant(undefined), fc.double({ min: 70, max: 100, noNaN: true })),
    dischargeEfficiency: fc.oneof(fc.constant(undefined), fc.double({ min: 0.9, max: 1, noNaN: true })),
    auxLossMwhPerHour: fc.oneof(fc.constant(undefined), fc.double({ min: 0, max: 0.01, noNaN: true })),
    unavailableHours: fc.oneof(fc.constant(undefined), fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 4 })),
    startShare: fc.double({ min: 0, max: 1, noNaN: true }),
    endSocValueUahMwh: fc.oneof(fc.constant(undefined), fc.double({ min: 0, max: 5000, noNaN: true })),
  });

type Drawn = { startShare: number } & Record<string, unknown>;
function settingsOf(d: Drawn, lot: number): BessSettings {
  const { startShare, ...rest } = d;
  const s = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as unknown as BessSettings;
  if (s.dischargeEfficiency !== undefined && s.roundTripEfficiency / s.dischargeEfficiency > 1) delete s.dischargeEfficiency;
  const E = s.capacityMwh;
  const lo = (E * (s.minSocPct ?? 0)) / 100;
  const hi = (E * (s.maxSocPct ?? 100)) / 100;
  s.initialSocMwh = lot > 0 ? lo + Math.floor(((hi - lo) * startShare) / lot) * lot * 0.999 : lo + (hi - lo) * startShare;
  if (lot > 0) s.lotMwh = lot;
  return s;
}

async function compare(prices: number[], settings: BessSettings, maxNodes?: number): Promise<string | null> {
  // A macrotask turn per problem: HiGHS answers synchronously, and a sweep of awaited microtasks
  // would hold the worker's event loop for the whole sweep (vitest's 60 s RPC timeout under load).
  await new Promise<void>((resolve) => setImmediate(resolve));
  const asset = bessAsset(settings);
  const problem = horizonProblem(asset, prices, asset.startSocMwh);
  const oracle = await highsHorizon(oracleAsset(asset), problem, maxNodes === undefined ? {} : { nodes: maxNodes });
  if (Number.isNaN(oracle)) return 'unproven';
  let ours: number | null;
  try {
    const schedule = solveHorizon(asset, problem);
    ours = schedule.objectiveUah;
    const violations = checkSchedule(asset, prices, bessPlanFrom(asset, prices, asset.startSocMwh, schedule, prices.length));
    if (violations.length > 0) return `infeasible plan: ${violations.slice(0, 3).join('; ')}`;
  } catch {
    ours = null;
  }
  if (ours === null || oracle === null) return ours === oracle ? null : `ours ${ours} highs ${oracle}`;
  const scale = Math.max(1, ...prices) * asset.capacityMwh;
  return Math.abs(ours - oracle) <= 1e-6 * Math.max(Math.abs(ours), Math.abs(oracle)) + 1e-7 * scale ? null : `ours ${ours} highs ${oracle}`;
}

describe('battery over a horizon = HiGHS', () => {
  it('a plain request is today\'s answer: planBess unchanged, and the horizon model agrees on every shipped day', () => {
    const days = realDays();
    for (const settings of REAL_BESS) {
      for (const { date, prices } of days) {
        const today = planBess(prices, settings);
        const extended = planBessDay(prices, settings);
        const scale = Math.max(...prices) * settings.capacityMwh;
        expect(Math.abs(today.netProfitUah - extended.netProfitUah), date).toBeLessThanOrEqual(1e-9 * scale);
        expect(today.schedule, 'no extension, no schedule key').toBeUndefined();
      }
    }
  });

  it('LP without lots: random 24- and 48-hour stress horizons with every extension (fast-check)', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hours(48), settingsArb(false), async (twoDays, prices, drawn) => {
        const p = twoDays ? prices : prices.slice(0, 24);
        const r = await compare(p, settingsOf(drawn, 0));
        if (r !== null) failures.push(`${r} ${JSON.stringify({ p, drawn })}`);
      }),
      { numRuns: 300, seed: 31 },
    );
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it('MIP with lots of 0.1 MWh: random single-day stress horizons (fast-check)', async () => {
    const failures: string[] = [];
    let unproven = 0;
    await fc.assert(
      fc.asyncProperty(hours(24), settingsArb(true), async (prices, drawn) => {
        const r = await compare(prices, settingsOf(drawn, 0.1), MIP_NODES);
        if (r === 'unproven') unproven++;
        else if (r !== null) failures.push(`${r} ${JSON.stringify({ prices, drawn })}`);
      }),
      { numRuns: 80, seed: 31 },
    );
    expect(failures.slice(0, 3)).toEqual([]);
    expect(unproven).toBeLessThan(8);
  });

  // 48 hours in lots on small assets whose fractional cap binds on day 2: the split at day 2's
  // start and its Lagrangian bounds (bess-lots.ts, bess-lots-dual.ts) decide most of these.
  it('MIP with lots of 0.1 MWh: random 48-hour horizons with a binding cap on small assets (fast-check)', async () => {
    const failures: string[] = [];
    let unproven = 0;
    const small = fc.record({
      capacityMwh: fc.integer({ min: 3, max: 10 }).map((v) => v / 10),
      powerMw: fc.integer({ min: 1, max: 5 }).map((v) => v / 10),
      maxCyclesPerDay: fc.double({ min: 0.3, max: 1.6, noNaN: true }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      endValue: fc.oneof(fc.constant(undefined), fc.double({ min: 0, max: 5000, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(hours(48), small, fc.double({ min: 0.6, max: 1, noNaN: true }), async (prices, a, rte) => {
        const settings: BessSettings = { capacityMwh: a.capacityMwh, powerMw: a.powerMw, roundTripEfficiency: rte, maxCyclesPerDay: a.maxCyclesPerDay, degradationCostUahMwh: 50, minSocPct: 10, initialSocMwh: Math.floor(a.capacityMwh * 0.9 * a.share * 10) / 10 + 0.1 * a.capacityMwh, lotMwh: 0.1 };
        if (a.endValue !== undefined) settings.endSocValueUahMwh = a.endValue;
        const r = await compare(prices, settings, MIP_NODES);
        if (r === 'unproven') unproven++;
        else if (r !== null) failures.push(`${r} ${JSON.stringify({ prices, settings })}`);
      }),
      { numRuns: 40, seed: 31 },
    );
    expect(failures.slice(0, 3)).toEqual([]);
    expect(unproven).toBeLessThan(4);
  });

  const days = realDays();
  const asset2 = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1.5, degradationCostUahMwh: 100, minSocPct: 10, maxSocPct: 90, dischargeEfficiency: 0.95, initialSocMwh: 0.2 };
  it('LP: rolling 48-hour horizons over the shipped history (every 3rd day pair)', async () => {
    const failures: string[] = [];
    for (let i = 0; i + 1 < days.length; i += 3) {
      const prices = [...(days[i]?.prices ?? []), ...(days[i + 1]?.prices ?? [])];
      const r = await compare(prices, { ...asset2, initialSocMwh: 0.2 + (i % 7) * 0.2 });
      if (r !== null) failures.push(`${days[i]?.date}: ${r}`);
    }
    expect(failures.slice(0, 3)).toEqual([]);
  });

  // HiGHS's MIP needs seconds to minutes on some of these days (the bench times it); a day it
  // cannot prove within MIP_NODES nodes is counted, not compared, and must stay the exception.
  it(`MIP: lots of 0.1 MWh on shipped days (every ${DAY_STRIDE}th day)`, async () => {
    const failures: string[] = [];
    let unproven = 0;
    let compared = 0;
    for (let i = 0; i < days.length; i += DAY_STRIDE) {
      const r = await compare(days[i]?.prices ?? [], { ...asset2, lotMwh: 0.1 }, MIP_NODES);
      if (r === 'unproven') unproven++;
      else {
        compared++;
        if (r !== null) failures.push(`${days[i]?.date}: ${r}`);
      }
    }
    expect(failures.slice(0, 3)).toEqual([]);
    expect(compared).toBeGreaterThan(unproven);
  });

  // 48 hours in lots with a cap that binds on both days: the relaxation (cumulative caps) and the
  // DP that tracks today's lots (bess-lots.ts) both decide some of these horizons.
  it(`MIP: lots of 0.1 MWh over 48-hour horizons with a binding fractional cap (every ${PAIR_STRIDE}th day pair)`, async () => {
    const failures: string[] = [];
    let unproven = 0;
    let compared = 0;
    const settings = [
      { ...asset2, lotMwh: 0.1 },
      { capacityMwh: 4, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1.25, degradationCostUahMwh: 150, minSocPct: 20, maxSocPct: 100, unavailableHours: [18, 19], initialSocMwh: 1.2, endSocValueUahMwh: 2500, lotMwh: 0.1 },
    ];
    for (let i = 0, k = 0; i + 1 < days.length; i += PAIR_STRIDE, k++) {
      const prices = [...(days[i]?.prices ?? []), ...(days[i + 1]?.prices ?? [])];
      const r = await compare(prices, settings[k % 2] as BessSettings, MIP_NODES);
      if (r === 'unproven') unproven++;
      else {
        compared++;
        if (r !== null) failures.push(`${days[i]?.date}: ${r}`);
      }
    }
    expect(failures.slice(0, 3)).toEqual([]);
    // HiGHS's MIP takes seconds on most 48-hour horizons: under the node limit 3 of these 4 are
    // proven and compared (the same on a busy machine); bench/bess-lots.bench.ts compares many
    // more, with bounds.
    expect(compared).toBeGreaterThan(unproven);
  });

  it('rolling: the state of charge carries from day to day, a gap restarts it, and on these days carrying does not lose to day-by-day', () => {
    const run = days.slice(0, 30).map((d, i) => ({ prices: d.prices, consecutive: i !== 0 && i !== 15 }));
    const settings = { ...asset2 };
    const rolling = planBessRolling(run, settings);
    expect(rolling[0]?.startSocMwh).toBe(0.2);
    expect(rolling[15]?.startSocMwh).toBe(0.2);
    for (let i = 1; i < run.length; i++) if (i !== 15) expect(rolling[i]?.startSocMwh).toBe(rolling[i - 1]?.endSocMwh);
    expect(rolling[14]?.endSocMwh).toBeGreaterThanOrEqual(0.2 - 1e-9);
    const asset = bessAsset(settings);
    for (const [i, plan] of rolling.entries()) expect(checkSchedule(asset, run[i]?.prices ?? [], plan), `day ${i}`).toEqual([]);
    const carried = rolling.reduce((s, p) => s + p.netProfitUah, 0);
    const alone = run.reduce((s, d) => s + planBess(d.prices, settings).netProfitUah, 0);
    expect(carried).toBeGreaterThanOrEqual(alone - 1e-9 * Math.abs(alone));
  });
});
