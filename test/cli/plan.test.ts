import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, WEEK, tempDir } from './helpers.js';
import { cli } from './in-process.js';

describe('svc plan', () => {
  it('--format json prints exactly the API body', async () => {
    const r = await cli(['plan', WEEK, '--date', '03.12.2024', '--max-trades', '2', '--fee', '10', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as Record<string, unknown> & { plan: { trades: { buyHour: number; sellHour: number; netSpreadUah: number }[]; netPnlUah: number } };
    expect(Object.keys(body).sort()).toEqual(['generatedAt', 'plan', 'tradeDate']);
    expect(body.tradeDate).toBe('03.12.2024');
    expect(body.plan.trades.length).toBeGreaterThan(0);
    expect(body.plan.trades.length).toBeLessThanOrEqual(2);
    for (const t of body.plan.trades) expect(t.buyHour).toBeLessThan(t.sellHour);
  });

  it('renders a table with the trades, a marked chart and totals', async () => {
    const r = await cli(['plan', FIXTURE, '--date', '15.12.2024', '--max-trades', '3']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Spread plan · 15.12.2024');
    expect(r.stdout).toMatch(/B .*S|S .*B/);
    expect(r.stdout).toMatch(/Total: \d+ trades/);
    expect(r.stdout).toContain('never submits orders');
  });

  it('takes settings from a file and lets flags override them', async () => {
    const dir = tempDir();
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ volumeMwh: 2, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 }));
    const a = await cli(['plan', WEEK, '--date', '03.12.2024', '--settings', file, '--format', 'json']);
    const b = await cli(['plan', WEEK, '--date', '03.12.2024', '--settings', file, '--volume', '1', '--format', 'json']);
    const pa = JSON.parse(a.stdout) as { plan: { trades: unknown[]; netPnlUah: number } };
    const pb = JSON.parse(b.stdout) as { plan: { trades: unknown[]; netPnlUah: number } };
    expect(pa.plan.trades).toHaveLength(1);
    expect(Math.abs(pa.plan.netPnlUah - 2 * pb.plan.netPnlUah)).toBeLessThanOrEqual(0.011); // both rounded to 0.01 UAH
  });

  it('names the flag and its range for bad settings (exit 2)', async () => {
    const r = await cli(['plan', WEEK, '--date', '03.12.2024', '--max-trades', '25']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--max-trades');
    expect(r.stderr).toContain('1..24');
    const n = await cli(['plan', WEEK, '--date', '03.12.2024', '--volume', 'abc']);
    expect(n.exitCode).toBe(2);
    expect(n.stderr).toContain('--volume');
  });

  it('--spread-lot: a volume off the lot is exit 2 naming both flags; whole lots plan as without them', async () => {
    const help = await cli(['plan', '--help']);
    expect(help.stdout).toContain('--spread-lot');
    const bad = await cli(['plan', WEEK, '--date', '03.12.2024', '--volume', '1.05', '--spread-lot', '0.1']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--volume');
    expect(bad.stderr).toContain('--spread-lot');
    const args = ['plan', WEEK, '--date', '03.12.2024', '--volume', '1.2', '--format', 'json'];
    const lots = await cli([...args, '--spread-lot', '0.1']);
    const plain = await cli(args);
    expect(lots.exitCode).toBe(0);
    const strip = (s: string) => (JSON.parse(s) as { plan: unknown }).plan;
    expect(strip(lots.stdout)).toEqual(strip(plain.stdout));
  });
});

describe('svc bess', () => {
  it('--format json prints the API body and the pairs add up', async () => {
    const r = await cli(['bess', WEEK, '--date', '03.12.2024', '--capacity', '2', '--power', '1', '--efficiency', '0.9', '--max-cycles', '2', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { tradeDate: string; plan: { cycles: { chargeMwh: number; dischargeMwh: number; profitUah: number }[]; chargedMwh: number; dischargedMwh: number; netProfitUah: number } };
    expect(body.tradeDate).toBe('03.12.2024');
    const charged = body.plan.cycles.reduce((s, c) => s + c.chargeMwh, 0);
    const profit = body.plan.cycles.reduce((s, c) => s + c.profitUah, 0);
    // Each figure is rounded once at output (0.001 MWh, 0.01 UAH): parts add up within their rounding.
    const n = body.plan.cycles.length;
    expect(Math.abs(charged - body.plan.chargedMwh)).toBeLessThanOrEqual(n * 0.0005 + 1e-9);
    expect(Math.abs(profit - body.plan.netProfitUah)).toBeLessThanOrEqual(n * 0.005 + 1e-9);
    expect(body.plan.dischargedMwh).toBeLessThanOrEqual(2 * 2 + 1e-9);
  });

  it('renders charge and discharge marks', async () => {
    const r = await cli(['bess', FIXTURE, '--date', '15.12.2024']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Battery plan · 15.12.2024');
    expect(r.stdout).toMatch(/C .*D/);
  });

  it('rejects efficiency 1.2 and max-cycles 13 naming the flag and range', async () => {
    const e = await cli(['bess', WEEK, '--date', '03.12.2024', '--efficiency', '1.2']);
    expect(e.exitCode).toBe(2);
    expect(e.stderr).toContain('--efficiency: must be 0.01..1 (got 1.2)');
    const c = await cli(['bess', WEEK, '--date', '03.12.2024', '--max-cycles', '13']);
    expect(c.exitCode).toBe(2);
    expect(c.stderr).toContain('--max-cycles: must be 0.01..12 cycles (got 13)');
    // A share given as a percentage is said as the share it meant.
    const p = await cli(['bess', WEEK, '--date', '03.12.2024', '--efficiency', '90']);
    expect(p.exitCode).toBe(2);
    expect(p.stderr).toContain('--efficiency: must be 0.01..1 (got 90; a share: 90 % is 0.9)');
    const odd = await cli(['bess', WEEK, '--date', '03.12.2024', '--efficiency', '93.3']);
    expect(odd.stderr).toContain('(got 93.3; a share: 93.3 % is 0.933)');
  });

  it('--date with a one-digit day says the day and the month take two digits, with the date written so', async () => {
    const r = await cli(['plan', WEEK, '--date', '1.12.2024']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('error: --date: expected a real date DD.MM.YYYY, got "1.12.2024": the day and the month take two digits: 01.12.2024');
  });
});
