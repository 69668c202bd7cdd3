/** `svc plan`, `svc bess` and `svc backtest` --plan-on forecast end to end on the built CLI and the shipped fixtures. */
import { describe, expect, it } from 'vitest';
import { FIXTURE, svc } from './helpers.js';


describe('svc plan / svc backtest --plan-on forecast', () => {
  it('plan on a day with prices: the forecast beside the schedule, the PnL distribution, then the settlement at the actual prices', async () => {
    const r = await svc(['plan', FIXTURE, '--date', '15.12.2024', '--plan-on', 'forecast', '--fee', '10', '--no-color']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/planned on the forecast's expected \(mean\) prices/);
    expect(r.stdout).toMatch(/│ Hour │ +p10, │ +p50, │ +p90, │ +Planned, │ Side │ +MWh │ +Limit, │\n│ +│ +UAH\/MWh │ +UAH\/MWh │ +UAH\/MWh │ +UAH\/MWh │/);
    expect(r.stdout).toMatch(/PnL on the forecast: expected [\d,]+ UAH · p10 -?[\d,]+ · p90 [\d,]+ · P\(loss\) \d+ % \(5\d whole-day scenarios/);
    expect(r.stdout).toMatch(/Settled at the actual prices of 15\.12\.2024: [\d,]+ UAH vs [\d,]+ UAH with perfect foresight \(capture \d+\.\d %\)/);
  });

  it('plan on the forecast under --lang uk: the forecast table, its lines and the chart axis in Ukrainian', async () => {
    const r = await svc(['--lang', 'uk', 'plan', FIXTURE, '--date', '15.12.2024', '--plan-on', 'forecast', '--no-color']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('План спред-торгівлі за прогнозом · 15.12.2024');
    expect(r.stdout).toMatch(/│ Година │ +p10, │ +p50, │ +p90, │ +Планова, │ Напрям +│ МВт·год │ +Ліміт, │\n│ +│ грн\/МВт·год │ грн\/МВт·год │/);
    expect(r.stdout).toMatch(/│ 00 +│ +\d\u00a0\d{3},\d{2} │/);
    expect(r.stdout).toMatch(/^ ?\d\u00a0\d{3} │/m);
    expect(r.stdout).toMatch(/Результат за прогнозом: очікуваний [\d\u00a0]+ грн/);
    expect(r.stdout).toMatch(/За фактичними цінами 15\.12\.2024: [\d\u00a0]+ грн проти/);
    for (const en of ['Hour', 'planned', 'PnL', 'Settled', 'UAH', 'broken axis', 'buy', 'sell']) expect(r.stdout).not.toContain(en);
  });

  it('bess on the day after the book (no prices yet): the bid sheet as CSV, each row for a person to approve', async () => {
    const r = await svc(['bess', FIXTURE, '--date', '01.01.2025', '--plan-on', 'forecast', '--capacity', '2', '--power', '1', '--efficiency', '0.88', '--degradation', '150', '--format', 'csv']);
    expect(r.exitCode).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toBe('date,hour,side,volumeMwh,limitPriceUahMwh,p10,p50,p90,approval');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const [date, hour, side, volume, limit, p10, p50, p90, approval] = row.split(',');
      expect([date, approval]).toEqual(['01.01.2025', 'human_approval_required']);
      expect(Number(hour)).toBeGreaterThanOrEqual(0);
      expect(['buy', 'sell']).toContain(side);
      expect(Number(volume)).toBeGreaterThan(0);
      expect(Number(limit)).toBeGreaterThan(0);
      expect(Number(p10) <= Number(p50) && Number(p50) <= Number(p90)).toBe(true);
    }
    const bought = rows.filter((l) => l.split(',')[2] === 'buy').reduce((a, l) => a + Number(l.split(',')[3]), 0);
    const sold = rows.filter((l) => l.split(',')[2] === 'sell').reduce((a, l) => a + Number(l.split(',')[3]), 0);
    expect(sold).toBeCloseTo(bought * 0.88, 2);
  });

  it('backtest: realised beside perfect foresight per month, with the total', async () => {
    const r = await svc(['backtest', FIXTURE, '--from', '01.12.2024', '--to', '10.12.2024', '--plan-on', 'forecast', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { forecastPlans: { days: number; monthly: { month: string; captureRatio: number }[] } };
    expect(body.forecastPlans.days).toBe(10);
    expect(body.forecastPlans.monthly.map((m) => m.month)).toEqual(['12.2024', 'all']);
    expect(body.forecastPlans.monthly[1]!.captureRatio).toBeGreaterThan(0);
    expect(body.forecastPlans.monthly[1]!.captureRatio).toBeLessThanOrEqual(1);
    expect(body.forecastPlans).toMatchObject({ failedDays: [] });
  });

  it("backtest's table of the plans on the forecast: the amounts say their unit, in the house style (`Realised, UAH`)", async () => {
    const table = await svc(['backtest', FIXTURE, '--from', '01.12.2024', '--to', '02.12.2024', '--plan-on', 'forecast', '--no-color']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/│ Month +│ Days │ +Realised, UAH │ Perfect foresight, UAH │ +Capture │ Spread capture │ Battery capture │/);
  }, 300_000);
});
