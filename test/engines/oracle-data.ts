/**
 * Days and settings for the oracle tests and the bench: a seeded PRNG (mulberry32), price shapes
 * that stress ties, zeros and spikes, settings drawn across their whole allowed ranges, and the
 * real OREE DAM file (complete 24-hour, non-DST days only).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BessSettings, TradingSettings } from '../../src/domain/settings.js';

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const logUniform = (rng: Rng, lo: number, hi: number): number => lo * (hi / lo) ** rng();
const cents = (x: number): number => Math.round(x * 100) / 100;

export const SHAPES = ['twoPeaks', 'flat', 'plateaus', 'zeros', 'spikes', 'noise', 'decreasing', 'tinyInts'] as const;
export type Shape = (typeof SHAPES)[number];

/** 24 prices >= 0 of the given shape; OREE-like decimals (2 places) unless the shape says ints. */
export function randomDay(rng: Rng, shape: Shape): number[] {
  const base = logUniform(rng, 50, 6000);
  const out: number[] = [];
  switch (shape) {
    case 'twoPeaks': {
      const am = int(rng, 6, 10);
      const pm = int(rng, 17, 21);
      const amp = rng() * base;
      for (let h = 0; h < 24; h++) {
        const bump = Math.exp(-((h - am) ** 2) / 4) + 1.3 * Math.exp(-((h - pm) ** 2) / 5);
        out.push(cents(Math.max(0, base * 0.6 + amp * bump + (rng() - 0.5) * base * 0.1)));
      }
      break;
    }
    case 'flat':
      for (let h = 0; h < 24; h++) out.push(cents(base));
      break;
    case 'plateaus': {
      const levels = Array.from({ length: int(rng, 2, 4) }, () => cents(rng() * base * 2));
      for (let h = 0; h < 24; h++) out.push(pick(rng, levels));
      break;
    }
    case 'zeros':
      for (let h = 0; h < 24; h++) out.push(rng() < 0.35 ? 0 : cents(rng() * base * 2));
      break;
    case 'spikes':
      for (let h = 0; h < 24; h++) out.push(cents(rng() < 0.12 ? base * logUniform(rng, 5, 200) : base * (0.5 + rng())));
      break;
    case 'noise':
      for (let h = 0; h < 24; h++) out.push(rng() * base * 2); // full-precision doubles
      break;
    case 'decreasing': {
      let p = base * 3;
      for (let h = 0; h < 24; h++) {
        p -= rng() * base * 0.1;
        out.push(Math.max(0, cents(p)));
      }
      break;
    }
    case 'tinyInts':
      for (let h = 0; h < 24; h++) out.push(int(rng, 0, 6));
      break;
  }
  return out;
}

/** Trading settings across the whole allowed range, biased towards the edges that bind. */
export function randomTradingSettings(rng: Rng, prices: readonly number[]): TradingSettings {
  const range = Math.max(...prices) - Math.min(...prices);
  const r = rng();
  const minSpreadUah = r < 0.35 ? 0 : r < 0.5 ? cents(range * rng() * 0.2) : cents(range * rng());
  return {
    volumeMwh: pick(rng, [1, 0.1, 25, cents(logUniform(rng, 0.01, 500))]),
    minSpreadUah,
    maxTradesPerDay: rng() < 0.5 ? int(rng, 1, 6) : int(rng, 1, 24),
    feeUahPerMwh: rng() < 0.35 ? 0 : cents(range * rng() * 0.15),
  };
}

/** Battery settings across the whole allowed range: power above and below capacity, η in (0,1]. */
export function randomBessSettings(rng: Rng): BessSettings {
  const capacityMwh = pick(rng, [1, 2, cents(logUniform(rng, 0.1, 200))]);
  const e = rng();
  return {
    capacityMwh,
    powerMw: pick(rng, [capacityMwh, capacityMwh / 4, capacityMwh * 2, cents(capacityMwh * logUniform(rng, 0.05, 6)) || 0.01]),
    roundTripEfficiency: e < 0.2 ? 1 : e < 0.8 ? 0.7 + 0.3 * rng() : 0.01 + 0.99 * rng(),
    maxCyclesPerDay: rng() < 0.6 ? int(rng, 1, 3) : int(rng, 1, 12),
    degradationCostUahMwh: rng() < 0.35 ? 0 : cents(logUniform(rng, 1, 3000)),
  };
}

export interface RealDay {
  date: string;
  prices: number[];
}

const REPO_FILE = fileURLToPath(new URL('../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url));
/** From shared/data/ua-dam/dst_days.csv: 23-row spring days and 24-row autumn days with a missing period. */
export const DST_DAYS: readonly string[] = ['27.03.2022', '30.10.2022', '26.03.2023', '29.10.2023', '31.03.2024', '27.10.2024'];

/** Every complete (24 rows, hours 0..23) non-DST day of the OREE DAM file, in file order. */
export function realDays(): RealDay[] {
  const file = REPO_FILE;
  const byDate = new Map<string, number[]>();
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    if (line.trim() === '') continue;
    const [date, hour, price] = line.split(',');
    if (date === undefined || hour === undefined || price === undefined) throw new Error(`bad row: ${line}`);
    let day = byDate.get(date);
    if (!day) byDate.set(date, (day = []));
    day[Number(hour)] = Number(price);
  }
  const days: RealDay[] = [];
  for (const [date, prices] of byDate) {
    if (DST_DAYS.includes(date) || prices.length !== 24 || prices.some((p) => !Number.isFinite(p))) continue;
    days.push({ date, prices });
  }
  return days;
}

/** Realistic settings for the real-day runs (UAH, MWh). */
export const REAL_TRADING: readonly TradingSettings[] = [
  { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 6, feeUahPerMwh: 0 },
  { volumeMwh: 5, minSpreadUah: 500, maxTradesPerDay: 4, feeUahPerMwh: 35 },
];
export const REAL_BESS: readonly BessSettings[] = [
  { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, degradationCostUahMwh: 0 },
  { capacityMwh: 4, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 2, degradationCostUahMwh: 150 },
  { capacityMwh: 2, powerMw: 4, roundTripEfficiency: 0.85, maxCyclesPerDay: 3, degradationCostUahMwh: 400 },
];

/**
 * The size of the HiGHS oracle sweeps. `npm test` runs a fixed, deterministic part of each (the
 * sweeps took a third of the suite's time, issue 34 item 9); `npm run test:oracle`
 * (SVC_ORACLE_FULL=1) runs every case, as before.
 */
export const ORACLE_FULL = process.env.SVC_ORACLE_FULL === '1';

/** `full` cases with SVC_ORACLE_FULL=1, else `sampled`. */
export function oracleCases(full: number, sampled: number): number {
  return ORACLE_FULL ? full : sampled;
}

/**
 * Every real day with SVC_ORACLE_FULL=1, else every `stride`-th day from `offset`: settings i of n
 * take offset i and stride n, so the settings together still visit every real day.
 */
export function realDaysSample(days: readonly RealDay[], stride: number, offset: number): RealDay[] {
  return ORACLE_FULL ? days.slice() : days.filter((_, i) => i % stride === offset);
}
