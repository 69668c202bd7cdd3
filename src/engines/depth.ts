/**
 * Walk-the-book over an aggregated order book of one delivery hour: display only, not a
 * forecast, an order recommendation or a fill guarantee.
 *
 * Model. The sell curve (asks) and buy curve (bids) are lists of price levels with volumes
 * (duplicate levels add up). A buy of size S takes asks from the cheapest up; a sell of size S
 * takes bids from the dearest down. Fillable volume = min(S, book volume on that side); the
 * volume-weighted price (VWAP) is the cost of the filled part over its volume. Slippage is the
 * adverse move of the VWAP against the best level and against the clearing price (positive =
 * worse for the taker). Depth within ±N% counts the volume priced within N% of the reference
 * (clearing price, else the mid of the best levels). Exact: levels are visited in price order,
 * each once, so the result equals filling unit lot by unit lot (checked by a brute-force test).
 */

export interface Level {
  price: number;
  volume: number;
}

export type Side = 'buy' | 'sell';

export interface RiskThresholds {
  /** Slippage against best, % of best price, at or below which risk is `low`. */
  lowSlippagePct: number;
  /** ... at or below which risk is `medium`; above is `high`. A partial fill is always `extreme`. */
  mediumSlippagePct: number;
}

export const DEFAULT_RISK_THRESHOLDS: RiskThresholds = { lowSlippagePct: 1, mediumSlippagePct: 5 };

export interface Fill {
  side: Side;
  sizeMwh: number;
  fillableMwh: number;
  fullyFillable: boolean;
  vwap: number | null;
  bestPrice: number | null;
  worstPrice: number | null;
  slippageVsBest: number | null;
  slippageVsBestPct: number | null;
  slippageVsClearing: number | null;
  risk: 'low' | 'medium' | 'high' | 'extreme';
}

/** Levels merged by price, in the order a taker of `side` meets them. */
export function orderedLevels(levels: readonly Level[], side: Side): Level[] {
  const merged = new Map<number, number>();
  for (const l of levels) if (l.volume > 0) merged.set(l.price, (merged.get(l.price) ?? 0) + l.volume);
  const out = [...merged.entries()].map(([price, volume]) => ({ price, volume }));
  // A buyer takes asks cheapest first; a seller takes bids dearest first.
  return out.sort((a, b) => (side === 'buy' ? a.price - b.price : b.price - a.price));
}

export function walkBook(book: { sell: readonly Level[]; buy: readonly Level[] }, side: Side, sizeMwh: number, clearingPrice: number | null, t: RiskThresholds = DEFAULT_RISK_THRESHOLDS): Fill {
  const levels = orderedLevels(side === 'buy' ? book.sell : book.buy, side);
  let remaining = sizeMwh;
  let cost = 0;
  let worst: number | null = null;
  for (const level of levels) {
    if (remaining <= 0) break;
    const take = Math.min(remaining, level.volume);
    cost += take * level.price;
    remaining -= take;
    worst = level.price;
  }
  const fillable = sizeMwh - remaining;
  const best = levels[0]?.price ?? null;
  const vwap = fillable > 0 ? cost / fillable : null;
  const sign = side === 'buy' ? 1 : -1;
  const slippageVsBest = vwap !== null && best !== null ? sign * (vwap - best) : null;
  const slippageVsBestPct = slippageVsBest !== null && best !== null && best !== 0 ? (slippageVsBest / Math.abs(best)) * 100 : null;
  const slippageVsClearing = vwap !== null && clearingPrice !== null ? sign * (vwap - clearingPrice) : null;
  const fullyFillable = remaining <= 1e-9 * Math.max(1, sizeMwh);
  const pct = slippageVsBestPct ?? 0;
  const risk = !fullyFillable ? 'extreme' : pct <= t.lowSlippagePct ? 'low' : pct <= t.mediumSlippagePct ? 'medium' : 'high';
  return { side, sizeMwh, fillableMwh: fillable, fullyFillable, vwap, bestPrice: best, worstPrice: worst, slippageVsBest, slippageVsBestPct, slippageVsClearing, risk };
}

/** Volume of each side priced within ±bandPct % of the reference price. */
export function depthWithin(book: { sell: readonly Level[]; buy: readonly Level[] }, reference: number, bandPct: number): { sellMwh: number; buyMwh: number } {
  const lo = reference * (1 - bandPct / 100);
  const hi = reference * (1 + bandPct / 100);
  const sum = (levels: readonly Level[]): number => levels.filter((l) => l.price >= Math.min(lo, hi) && l.price <= Math.max(lo, hi)).reduce((s, l) => s + Math.max(0, l.volume), 0);
  return { sellMwh: sum(book.sell), buyMwh: sum(book.buy) };
}

/** Clearing price if known, else the mid of best ask and best bid, else whichever exists. */
export function referencePrice(book: { sell: readonly Level[]; buy: readonly Level[] }, clearingPrice: number | null): number | null {
  if (clearingPrice !== null) return clearingPrice;
  const ask = orderedLevels(book.sell, 'buy')[0]?.price;
  const bid = orderedLevels(book.buy, 'sell')[0]?.price;
  if (ask !== undefined && bid !== undefined) return (ask + bid) / 2;
  return ask ?? bid ?? null;
}
