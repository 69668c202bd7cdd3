/**
 * The shipped operator fixtures as a market-data source: DAM prices of the IPS zone,
 * 01.01.2022–31.12.2024 (fixtures/oree-dam-ips-2022-2024.csv, with its clock-change days' own
 * periods). Read once per process, on first use.
 */
import { fileURLToPath } from 'node:url';
import { loadPriceBook } from '../../data/load.js';
import { compareMonths } from '../../domain/dates.js';
import type { MktopFixtures } from './reads.js';
import type { PublishedDay } from './parse-tables.js';

export const PRICE_FIXTURE = new URL('../../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url);

let loaded: Promise<Map<string, PublishedDay[]>> | undefined;

async function byMonth(): Promise<Map<string, PublishedDay[]>> {
  const result = await loadPriceBook(fileURLToPath(PRICE_FIXTURE), { source: 'fixtures/oree-dam-ips-2022-2024.csv', dst: 'skip' });
  const months = new Map<string, PublishedDay[]>();
  const add = (date: string, periods: number[]): void => {
    const list = months.get(date.slice(3)) ?? [];
    list.push({ date, periods });
    months.set(date.slice(3), list);
  };
  for (const [date, day] of Object.entries(result.book)) add(date, day.map((p) => p.priceUahMwh));
  for (const d of result.dstDays) add(d.date, d.periods);
  for (const list of months.values()) list.sort((a, b) => Number(a.date.slice(0, 2)) - Number(b.date.slice(0, 2)));
  return months;
}

export const shippedFixtures: MktopFixtures = {
  async prices(month, market, zone) {
    if (market !== 'DAM' || zone !== 'IPS') return null;
    loaded ??= byMonth();
    return (await loaded).get(month) ?? null;
  },
  async span(market, zone) {
    if (market !== 'DAM' || zone !== 'IPS') return null;
    loaded ??= byMonth();
    const months = [...(await loaded).keys()].sort(compareMonths);
    return months.length > 0 ? { first: months[0] as string, last: months[months.length - 1] as string } : null;
  },
};
