/**
 * The neighbours' day-ahead daily base prices (HU, PL, RO, SK; EUR/MWh), the EU side of the
 * regime's basis. Live: the transmission-data platform's A44 prices (with a token; averaged over
 * the Kyiv day, tsoplatform/reads.ts). Offline: the real series shipped in
 * fixtures/eu-dam/daily-base-eur-mwh-2022-2025.csv — the mean of the zone's 24 hourly ENTSO-E
 * day-ahead prices of the **UTC** day (fixtures/README.md), so its day D runs 02:00 (03:00 in
 * summer) Kyiv time on D to the same hour on D+1 (docs/regime.md, "Aligning the two sides").
 * Never passed on raw: only the derived basis leaves svc.
 */
import { readFileSync } from 'node:fs';
import type { ProviderContract } from '../contract.js';

export const EU_DAM_FIXTURE = new URL('../../../fixtures/eu-dam/daily-base-eur-mwh-2022-2025.csv', import.meta.url);
export const EU_DAM_FIXTURE_NAME = 'fixtures/eu-dam/daily-base-eur-mwh-2022-2025.csv';
export const EU_DAM_ZONES = ['HU', 'PL', 'RO', 'SK'] as const;
export type EuDamZone = (typeof EU_DAM_ZONES)[number];

export const euDamContract: ProviderContract = {
  id: 'eudam',
  healthId: null,
  name: 'EU neighbours\' day-ahead base prices (HU, PL, RO, SK)',
  cadence: 'daily',
  neededByBrief: false,
  addressEnv: 'SVC_TSOPLATFORM_BASE',
  tokenEnv: 'SVC_TSOPLATFORM_TOKEN',
  requiresToken: true,
  cache: { kind: 'tsoCache' },
  fixture: { file: EU_DAM_FIXTURE_NAME, first: '01.01.2022', last: '31.12.2025' },
  probeUrl: (address) => new URL(address),
};

/** `date,zone,base_eur_mwh` rows -> date -> zone -> EUR/MWh. */
export function parseDailyBase(text: string): Map<string, Map<string, number>> {
  const byDate = new Map<string, Map<string, number>>();
  for (const line of text.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1)) {
    const [date, zone, value] = line.split(',').map((c) => c.trim());
    const v = Number(value);
    if (!date || !zone || value === undefined || value === '' || !Number.isFinite(v)) continue;
    const day = byDate.get(date) ?? new Map<string, number>();
    day.set(zone, v);
    byDate.set(date, day);
  }
  return byDate;
}

let loaded: Map<string, Map<string, number>> | undefined;

/** The shipped daily base of each zone for the UTC day `date` (DD.MM.YYYY); zones without a value are absent. */
export function fixtureDailyBase(date: string, zones: readonly string[]): Partial<Record<string, number>> {
  loaded ??= parseDailyBase(readFileSync(EU_DAM_FIXTURE, 'utf8'));
  const day = loaded.get(date);
  const out: Partial<Record<string, number>> = {};
  for (const z of zones) {
    const v = day?.get(z);
    if (v !== undefined) out[z] = v;
  }
  return out;
}
