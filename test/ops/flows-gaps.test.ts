/**
 * coupling.flows says what it lacks (README: "Nothing is lost silently"): a day without data is
 * `noData` with the day in `gaps.missing`, a range names its missing days, an hour without a net
 * flow is in `gaps.missingHours`, and the net-import total says how many hours it is over. Clock
 * changes (23 and 25 hours) are not gaps. On the shipped fixtures (SVC_MARKET_DATA=fixture): RO
 * lacks hour 09 of 01.11.2022 and periods 4–6 of 30.10.2022; MD lacks hour 15 of 01.11.2022.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { couplingFlows } from '../../src/ops/grid/coupling.js';
import { BORDERS } from '../../src/providers/tsoplatform/eic.js';
import { tsoplatformContract } from '../../src/providers/tsoplatform/index.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { call, localCtx } from './helpers.js';

const ctx = () => {
  const stores = openMemoryStores();
  return { ...localCtx(), stores: () => Promise.resolve(stores) };
};

describe('coupling.flows gaps', () => {
  it('a day with no data at all is noData, named in gaps.missing, with no hour counted', async () => {
    const r = await call(couplingFlows, ctx(), { border: 'HU', date: '15.01.2023' });
    expect(r.hours).toEqual([]);
    expect(r.noData).toBe(true);
    expect(r.summary).toMatchObject({ hours: 0, netHours: 0 });
    expect(r.gaps).toEqual({
      from: '15.01.2023', to: '15.01.2023', complete: false, calendarDays: 1, daysWithData: 0, missingDays: 1,
      missing: ['15.01.2023'], expectedHours: 24, hoursWithNet: 0, missingHours: [],
    });
  });

  it('a range names every day without data and the total is over the hours present', async () => {
    const r = await call(couplingFlows, ctx(), { border: 'HU', from: '20.10.2022', to: '15.11.2022' });
    expect(r.noData).toBe(false);
    expect(r.gaps.complete).toBe(false);
    expect(r.gaps.calendarDays).toBe(27);
    expect(r.gaps.daysWithData).toBe(5);
    expect(r.gaps.missing).toHaveLength(22);
    expect(r.gaps.missing.slice(0, 8)).toEqual(['20.10.2022', '21.10.2022', '22.10.2022', '23.10.2022', '24.10.2022', '25.10.2022', '26.10.2022', '27.10.2022']);
    expect(r.gaps.missing.at(-1)).toBe('15.11.2022');
    // 30.10.2022 has 25 hours: 27 days of 24 hours, one more.
    expect(r.gaps.expectedHours).toBe(27 * 24 + 1);
    expect(r.gaps.hoursWithNet).toBe(121);
    expect(r.summary.netHours).toBe(121);
    expect(r.gaps.missingHours).toEqual([]);
  });

  it('an hour missing on an ordinary day is named, and the total says it is over 23 hours', async () => {
    const r = await call(couplingFlows, ctx(), { border: 'RO', date: '01.11.2022' });
    expect(r.hours).toHaveLength(23);
    expect(r.noData).toBe(false);
    expect(r.gaps).toMatchObject({ complete: false, missing: [], expectedHours: 24, hoursWithNet: 23 });
    expect(r.gaps.missingHours).toEqual([{ tradeDate: '01.11.2022', hour: 9, period: 10, utcStart: '2022-11-01T07:00:00.000Z' }]);
    expect(r.summary.netHours).toBe(23);
    const sum = r.hours.reduce((s, h) => s + (h.netFlowMw ?? 0), 0);
    expect(r.summary.netImportMwh).toBeCloseTo(sum, 6);
  });

  it('the autumn day names which of the twice-occurring hours is missing', async () => {
    const r = await call(couplingFlows, ctx(), { border: 'RO', date: '30.10.2022' });
    expect(r.gaps.expectedHours).toBe(25);
    expect(r.gaps.missingHours.map((h) => [h.hour, h.period])).toEqual([[3, 4], [3, 5], [4, 6]]);
  });

  it('clock-change days with every hour are complete (23 and 25 hours are not gaps)', async () => {
    for (const date of ['30.10.2022', '26.03.2023']) {
      const r = await call(couplingFlows, ctx(), { border: 'PL', date });
      expect(r.gaps, date).toMatchObject({ complete: true, missing: [], missingHours: [] });
      expect(r.gaps.hoursWithNet, date).toBe(r.hours.length);
      expect(r.summary.netHours, date).toBe(date === '30.10.2022' ? 25 : 23);
    }
  });
});

describe('the shipped hourly flow days, said the same everywhere', () => {
  it('every border\'s documents hold 28.10–01.11.2022 and 25–27.03.2023, 8 days, and the README, help and doctor say so', async () => {
    for (const border of BORDERS) {
      const autumn = await call(couplingFlows, ctx(), { border, from: '15.10.2022', to: '14.11.2022' });
      const spring = await call(couplingFlows, ctx(), { border, from: '10.03.2023', to: '09.04.2023' });
      const present = (r: typeof autumn) => [...new Set(r.hours.map((h) => h.tradeDate))];
      expect(present(autumn), border).toEqual(['28.10.2022', '29.10.2022', '30.10.2022', '31.10.2022', '01.11.2022']);
      expect(present(spring), border).toEqual(['25.03.2023', '26.03.2023', '27.03.2023']);
    }
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).not.toMatch(/flows of five days/);
    expect(readme).toMatch(/hourly cross-border flows of 8 Kyiv days —\s+28\.10–01\.11\.2022 and 25–27\.03\.2023/);
    expect(couplingFlows.cli?.helpText).toMatch(/28\.10–01\.11\.2022 and 25–27\.03\.2023/);
    expect(tsoplatformContract.fixture?.file).toMatch(/hourly documents of 8 days, 28\.10–01\.11\.2022 and 25–27\.03\.2023/);
  });
});
