/**
 * The real daily net position of each border, shipped for the days the hourly flow documents do
 * not cover: fixtures/tsoplatform/flows-daily-net-2022-02_2023-03.csv (`date,border,net_import_mw,
 * hours`), built by bench/make-flows-daily.mjs from the same ENTSO-E physical flows as the hourly
 * fixtures — per Kyiv day, the mean of import − export over the hours with both legs (MW, + = net
 * import into Ukraine). Offline only: with a token the platform's A11 documents are read instead.
 */
import { readFileSync } from 'node:fs';
import type { Border } from './eic.js';

export const DAILY_NET_FIXTURE_NAME = 'fixtures/tsoplatform/flows-daily-net-2022-02_2023-03.csv';
/**
 * The newest Kyiv day the shipped daily net positions cover in full (the file's last rows, 01.04.2023,
 * are the first hours of that day only): the regime without a date reads it when the platform is not asked.
 */
export const DAILY_NET_LAST = '31.03.2023';
const FILE = new URL('../../../fixtures/tsoplatform/flows-daily-net-2022-02_2023-03.csv', import.meta.url);

export interface DailyNet {
  netImportMw: number;
  hours: number;
}

export function parseDailyNet(text: string): Map<string, Map<string, DailyNet>> {
  const byDate = new Map<string, Map<string, DailyNet>>();
  for (const line of text.trim().split(/\r?\n/).slice(1)) {
    const [date, border, net, hours] = line.split(',');
    const v = Number(net);
    const n = Number(hours);
    if (!date || !border || !Number.isFinite(v) || !Number.isInteger(n) || n <= 0) continue;
    const day = byDate.get(date) ?? new Map<string, DailyNet>();
    day.set(border, { netImportMw: v, hours: n });
    byDate.set(date, day);
  }
  return byDate;
}

let loaded: Map<string, Map<string, DailyNet>> | undefined;

/** The shipped daily net position of each border on the Kyiv day `date`; borders without data are absent. */
export function fixtureDailyNet(date: string): Partial<Record<Border, DailyNet>> {
  loaded ??= parseDailyNet(readFileSync(FILE, 'utf8'));
  return Object.fromEntries(loaded.get(date) ?? []) as Partial<Record<Border, DailyNet>>;
}
