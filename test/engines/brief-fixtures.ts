/** Real DAM days and request builders shared by the brief tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PricePoint } from '../../src/domain/prices.js';
import type { BriefInputs } from '../../src/engines/brief/index.js';
import { buildPriceCapContext } from '../../src/engines/brief/index.js';
import { loadCapsTableSync } from '../../src/data/caps.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url));
const CAPS = fileURLToPath(new URL('../../fixtures/ua-price-caps.csv', import.meta.url));

let byDate: Map<string, number[]> | undefined;

/** The 24 prices of a real day (index = hour). Days of the fixture with 24 rows only. */
export function realDay(date: string): number[] {
  if (!byDate) {
    byDate = new Map();
    for (const line of readFileSync(FIXTURE, 'utf8').split('\n').slice(1)) {
      const [d, h, p] = line.split(',');
      if (!d || h === undefined || p === undefined) continue;
      const day = byDate.get(d) ?? [];
      day[Number(h)] = Number(p);
      byDate.set(d, day);
    }
  }
  const day = byDate.get(date);
  if (!day || day.length !== 24) throw new Error(`no complete day ${date} in the fixture`);
  return [...day];
}

export const toPoints = (prices: readonly number[]): PricePoint[] => prices.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));

export function request(prices: readonly number[], overrides: Partial<BriefInputs> = {}): BriefInputs {
  return {
    tradeDate: '20.01.2024',
    prices: toPoints(prices),
    settings: { volumeMwh: 2, minSpreadUah: 300, maxTradesPerDay: 4, feeUahPerMwh: 12 },
    locale: 'uk',
    ...overrides,
  };
}

const caps = loadCapsTableSync(CAPS);

/** A fully stated request for a real day: fee, market and the regulator caps of that date. */
export function fullRequest(date: string, overrides: Partial<BriefInputs> = {}): BriefInputs {
  const prices = realDay(date);
  const entry = caps.capsFor(date, 'DAM');
  if (!entry) throw new Error(`no caps for ${date}`);
  const priceCap = buildPriceCapContext(prices, entry, 0.01);
  return request(prices, { tradeDate: date, context: { market: 'DAM', regulatory: { priceCap } }, ...overrides });
}

export function capsFor(date: string) {
  const entry = caps.capsFor(date, 'DAM');
  if (!entry) throw new Error(`no caps for ${date}`);
  return entry;
}

/** Every string of a brief, flattened (for checks that no template leaked a placeholder). */
export function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}
