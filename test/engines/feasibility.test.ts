import { describe, expect, it } from 'vitest';
import type { BessPlan, TradingPlan } from '../../src/domain/plans.js';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { checkBessPlan, checkTradingPlan } from './feasibility.js';

// Hand-written valid plans (not engine output), so the checker is tested on its own.
const prices = [100, 300, 50, 400, 200, 500];
const ts: TradingSettings = { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 3, feeUahPerMwh: 10 };
const trade = (b: number, s: number) => {
  const ns = (prices[s] as number) - (prices[b] as number) - 20;
  return { buyHour: b, sellHour: s, buyPriceUahMwh: prices[b] as number, sellPriceUahMwh: prices[s] as number, netSpreadUah: ns, volumeMwh: 2, pnlUah: ns * 2 };
};
const validTrading = (): TradingPlan => {
  const trades = [trade(0, 1), trade(2, 3), trade(4, 5)];
  return { trades, totalVolumeMwh: 6, netPnlUah: 360 + 660 + 560, averageSpreadUah: (180 + 330 + 280) / 3 };
};

const bs: BessSettings = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.5, maxCyclesPerDay: 2, degradationCostUahMwh: 10 };
const cycle = (i: number, j: number, stored: number) => ({
  chargeHour: i,
  dischargeHour: j,
  chargeMwh: stored / 0.5,
  dischargeMwh: stored,
  chargePriceUahMwh: prices[i] as number,
  dischargePriceUahMwh: prices[j] as number,
  grossSpreadUahMwh: (prices[j] as number) - (prices[i] as number),
  profitUah: stored * (prices[j] as number) - (stored / 0.5) * (prices[i] as number) - 10 * stored,
});
const validBess = (): BessPlan => {
  const cycles = [cycle(0, 1, 0.5), cycle(2, 3, 0.5), cycle(4, 5, 0.25)];
  const sum = (f: (c: (typeof cycles)[number]) => number) => cycles.reduce((a, c) => a + f(c), 0);
  const dischargedMwh = sum((c) => c.dischargeMwh);
  return { cycles, netProfitUah: sum((c) => c.profitUah), chargedMwh: sum((c) => c.chargeMwh), dischargedMwh, equivalentCycles: dischargedMwh };
};

describe('feasibility checker: trading plans', () => {
  it('accepts a valid plan', () => {
    expect(checkTradingPlan(prices, ts, validTrading())).toEqual([]);
  });

  it.each<[string, (p: TradingPlan) => void, RegExp]>([
    ['hour reused', (p) => (p.trades[1] = { ...trade(1, 3) }), /used twice/],
    ['sell before buy', (p) => (p.trades[0] = { ...trade(0, 1), buyHour: 1, sellHour: 0 }), /not before/],
    ['unsorted', (p) => p.trades.reverse(), /ascending buy hour/],
    ['too many trades', (p) => p.trades.push(trade(4, 5)), /maxTradesPerDay/],
    ['below min spread', (p) => (p.trades[0] = trade(0, 4)), /< minSpread/],
    ['wrong pnl', (p) => (p.trades[2] = { ...trade(4, 5), pnlUah: 561 }), /pnl/],
    ['wrong price', (p) => (p.trades[0] = { ...trade(0, 1), buyPriceUahMwh: 99 }), /buy price/],
    ['wrong total', (p) => (p.netPnlUah += 1), /netPnl/],
    ['wrong average', (p) => (p.averageSpreadUah = 0), /averageSpread/],
    ['wrong volume', (p) => (p.totalVolumeMwh = 5), /totalVolume/],
  ])('flags %s', (_, mutate, message) => {
    const plan = validTrading();
    mutate(plan);
    expect(checkTradingPlan(prices, ts, plan).join('\n')).toMatch(message);
  });

  it('flags a non-positive net spread even with min spread 0', () => {
    const flat = [100, 100];
    const plan: TradingPlan = {
      trades: [{ buyHour: 0, sellHour: 1, buyPriceUahMwh: 100, sellPriceUahMwh: 100, netSpreadUah: 0, volumeMwh: 1, pnlUah: 0 }],
      totalVolumeMwh: 1,
      netPnlUah: 0,
      averageSpreadUah: 0,
    };
    expect(checkTradingPlan(flat, { ...ts, minSpreadUah: 0, feeUahPerMwh: 0, volumeMwh: 1 }, plan).join('\n')).toMatch(/not > 0/);
  });
});

describe('feasibility checker: battery plans', () => {
  it('accepts a valid plan', () => {
    expect(checkBessPlan(prices, bs, validBess())).toEqual([]);
  });

  it.each<[string, (p: BessPlan) => void, RegExp]>([
    ['charge above power', (p) => (p.cycles[0] = cycle(0, 1, 0.75)), /charge 1.5 > power/],
    ['SoC above capacity', (p) => p.cycles.splice(0, 3, cycle(0, 3, 0.5), cycle(1, 4, 0.5), cycle(2, 5, 0.5)), /hour 2: SoC 1.5 > capacity/],
    ['same-hour charge and discharge', (p) => p.cycles.splice(1, 2, cycle(1, 3, 0.5), cycle(4, 5, 0.25)), /same hour/],
    ['discharge before charge', (p) => (p.cycles[0] = { ...cycle(0, 1, 0.5), chargeHour: 1, dischargeHour: 0 }), /not before/],
    ['unmerged duplicates', (p) => p.cycles.splice(0, 1, cycle(0, 1, 0.25), cycle(0, 1, 0.25)), /not ordered .* or not merged/],
    ['η broken', (p) => (p.cycles[0] = { ...cycle(0, 1, 0.5), chargeMwh: 0.5 }), /η × chargeMwh/],
    ['wrong profit', (p) => (p.cycles[0] = { ...cycle(0, 1, 0.5), profitUah: 0 }), /profit/],
    ['wrong totals', (p) => (p.netProfitUah += 1), /netProfit/],
    ['wrong equivalent cycles', (p) => (p.equivalentCycles = 2), /equivalentCycles/],
  ])('flags %s', (_, mutate, message) => {
    const plan = validBess();
    mutate(plan);
    expect(checkBessPlan(prices, bs, plan).join('\n')).toMatch(message);
  });

  it('flags a throughput above cycles × capacity and a day that does not end empty', () => {
    const many = { cycles: [cycle(0, 1, 0.5), cycle(2, 3, 0.5), cycle(4, 5, 0.5)], netProfitUah: 0, chargedMwh: 3, dischargedMwh: 1.5, equivalentCycles: 1.5 };
    expect(checkBessPlan(prices, { ...bs, maxCyclesPerDay: 1 }, many).join('\n')).toMatch(/throughput/);
    const open: BessPlan = { cycles: [cycle(0, 1, 0.5)], netProfitUah: 0, chargedMwh: 1, dischargedMwh: 0.5, equivalentCycles: 0.5 };
    open.cycles[0] = { ...cycle(0, 1, 0.5), dischargeMwh: 0.4 };
    expect(checkBessPlan(prices, bs, open).join('\n')).toMatch(/not empty/);
  });
});
