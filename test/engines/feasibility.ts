/**
 * Independent feasibility checker for TradingPlan and BessPlan, written from the contract only
 * (imports nothing from src/engines). Returns a list of violations; empty means the plan is
 * feasible and every reported figure is the arithmetic of the others.
 */
import type { BessPlan, TradingPlan } from '../../src/domain/plans.js';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';

const REL = 1e-9;

function near(a: number, b: number, scale: number): boolean {
  // Relative to the day's own scale, never to 1 UAH: the engines are scale-free, so is the check.
  return Math.abs(a - b) <= REL * Math.max(Math.abs(a), Math.abs(b), scale);
}

const isHour = (h: number, n: number): boolean => Number.isInteger(h) && h >= 0 && h < n;

export function checkTradingPlan(prices: readonly number[], s: TradingSettings, plan: TradingPlan): string[] {
  const out: string[] = [];
  const n = prices.length;
  const fee2 = 2 * s.feeUahPerMwh;
  const priceScale = Math.max(...prices.map(Math.abs)) + fee2;
  const spreadTol = 1e-10 * priceScale; // the contract's documented tie tolerance
  const used = new Set<number>();
  let pnl = 0;
  let spreads = 0;
  let lastBuy = -1;
  if (plan.trades.length > s.maxTradesPerDay) out.push(`${plan.trades.length} trades > maxTradesPerDay ${s.maxTradesPerDay}`);
  plan.trades.forEach((t, k) => {
    const at = `trade ${k} (${t.buyHour}->${t.sellHour})`;
    if (!isHour(t.buyHour, n) || !isHour(t.sellHour, n)) {
      out.push(`${at}: hour out of range`);
      return;
    }
    if (t.buyHour >= t.sellHour) out.push(`${at}: buy hour not before sell hour`);
    if (t.buyHour <= lastBuy) out.push(`${at}: trades not listed by ascending buy hour`);
    lastBuy = t.buyHour;
    for (const h of [t.buyHour, t.sellHour]) {
      if (used.has(h)) out.push(`${at}: hour ${h} used twice`);
      used.add(h);
    }
    if (t.buyPriceUahMwh !== prices[t.buyHour]) out.push(`${at}: buy price is not the hour's price`);
    if (t.sellPriceUahMwh !== prices[t.sellHour]) out.push(`${at}: sell price is not the hour's price`);
    const ns = (prices[t.sellHour] as number) - (prices[t.buyHour] as number) - fee2;
    if (!near(t.netSpreadUah, ns, priceScale)) out.push(`${at}: netSpread ${t.netSpreadUah} != ${ns}`);
    if (!(t.netSpreadUah > 0)) out.push(`${at}: netSpread ${t.netSpreadUah} not > 0`);
    if (t.netSpreadUah < s.minSpreadUah - spreadTol) out.push(`${at}: netSpread ${t.netSpreadUah} < minSpread ${s.minSpreadUah}`);
    if (t.volumeMwh !== s.volumeMwh) out.push(`${at}: volume ${t.volumeMwh} != ${s.volumeMwh}`);
    if (!near(t.pnlUah, t.netSpreadUah * s.volumeMwh, priceScale * s.volumeMwh)) out.push(`${at}: pnl ${t.pnlUah} != spread × volume`);
    pnl += t.pnlUah;
    spreads += t.netSpreadUah;
  });
  const count = plan.trades.length;
  if (!near(plan.totalVolumeMwh, count * s.volumeMwh, s.volumeMwh)) out.push(`totalVolume ${plan.totalVolumeMwh} != ${count} × volume`);
  if (!near(plan.netPnlUah, pnl, priceScale * s.volumeMwh)) out.push(`netPnl ${plan.netPnlUah} != Σ pnl ${pnl}`);
  const average = count === 0 ? 0 : spreads / count;
  if (!near(plan.averageSpreadUah, average, priceScale)) out.push(`averageSpread ${plan.averageSpreadUah} != ${average}`);
  return out;
}

export function checkBessPlan(prices: readonly number[], s: BessSettings, plan: BessPlan): string[] {
  const out: string[] = [];
  const n = prices.length;
  const eta = s.roundTripEfficiency;
  const deg = s.degradationCostUahMwh;
  const energyScale = s.capacityMwh + s.powerMw;
  const energyTol = REL * energyScale * 10;
  const moneyScale = (Math.max(...prices) / eta + deg) * energyScale * s.maxCyclesPerDay;
  const charge = new Array<number>(n).fill(0);
  const discharge = new Array<number>(n).fill(0);
  let profit = 0;
  let chargedSum = 0;
  let dischargedSum = 0;
  let lastKey = -1;
  plan.cycles.forEach((c, k) => {
    const at = `cycle ${k} (${c.chargeHour}->${c.dischargeHour})`;
    if (!isHour(c.chargeHour, n) || !isHour(c.dischargeHour, n)) {
      out.push(`${at}: hour out of range`);
      return;
    }
    if (c.chargeHour >= c.dischargeHour) out.push(`${at}: charge hour not before discharge hour`);
    const key = c.chargeHour * 100 + c.dischargeHour;
    if (key <= lastKey) out.push(`${at}: cycles not ordered by (chargeHour, dischargeHour) or not merged`);
    lastKey = key;
    if (!(c.chargeMwh > 0) || !(c.dischargeMwh > 0)) out.push(`${at}: non-positive energy`);
    if (!near(c.dischargeMwh, eta * c.chargeMwh, energyScale)) out.push(`${at}: dischargeMwh ${c.dischargeMwh} != η × chargeMwh`);
    if (c.chargePriceUahMwh !== prices[c.chargeHour]) out.push(`${at}: charge price is not the hour's price`);
    if (c.dischargePriceUahMwh !== prices[c.dischargeHour]) out.push(`${at}: discharge price is not the hour's price`);
    if (!near(c.grossSpreadUahMwh, c.dischargePriceUahMwh - c.chargePriceUahMwh, Math.max(...prices))) out.push(`${at}: grossSpread wrong`);
    const expected = c.dischargeMwh * c.dischargePriceUahMwh - c.chargeMwh * c.chargePriceUahMwh - deg * c.dischargeMwh;
    if (!near(c.profitUah, expected, moneyScale)) out.push(`${at}: profit ${c.profitUah} != ${expected}`);
    charge[c.chargeHour] = (charge[c.chargeHour] as number) + c.chargeMwh;
    discharge[c.dischargeHour] = (discharge[c.dischargeHour] as number) + c.dischargeMwh;
    profit += c.profitUah;
    chargedSum += c.chargeMwh;
    dischargedSum += c.dischargeMwh;
  });
  // The schedule the pairs add up to must respect the battery's physics.
  let soc = 0;
  let objective = 0;
  for (let t = 0; t < n; t++) {
    const c = charge[t] as number;
    const d = discharge[t] as number;
    if (c > s.powerMw + energyTol) out.push(`hour ${t}: charge ${c} > power ${s.powerMw}`);
    if (d > s.powerMw + energyTol) out.push(`hour ${t}: discharge ${d} > power ${s.powerMw}`);
    if (c > 0 && d > 0) out.push(`hour ${t}: charges and discharges in the same hour`);
    soc += eta * c - d;
    if (soc < -energyTol) out.push(`hour ${t}: SoC ${soc} < 0`);
    if (soc > s.capacityMwh + energyTol) out.push(`hour ${t}: SoC ${soc} > capacity ${s.capacityMwh}`);
    objective += (prices[t] as number) * (d - c) - deg * d;
  }
  if (Math.abs(soc) > energyTol) out.push(`day ends with SoC ${soc}, not empty`);
  if (dischargedSum > s.maxCyclesPerDay * s.capacityMwh + energyTol) out.push(`throughput ${dischargedSum} > cycles × capacity`);
  if (!near(plan.netProfitUah, profit, moneyScale)) out.push(`netProfit ${plan.netProfitUah} != Σ profit ${profit}`);
  if (!near(plan.netProfitUah, objective, moneyScale)) out.push(`netProfit ${plan.netProfitUah} != schedule objective ${objective}`);
  if (!near(plan.chargedMwh, chargedSum, energyScale)) out.push(`chargedMwh ${plan.chargedMwh} != Σ ${chargedSum}`);
  if (!near(plan.dischargedMwh, dischargedSum, energyScale)) out.push(`dischargedMwh ${plan.dischargedMwh} != Σ ${dischargedSum}`);
  if (!near(plan.equivalentCycles, dischargedSum / s.capacityMwh, s.maxCyclesPerDay)) out.push(`equivalentCycles ${plan.equivalentCycles} wrong`);
  return out;
}
