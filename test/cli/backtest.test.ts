import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, WEEK, svc, tempDir } from './helpers.js';
import { cli } from './in-process.js';

interface Summary {
  totalDays: number;
  combinedNetPnlUah: number;
  strategyNetPnlUah: number;
  bessNetProfitUah: number;
  daily: { tradeDate: string; combinedPnlUah: number }[];
}

describe('svc backtest', () => {
  it('runs the whole 3-year fixture and says it is not a forecast', async () => {
    const r = await cli(['backtest', FIXTURE]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('1090 days');
    expect(r.stdout).toContain('not a forecast');
    expect(r.stdout).toContain('12.2024');
    expect(r.stdout).toContain('Cumulative combined PnL');
  });

  it('the cumulative PnL chart tops out at the headline total and labels its ends under the plot', async () => {
    // examples/settings.json: the sum of the rounded days is 23,116,325.5x, the total 23,116,325.43 (the axis once read 23,116,326).
    const r = await cli(['backtest', FIXTURE, '--settings', 'examples/settings.json', '--no-color']);
    expect(r.exitCode).toBe(0);
    const headline = /Combined net PnL, UAH\s*│\s*([\d,]+)/.exec(r.stdout)?.[1];
    expect(headline).toBe('23,116,325');
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Cumulative combined PnL'));
    expect(lines[at + 1]?.split(' │')[0]?.trim()).toBe(headline);
    const narrow = (await cli(['backtest', FIXTURE, '--from', '01.12.2024', '--to', '05.12.2024', '--no-color'])).stdout.split('\n');
    const top = narrow.findIndex((l) => l.startsWith('Cumulative combined PnL')) + 1;
    const gutter = (narrow[top] ?? '').indexOf('│') + 1;
    expect(narrow[top + 10]).toBe(`${' '.repeat(gutter)}01.12.2024 – 05.12.2024`);
  });

  it('--format json prints the API body; --daily writes every day as CSV', async () => {
    const dir = tempDir();
    const daily = join(dir, 'days.csv');
    const r = await cli(['backtest', FIXTURE, '--from', '01.11.2024', '--to', '30.11.2024', '--daily', daily, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { generatedAt: string; summary: Summary };
    expect(Object.keys(body).sort()).toEqual(['analytics', 'generatedAt', 'settings', 'summary']);
    expect(body.summary.totalDays).toBe(30);
    const lines = readFileSync(daily, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('tradeDate,strategyPnlUah,bessPnlUah,combinedPnlUah,trades,bessChargeDischargePairs,averageSpreadUah,equivalentBessCycles');
    expect(lines).toHaveLength(31);
    const sum = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[3]), 0);
    // Outputs are rounded to 0.01 UAH (docs/limits.md): the sum of 30 rounded days is within 30 × 0.005 UAH of the rounded total.
    expect(Math.abs(sum - body.summary.combinedNetPnlUah)).toBeLessThanOrEqual(30 * 0.005 + 1e-6);
    for (const l of lines.slice(1)) expect(l.split(',')[3]).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });

  it('--settings {strategySettings, bessSettings} with flags overriding', async () => {
    const dir = tempDir();
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ strategySettings: { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1 }, bessSettings: { capacityMwh: 4, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 } }));
    const a = JSON.parse((await cli(['backtest', WEEK, '--settings', file, '--format', 'json'])).stdout) as { summary: Summary };
    const b = JSON.parse((await cli(['backtest', WEEK, '--settings', file, '--capacity', '1', '--format', 'json'])).stdout) as { summary: Summary };
    expect(a.summary.strategyNetPnlUah).toBeCloseTo(b.summary.strategyNetPnlUah, 6);
    expect(a.summary.bessNetProfitUah).toBeGreaterThan(b.summary.bessNetProfitUah);
  });

  it('sweep results equal separate runs, sorted by combined PnL', async () => {
    const r = await cli(['backtest', FIXTURE, '--from', '01.10.2024', '--sweep', 'capacityMwh=1,2', '--sweep', 'powerMw=0.5,1', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const rows = (JSON.parse(r.stdout) as { combinations: { params: Record<string, number>; combinedNetPnlUah: number }[] }).combinations;
    expect(rows).toHaveLength(4);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.combinedNetPnlUah).toBeGreaterThanOrEqual(rows[i]!.combinedNetPnlUah);
    for (const row of rows.slice(0, 2)) {
      const single = await cli(['backtest', FIXTURE, '--from', '01.10.2024', '--capacity', String(row.params.capacityMwh), '--power', String(row.params.powerMw), '--format', 'json']);
      const s = (JSON.parse(single.stdout) as { summary: Summary }).summary;
      expect(row.combinedNetPnlUah).toBeCloseTo(s.combinedNetPnlUah, 6);
    }
    // The settings in force, defaults included, as a single backtest gives them (JSON and the header line).
    const single = await cli(['backtest', FIXTURE, '--from', '01.10.2024', '--format', 'json']);
    expect((JSON.parse(r.stdout) as { settings: unknown }).settings).toEqual((JSON.parse(single.stdout) as { settings: unknown }).settings);
    expect((JSON.parse(r.stdout) as { sweep: unknown }).sweep).toEqual([{ name: 'capacityMwh', values: [1, 2] }, { name: 'powerMw', values: [0.5, 1] }]);
    const table = await cli(['backtest', WEEK, '--sweep', 'capacityMwh=1,2']);
    expect(table.stdout.split('\n')[0]).toBe('settings: --strategy both · spread: --volume 1 --min-spread 0 --max-trades 24 --fee 0 · battery: --capacity 1|2 --power 1 --efficiency 0.9 --max-cycles 1 --degradation 0');
  });

  // The built process: the sweep's worker threads load dist/ modules (from the sources there are none).
  it('large sweeps run on worker threads and give the same rows as small ones', async () => {
    const r = await svc(['backtest', FIXTURE, '--sweep', 'maxCyclesPerDay=1,2', '--sweep', 'feeUahPerMwh=0,25', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const rows = (JSON.parse(r.stdout) as { combinations: { params: Record<string, number>; combinedNetPnlUah: number }[] }).combinations;
    expect(rows).toHaveLength(4);
    const one = await svc(['backtest', FIXTURE, '--max-cycles', '2', '--fee', '0', '--format', 'json']);
    const s = (JSON.parse(one.stdout) as { summary: Summary }).summary;
    const match = rows.find((x) => x.params.maxCyclesPerDay === 2 && x.params.feeUahPerMwh === 0);
    expect(match?.combinedNetPnlUah).toBeCloseTo(s.combinedNetPnlUah, 4);
  });

  it('rejects a bad sweep and a bad range with exit 2', async () => {
    expect((await cli(['backtest', WEEK, '--sweep', 'colour=1,2'])).exitCode).toBe(2);
    expect((await cli(['backtest', WEEK, '--sweep', 'maxCyclesPerDay=1,13'])).exitCode).toBe(2);
    expect((await cli(['backtest', WEEK, '--from', '05.12.2024', '--to', '01.12.2024'])).exitCode).toBe(2);
  });

  it("refuses a settings flag that a sweep axis sets too (never one silently dropped); another field's flag stays the base", async () => {
    const r = await cli(['backtest', WEEK, '--sweep', 'capacityMwh=1,2', '--capacity', '3']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('error: --capacity conflicts with --sweep capacityMwh: the sweep sets capacityMwh to each of 1, 2; drop --capacity, or put its value in the sweep');
    expect((await cli(['backtest', WEEK, '--sweep', 'maxTradesPerDay=1,2', '--max-trades', '3'])).exitCode).toBe(2);
    expect((await cli(['backtest', WEEK, '--sweep', 'capacityMwh=1,2', '--power', '0.5', '-q'])).exitCode).toBe(0);
  });

  it('a range with no data exits 2 and says so (README), with no output file left behind', async () => {
    const daily = join(tempDir(), 'days.csv');
    const r = await cli(['backtest', WEEK, '--from', '01.01.2030', '--daily', daily, '--format', 'json']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no days between 01.01.2030');
    expect(existsSync(daily)).toBe(false);
  });
});
