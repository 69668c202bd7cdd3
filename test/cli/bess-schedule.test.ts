/** svc bess with the battery as it operates: the settings flags, --settings keys and --view schedule. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, tempDir } from './helpers.js';
import { cli } from './in-process.js';

interface Hour {
  hour: number;
  priceUahMwh: number;
  chargeMw: number;
  dischargeMw: number;
  socMwh: number;
}

describe('svc bess: the battery as it operates', () => {
  it('--view schedule --format json: 24 hours that reproduce the profit, whole lots, SoC inside the window as printed', async () => {
    const r = await cli(['bess', FIXTURE, '--date', '15.12.2024', '--capacity', '2', '--power', '1', '--min-soc', '10', '--max-soc', '90', '--initial-soc', '0.2', '--lot', '0.1', '--max-cycles', '1.5', '--view', 'schedule', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { plan: { netProfitUah: number; schedule: Hour[]; startSocMwh: number } };
    const hours = body.plan.schedule;
    expect(hours).toHaveLength(24);
    expect(body.plan.startSocMwh).toBe(0.2);
    let cash = 0;
    for (const h of hours) {
      cash += h.priceUahMwh * (h.dischargeMw - h.chargeMw);
      for (const v of [h.chargeMw, h.dischargeMw]) expect(Math.abs(v * 10 - Math.round(v * 10))).toBeLessThan(1e-9);
      expect(h.socMwh).toBeGreaterThanOrEqual(0.2);
      expect(h.socMwh).toBeLessThanOrEqual(1.8);
    }
    expect(hours.some((h) => h.dischargeMw > 0)).toBe(true);
    expect(Math.abs(cash - body.plan.netProfitUah)).toBeLessThanOrEqual(0.01 * 24);
  });

  it('--view schedule --format csv has the documented columns; the default view stays the cycles; a bad view exits 2', async () => {
    const csv = await cli(['bess', FIXTURE, '--date', '15.12.2024', '--view', 'schedule', '--format', 'csv']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('tradeDate,hour,priceUahMwh,chargeMw,dischargeMw,socMwh,profitUah');
    expect(lines).toHaveLength(25);
    const cycles = await cli(['bess', FIXTURE, '--date', '15.12.2024', '--format', 'csv']);
    expect(cycles.stdout.split('\n')[0]).toContain('chargeHour');
    const bad = await cli(['bess', FIXTURE, '--date', '15.12.2024', '--view', 'hours']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--view');
  });

  it('--settings keys (hours out) and flags; an inconsistent window names the key and exits 2', async () => {
    const dir = tempDir();
    const file = join(dir, 'b.json');
    writeFileSync(file, JSON.stringify({ capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 2, unavailableHours: [17, 18, 19, 20, 21, 22] }));
    const r = await cli(['bess', FIXTURE, '--date', '15.12.2024', '--settings', file, '--view', 'schedule', '--format', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const hours = (JSON.parse(r.stdout) as { plan: { schedule: Hour[] } }).plan.schedule;
    for (const h of hours.filter((x) => x.hour >= 17 && x.hour <= 22)) expect(h.chargeMw + h.dischargeMw).toBe(0);
    const bad = await cli(['bess', FIXTURE, '--date', '15.12.2024', '--min-soc', '80', '--max-soc', '20']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('minSocPct');
  });
});
