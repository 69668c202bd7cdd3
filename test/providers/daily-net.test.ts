/**
 * The shipped daily net positions (fixtures/tsoplatform/flows-daily-net-…csv) agree with the
 * shipped hourly flow documents on every Kyiv day both cover: two independent conversions of the
 * same ENTSO-E series (Kyiv- and CET-stamped legs) give the same daily means.
 */
import { describe, expect, it } from 'vitest';
import { nextTradeDate } from '../../src/domain/dates.js';
import { DAILY_NET_LAST, fixtureDailyNet } from '../../src/providers/tsoplatform/daily-net.js';
import { FIXTURE_FLOW_NEWEST } from '../../src/providers/tsoplatform/index.js';
import { BORDERS } from '../../src/providers/tsoplatform/eic.js';
import { readFlows } from '../../src/providers/tsoplatform/reads.js';

const DAYS = ['28.10.2022', '29.10.2022', '30.10.2022', '31.10.2022', '01.11.2022', '25.03.2023', '26.03.2023', '27.03.2023'];
const deps = { settings: { token: undefined, baseUrl: 'http://127.0.0.1:9/api', timeoutMs: 100, retries: 0, maxAgeMinutes: 60 }, now: () => new Date('2026-11-25T10:00:00Z'), cache: async () => undefined };

describe('daily net flows fixture', () => {
  it('equals the hourly fixture documents day by day and border by border', async () => {
    let compared = 0;
    for (const date of DAYS) {
      const daily = fixtureDailyNet(date);
      for (const border of BORDERS) {
        const nets = (await readFlows(deps, border, date, date)).hours.map((h) => h.netFlowMw).filter((v): v is number => v !== null);
        const d = daily[border];
        if (nets.length === 0) {
          expect(d, `${date} ${border}`).toBeUndefined();
          continue;
        }
        expect(d?.hours, `${date} ${border}`).toBe(nets.length);
        expect(Math.abs((d?.netImportMw ?? NaN) - nets.reduce((s, v) => s + v, 0) / nets.length), `${date} ${border}`).toBeLessThanOrEqual(0.005);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(35);
  });

  it('covers 01.02.2022–31.03.2023 and nothing else', () => {
    expect(Object.keys(fixtureDailyNet('01.02.2022')).length).toBeGreaterThan(0);
    expect(Object.keys(fixtureDailyNet('31.03.2023')).length).toBeGreaterThan(0);
    expect(fixtureDailyNet('31.01.2022')).toEqual({});
    expect(fixtureDailyNet('15.01.2024')).toEqual({});
  });

  it('DAILY_NET_LAST is the newest day covered in full, FIXTURE_FLOW_NEWEST the newest day of the hourly documents (the defaults without a date)', async () => {
    const last = fixtureDailyNet(DAILY_NET_LAST);
    expect(BORDERS.every((b) => (last[b]?.hours ?? 0) >= 23)).toBe(true);
    // The day after holds only its first hours.
    const after = fixtureDailyNet(nextTradeDate(DAILY_NET_LAST));
    expect(BORDERS.every((b) => (after[b]?.hours ?? 0) < 12)).toBe(true);
    expect(DAYS.at(-1)).toBe(FIXTURE_FLOW_NEWEST);
    for (const border of BORDERS) {
      expect((await readFlows(deps, border, FIXTURE_FLOW_NEWEST, FIXTURE_FLOW_NEWEST)).noData, border).toBe(false);
      const next = nextTradeDate(FIXTURE_FLOW_NEWEST);
      expect((await readFlows(deps, border, next, next)).noData, border).toBe(true);
    }
  });
});
