/**
 * Spread plan: exact optimum of the day's buy-low/sell-high pairs.
 *
 * Model. A trade is a pair of hours i < j: buy `volumeMwh` at p_i, sell it at p_j. Its net spread
 * is ns_ij = (p_j - p_i) - 2·fee and its pnl ns_ij·volume. A pair is admissible when
 * ns_ij >= minSpread and ns_ij > 0. A plan is a set of at most K = maxTradesPerDay admissible pairs
 * in which every hour is used at most once (as a buy or as a sell). Objective: maximise Σ pnl.
 * This is a maximum-weight matching of bounded size on 24 ordered vertices.
 *
 * Why a bipartite flow is exact. Relax "each hour at most once" to "each hour at most once as a
 * buy and at most once as a sell" (a buy copy and a sell copy per hour): a transportation problem,
 * totally unimodular, so min-cost flow with <= K units is integral. If a relaxed solution uses an
 * hour h both as the sell of (a,h) and the buy of (h,b), replace the two trades by (a,b):
 * ns_ab = ns_ah + ns_hb + 2·fee >= ns_ah >= minSpread, so (a,b) is admissible, its value is no
 * lower (fee >= 0), it uses one trade fewer and frees h. Repeating removes every such chain, so
 * the relaxation and the real problem have the same optimum, and (with the tie-break below, which
 * strictly prefers the merged plan) the relaxation's chosen optimum already is a real plan.
 *
 * Algorithm. Successive shortest paths, one trade per augmentation, stopping at K or when the best
 * augmentation no longer adds value (the incremental value of min-cost flow is non-increasing).
 * Every s→t path starts at a free buy copy i, alternates along admissible pairs and matched pairs,
 * and ends at a free sell copy j; inner vertices keep their role, so the path's cost telescopes to
 * (p_i + fee) - (p_j - fee): it depends only on its ends, and every residual cycle costs 0. The
 * shortest path is therefore "best reachable (i, j)", found by one breadth-first sweep over 24-bit
 * hour masks from the free buys in ascending price order (first visit = cheapest root; roots that
 * cannot beat the best gain even at the day's top price end the sweep). O(K·24²) per day at worst.
 *
 * Tie-break (a total order on plans; the first rule that differs decides):
 *   1. higher total pnl;
 *   2. fewer trades;
 *   3. role string: write each hour as B (buy), S (sell) or . (idle); the lexicographically
 *      smallest string with B < S < . wins ("act early, buy before sell");
 *   4. same buy and sell hours: trades by buy hour, the smallest sequence of sell hours wins.
 * Rules 1-3 are one lexicographic cost (value, count·3^25 - Σ digit_h·3^(n-1-h) with digits
 * B=2, S=1, .=0), which is also endpoint-separable, so the same sweep honours it; a chained hour
 * has digit 3 = 3^(n-h) < 3^25, so merging a chain always wins rule 2 or 3. Rule 4 re-pairs the
 * final buy/sell sets greedily, testing each candidate by an alternating cycle.
 *
 * Floating point: a difference of prices is compared with a tolerance of 1e-10 × (max|p| +
 * 2·fee) - equal decimal prices are identical doubles, but their differences may round apart. The
 * same tolerance makes a spread equal to minSpread in decimal arithmetic admissible. Reported
 * figures are the raw products and sums, never rounded.
 */
import type { TradingSettings } from '../domain/settings.js';
import type { RecommendedTrade, TradingPlan } from '../domain/plans.js';
import { MAX_HOURS, checkPrices, checkTradingSettings } from './input-guards.js';

const TIE_REL = 1e-10;
/** 3^k for k = 0..24: per-hour role digits (rule 3) stay exact integers below 2^53. */
const POW3 = Float64Array.from({ length: MAX_HOURS + 1 }, (_, k) => 3 ** k);

// Scratch buffers reused by every call: the engine is synchronous and resets what it reads.
// Hour sets are 24-bit masks (bit h = hour h), so a sweep touches only hours it can still use.
const admissibleSells = new Int32Array(MAX_HOURS); // per buy hour: mask of admissible sell hours
const buyMatch = new Int32Array(MAX_HOURS);
const sellMatch = new Int32Array(MAX_HOURS);
const order = new Int32Array(MAX_HOURS);
const parentOfSell = new Int32Array(MAX_HOURS);
const parentOfBuy = new Int32Array(MAX_HOURS);
const queue = new Int32Array(MAX_HOURS);

const lowestHour = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** The plan with the highest total pnl under `settings` (see the tie-break rules above). */
export function planSpread(prices: readonly number[], settings: TradingSettings): TradingPlan {
  const n = checkPrices(prices, true);
  checkTradingSettings(settings);
  const fee2 = 2 * settings.feeUahPerMwh;
  const minSpread = settings.minSpreadUah;
  const limit = Math.min(settings.maxTradesPerDay, n >> 1);

  let maxAbs = 0;
  let maxPrice = -Infinity;
  for (let h = 0; h < n; h++) {
    const p = prices[h] as number;
    maxAbs = Math.max(maxAbs, Math.abs(p));
    maxPrice = Math.max(maxPrice, p);
  }
  const tol = TIE_REL * (maxAbs + fee2); // relative only: plans are invariant under exact (2^k) price scaling

  buildAdmissible(prices, n, fee2, minSpread, tol);
  sortHoursByPrice(prices, n);
  buyMatch.fill(-1);
  sellMatch.fill(-1);

  for (let k = 0; k < limit; k++) {
    if (!augmentBest(prices, n, fee2, tol, maxPrice)) break;
  }
  mergeChains(n);
  canonicalPairing(n);
  return buildPlan(prices, n, settings, fee2);
}

function buildAdmissible(prices: readonly number[], n: number, fee2: number, minSpread: number, tol: number): void {
  const floor = Math.max(tol, minSpread - tol);
  for (let i = 0; i < n; i++) {
    const pi = prices[i] as number;
    let mask = 0;
    for (let j = i + 1; j < n; j++) {
      const ns = (prices[j] as number) - pi - fee2;
      if (ns > tol && ns >= floor) mask |= 1 << j;
    }
    admissibleSells[i] = mask;
  }
}

/** Hours by (price, hour): the order in which free buys are tried as roots (rule 1, then 3). */
function sortHoursByPrice(prices: readonly number[], n: number): void {
  for (let h = 0; h < n; h++) {
    const p = prices[h] as number;
    let k = h;
    while (k > 0 && (prices[order[k - 1] as number] as number) > p) {
      order[k] = order[k - 1] as number;
      k--;
    }
    order[k] = h;
  }
}

/** One successive-shortest-path step. Returns false when no augmentation adds value. */
function augmentBest(prices: readonly number[], n: number, fee2: number, tol: number, maxPrice: number): boolean {
  let seenSells = 0;
  let seenBuys = 0;
  let bestSell = -1;
  let bestGain = -Infinity;
  let bestDigits = -1;
  for (let r = 0; r < n; r++) {
    const root = order[r] as number;
    if (buyMatch[root] !== -1) continue; // free buys are never reached through a matched pair
    const rootPrice = prices[root] as number;
    // Roots come in ascending price: once even the day's top price cannot reach the best gain
    // (or any gain), no later root can either.
    const ceiling = maxPrice - rootPrice - fee2;
    if (ceiling <= tol || ceiling < bestGain - tol) break;
    const rootDigits = 2 * (POW3[n - 1 - root] as number);
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    seenBuys |= 1 << root;
    parentOfBuy[root] = -1;
    while (head < tail) {
      const b = queue[head++] as number;
      const own = buyMatch[b] as number;
      let next = (admissibleSells[b] as number) & ~seenSells & (own === -1 ? -1 : ~(1 << own));
      seenSells |= next;
      while (next !== 0) {
        const j = lowestHour(next);
        next &= next - 1;
        parentOfSell[j] = b;
        const m = sellMatch[j] as number;
        if (m !== -1) {
          if ((seenBuys & (1 << m)) === 0) {
            seenBuys |= 1 << m;
            parentOfBuy[m] = j;
            queue[tail++] = m;
          }
          continue;
        }
        const gain = (prices[j] as number) - rootPrice - fee2;
        const digits = rootDigits + (POW3[n - 1 - j] as number);
        if (gain > bestGain + tol || (gain >= bestGain - tol && digits > bestDigits)) {
          bestSell = j;
          bestGain = gain;
          bestDigits = digits;
        }
      }
    }
  }
  if (bestSell === -1 || !(bestGain > tol)) return false;
  flipPath(bestSell);
  return true;
}

/** Re-matches along the parent pointers from `sell` back to the path's root buy. */
function flipPath(sell: number): void {
  let j = sell;
  for (;;) {
    const b = parentOfSell[j] as number;
    const previous = parentOfBuy[b] as number;
    buyMatch[b] = j;
    sellMatch[j] = b;
    if (previous === -1) return;
    j = previous;
  }
}

/** Defensive: replaces (a,h)+(h,b) by (a,b); the tie-break already excludes chains. */
function mergeChains(n: number): void {
  for (let h = 0; h < n; h++) {
    const b = buyMatch[h] as number;
    const a = sellMatch[h] as number;
    if (a === -1 || b === -1) continue;
    buyMatch[a] = b;
    sellMatch[b] = a;
    buyMatch[h] = -1;
    sellMatch[h] = -1;
  }
}

/** Rule 4: for each buy in hour order, the earliest sell that still completes a perfect pairing. */
function canonicalPairing(n: number): void {
  let sells = 0;
  for (let h = 0; h < n; h++) if (sellMatch[h] !== -1) sells |= 1 << h;
  let fixedSells = 0;
  for (let b = 0; b < n; b++) {
    const current = buyMatch[b] as number;
    if (current === -1) continue;
    let earlier = (admissibleSells[b] as number) & sells & ~fixedSells & ((1 << current) - 1);
    while (earlier !== 0) {
      const s = lowestHour(earlier);
      earlier &= earlier - 1;
      if (reroute(b, s, sells & ~fixedSells)) break;
    }
    fixedSells |= 1 << (buyMatch[b] as number);
  }
}

/**
 * Tries to give sell `s` to buy `b`: needs an alternating path, over the still-open sells, from
 * s's current buy to b's current sell; flipping it plus the new pair (b,s) keeps a perfect pairing.
 */
function reroute(b: number, s: number, openSells: number): boolean {
  const start = sellMatch[s] as number;
  const target = buyMatch[b] as number;
  let seenSells = 1 << s;
  let seenBuys = (1 << b) | (1 << start);
  parentOfBuy[start] = -1;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  while (head < tail) {
    const u = queue[head++] as number;
    let next = (admissibleSells[u] as number) & openSells & ~seenSells & ~(1 << (buyMatch[u] as number));
    seenSells |= next;
    while (next !== 0) {
      const v = lowestHour(next);
      next &= next - 1;
      parentOfSell[v] = u;
      if (v === target) {
        flipPath(v);
        buyMatch[b] = s;
        sellMatch[s] = b;
        return true;
      }
      const w = sellMatch[v] as number;
      if ((seenBuys & (1 << w)) === 0) {
        seenBuys |= 1 << w;
        parentOfBuy[w] = v;
        queue[tail++] = w;
      }
    }
  }
  return false;
}

function buildPlan(prices: readonly number[], n: number, settings: TradingSettings, fee2: number): TradingPlan {
  const volume = settings.volumeMwh;
  const trades: RecommendedTrade[] = [];
  let pnl = 0;
  let spreadSum = 0;
  for (let buyHour = 0; buyHour < n; buyHour++) {
    const sellHour = buyMatch[buyHour] as number;
    if (sellHour === -1) continue;
    const buyPriceUahMwh = prices[buyHour] as number;
    const sellPriceUahMwh = prices[sellHour] as number;
    const netSpreadUah = sellPriceUahMwh - buyPriceUahMwh - fee2;
    const pnlUah = netSpreadUah * volume;
    trades.push({ buyHour, sellHour, buyPriceUahMwh, sellPriceUahMwh, netSpreadUah, volumeMwh: volume, pnlUah });
    pnl += pnlUah;
    spreadSum += netSpreadUah;
  }
  const count = trades.length;
  return {
    trades,
    totalVolumeMwh: count * volume,
    netPnlUah: pnl,
    averageSpreadUah: count === 0 ? 0 : spreadSum / count,
  };
}
