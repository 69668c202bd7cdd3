/**
 * The shipped daily net positions (fixtures/tsoplatform/flows-daily-net-…csv) agree with the
 * shipped hourly flow documents on every Kyiv day both cover: two independent conversions of the
 * same ENTSO-E series (Kyiv- and CET-stamped legs) give the same daily means.
 */
import { describe, expect, it } from 'vitest';
import { fixtureDailyNet } from '../../src/providers/tsoplatform/daily-net.js';
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
});
