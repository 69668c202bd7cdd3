/**
 * Lists of missing hours are bounded: hourList (src/ops/grid/tsoplatform-shared.ts), the one helper
 * every line naming hours goes through (flows on stderr and in the table's summary, regime's partial
 * inputs), names HOUR_LIST_MAX hours then counts the rest; the JSON's `gaps` keeps every one.
 */
import { describe, expect, it } from 'vitest';
import { couplingFlows } from '../../src/ops/grid/coupling.js';
import { flowGapLines, HOUR_LIST_MAX, hourList } from '../../src/ops/grid/tsoplatform-shared.js';
import type { FlowGapReport, SlotOfDay } from '../../src/providers/tsoplatform/coverage.js';

/** Every hour of October 2024 (31 days, 27.10 with 25 periods): one leg absent for the month. */
function october(): SlotOfDay[] {
  const slots: SlotOfDay[] = [];
  for (let d = 1; d <= 31; d++) {
    const tradeDate = `${String(d).padStart(2, '0')}.10.2024`;
    const n = d === 27 ? 25 : 24;
    for (let p = 1; p <= n; p++) slots.push({ tradeDate, hour: d === 27 && p > 4 ? p - 2 : p - 1, period: p, utcStart: '' });
  }
  return slots;
}

describe('hourList', () => {
  it('names at most 20 hours, then how many more', () => {
    const slots = october();
    expect(slots).toHaveLength(745);
    expect(HOUR_LIST_MAX).toBe(20);
    const text = hourList(slots);
    expect(text).toBe('01.10.2024 00, 01, 02, 03, 04, 05, 06, 07, 08, 09, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 … 725 more');
    // Across days and on the 25-hour day, with periods.
    expect(hourList(slots.slice(24 * 26 - 2, 24 * 26 + 3))).toBe('26.10.2024 22, 23; 27.10.2024 00 (period 1), 01 (period 2), 02 (period 3)');
    expect(hourList(slots.slice(0, 20))).not.toContain('more');
    expect(hourList(slots.slice(0, 21))).toMatch(/ … 1 more$/);
  });

  it('flows on stderr: the hours capped; the days left out of the table (its body says them)', () => {
    const missingHours = october();
    const g: FlowGapReport = { from: '01.10.2024', to: '31.10.2024', complete: false, calendarDays: 31, daysWithData: 30, missingDays: 1, missing: ['15.10.2024'], expectedHours: 745, hoursWithNet: 0, missingHours };
    const lines = flowGapLines('flows UA ↔ PL', g, 'platform');
    expect(lines).toEqual([
      { warn: 'flows UA ↔ PL: no flow data on 1 of 31 days (15.10.2024)', json: false, table: false },
      { warn: expect.stringMatching(/^flows UA ↔ PL: no net flow in 745 of 745 hours \(01\.10\.2024 00, .* 19 … 725 more\)$/), json: false },
    ]);
    expect(missingHours).toHaveLength(745);
  });

  it("flows' table: the summary line names 20 hours then counts the rest", () => {
    const missingHours = october();
    const gaps: FlowGapReport = { from: '01.10.2024', to: '31.10.2024', complete: false, calendarDays: 31, daysWithData: 31, missingDays: 0, missing: [], expectedHours: 745, hoursWithNet: 0, missingHours };
    const hours = missingHours.map((h) => ({ ...h, leg: { fromTo: 100, toFrom: null }, netFlowMw: null }));
    const r = { border: 'PL', from: '01.10.2024', to: '31.10.2024', source: 'platform', noData: false, summary: { hours: 745, netHours: 0, netImportMwh: 0 }, gaps, hours };
    const t = { lang: 'en', bold: (x: string) => x, money: (v: number) => String(v), bar: () => '' };
    const view = couplingFlows.cli?.view as unknown as { blocks(r: unknown, t: unknown): unknown[] };
    const last = view.blocks(r, t).at(-1) as string;
    expect(last).toMatch(/hours with data; no net flow in 745 of 745 hours \(01\.10\.2024 00, .* 19 … 725 more\)\.$/);
    expect(last.length).toBeLessThan(300);
  });
});
