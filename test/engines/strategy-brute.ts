/**
 * Brute-force reference for the spread plan on short days (n <= ~10 hours): enumerates every set
 * of disjoint admissible pairs and picks the best by the documented total order
 * (pnl, fewer trades, role string with B < S < ., sell hours by buy hour). Independent of the
 * engine; exact for integer and half-integer prices, which is what the tie tests use.
 */
import type { TradingSettings } from '../../src/domain/settings.js';
import { admissiblePairs } from './oracle.js';

export type Pairs = Array<[number, number]>;

interface Candidate {
  pairs: Pairs;
  value: number;
  roles?: string;
}

function roleString(pairs: Pairs, n: number): string {
  const roles = new Array<string>(n).fill('.');
  for (const [b, s] of pairs) {
    roles[b] = 'B';
    roles[s] = 'S';
  }
  return roles.join('');
}

const RANK: Record<string, number> = { B: 0, S: 1, '.': 2 };

function compareRoles(a: string, b: string): number {
  for (let h = 0; h < a.length; h++) {
    const d = (RANK[a[h] as string] as number) - (RANK[b[h] as string] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** Negative when `a` is the better plan. */
export function comparePlans(a: Candidate, b: Candidate, n: number, tol: number): number {
  if (Math.abs(a.value - b.value) > tol) return b.value - a.value;
  if (a.pairs.length !== b.pairs.length) return a.pairs.length - b.pairs.length;
  a.roles ??= roleString(a.pairs, n);
  b.roles ??= roleString(b.pairs, n);
  const roles = compareRoles(a.roles, b.roles);
  if (roles !== 0) return roles;
  for (let k = 0; k < a.pairs.length; k++) {
    const d = (a.pairs[k] as [number, number])[1] - (b.pairs[k] as [number, number])[1];
    if (d !== 0) return d;
  }
  return 0;
}

/** Every feasible plan (pairs listed by buy hour) with its total net spread. */
export function allPlans(prices: readonly number[], s: TradingSettings): Candidate[] {
  const n = prices.length;
  const adm = new Map<number, number>();
  for (const [i, j, ns] of admissiblePairs(prices, s)) adm.set(i * 100 + j, ns);
  const out: Candidate[] = [];
  const used = new Array<boolean>(n).fill(false);
  const chosen: Pairs = [];
  const walk = (h: number, value: number): void => {
    while (h < n && used[h]) h++;
    if (h >= n) {
      out.push({ pairs: [...chosen].sort((x, y) => x[0] - y[0]), value });
      return;
    }
    walk(h + 1, value); // h idle (or a sell of an earlier buy, decided there)
    if (chosen.length >= s.maxTradesPerDay) return;
    used[h] = true;
    for (let j = h + 1; j < n; j++) {
      const ns = adm.get(h * 100 + j);
      if (used[j] || ns === undefined) continue;
      used[j] = true;
      chosen.push([h, j]);
      walk(h + 1, value + ns);
      chosen.pop();
      used[j] = false;
    }
    used[h] = false;
  };
  walk(0, 0);
  return out;
}

/** The best plan by the documented order. */
export function bruteForceSpread(prices: readonly number[], s: TradingSettings): Candidate {
  const n = prices.length;
  const tol = 1e-10 * (Math.max(...prices.map(Math.abs)) + 2 * s.feeUahPerMwh);
  let best: Candidate | undefined;
  for (const c of allPlans(prices, s)) if (!best || comparePlans(c, best, n, tol) < 0) best = c;
  return best as Candidate;
}
