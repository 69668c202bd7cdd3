/** `svc forecast` and `svc forecast evaluate` end to end on the built CLI and the shipped fixtures. */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { FIXTURE, ROOT, svc, tempDir } from './helpers.js';

const EPF = join(ROOT, 'fixtures', 'epf-np-2013-01-03.csv');

describe('svc forecast', () => {
  it('forecasts the day after the book as JSON: 24 ordered points and cap-hit probabilities', async () => {
    const r = await svc(['forecast', FIXTURE, '--date', '01.01.2025', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { data: Record<string, { hour: number; p10: number; p50: number; p90: number }[]>; capHitProbability: Record<string, { max: number | null }[]> };
    const day = body.data['01.01.2025'];
    expect(day).toHaveLength(24);
    for (const p of day!) expect(p.p10 <= p.p50 && p.p50 <= p.p90).toBe(true);
    expect(body.capHitProbability['01.01.2025']?.[18]?.max).toBeGreaterThanOrEqual(0);
  });

  it('shows the min cap and P(min cap) on a day the floor is a risk (table columns; always in CSV)', async () => {
    const table = await svc(['forecast', FIXTURE, '--date', '12.05.2024', '--no-color', '--no-chart']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain('P(min cap)');
    const csv = await svc(['forecast', FIXTURE, '--date', '12.05.2024', '--format', 'csv']);
    const [header, ...lines] = csv.stdout.trim().split('\n');
    expect(header).toBe('date,hour,p10,p50,p90,actual,maxCap,pMaxCap,minCap,pMinCap');
    const pMin = lines.map((l) => Number(l.split(',')[9]));
    expect(Math.max(...pMin)).toBeGreaterThanOrEqual(0.01);
    expect(lines.every((l) => l.split(',')[8] === '10')).toBe(true);
  });

  it('says on stderr what the output cannot show: a partial month, a clock-change day; refuses month 13', async () => {
    const partial = await svc(['forecast', FIXTURE, '--month', '02.2022', '--format', 'csv']);
    expect(partial.exitCode).toBe(0);
    expect(partial.stderr).toContain('forecast from 26.02.2022: the days before it have too little history');
    const dst = await svc(['forecast', FIXTURE, '--date', '31.03.2024', '--format', 'json']);
    expect(dst.exitCode).toBe(0);
    expect(dst.stderr).toContain('31.03.2024 is a clock-change day (23 settlement periods)');
    const bad = await svc(['forecast', FIXTURE, '--month', '13.2024']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--month: expected MM.YYYY with MM 01–12, got "13.2024"');
  });

  it('refuses a day two days past the data (exit 2) and needs one of --date / --month', async () => {
    expect((await svc(['forecast', FIXTURE, '--date', '02.01.2025'])).exitCode).toBe(2);
    expect((await svc(['forecast', FIXTURE])).exitCode).toBe(2);
  });

  it('forecasts from mktop: the operator months before the day (fixture mode), exactly as from a book of those months', async () => {
    const env = { SVC_MARKET_DATA: 'fixture', SVC_DATA_DIR: tempDir('svc-data-') };
    const r = await svc(['forecast', 'mktop', '--date', '02.12.2024', '--format', 'json'], { env });
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { source: string; data: Record<string, { p50: number }[]> };
    expect(body.source).toBe('mktop (with shipped fixtures)');
    expect(r.stderr).toContain('mktop: history from mktop (with shipped fixtures), to 31.12.2024');
    // The history is the 26 months before 12.2024 and 12.2024 itself: 10.2022 – 12.2024.
    const lines = readFileSync(FIXTURE, 'utf8').trim().split('\n');
    const inHistory = (l: string) => { const y = Number(l.slice(6, 10)); const m = Number(l.slice(3, 5)); return y * 12 + m >= 2022 * 12 + 10; };
    const book = join(tempDir(), 'from-10-2022.csv');
    writeFileSync(book, [lines[0], ...lines.slice(1).filter(inHistory)].join('\n'));
    const fromBook = await svc(['forecast', book, '--date', '02.12.2024', '--format', 'json']);
    expect(fromBook.exitCode).toBe(0);
    const p50 = (out: string) => (JSON.parse(out) as typeof body).data['02.12.2024']!.map((p) => p.p50);
    expect(p50(r.stdout)).toHaveLength(24);
    expect(p50(r.stdout)).toEqual(p50(fromBook.stdout));
  });

  it('mktop past the operator data: exit 2 naming the months it could not read and why', async () => {
    const env = { SVC_MARKET_DATA: 'live', SVC_MKTOP_BASE_URL: 'http://127.0.0.1:9', SVC_MKTOP_RETRIES: '0', SVC_DATA_DIR: tempDir('svc-data-') };
    const r = await svc(['forecast', 'mktop', '--date', '25.11.2026'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("past the day after the history's last day (31.12.2024)");
    expect(r.stderr).toMatch(/mktop 11\.2026: market operator unreachable/);
  });

  it('evaluates an EPF file with its exogenous columns: JSON metrics on stdout, the hourly file on --daily', async () => {
    const daily = join(tempDir(), 'daily.csv');
    const r = await svc(['forecast', 'evaluate', EPF, '--from', '01.03.2013', '--to', '04.03.2013', '--format', 'json', '--daily', daily]);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { metrics: Record<string, number>; monthly: unknown[]; dieboldMarianoVsNaive: Record<string, number> };
    expect(body.metrics.sampleDays).toBe(4);
    expect(body.metrics.rmaeVsNaive).toBeGreaterThan(0);
    expect(body.metrics.coverage).toBeGreaterThanOrEqual(0);
    expect(body.monthly).toHaveLength(1);
    expect(readFileSync(daily, 'utf8').trim().split('\n')).toHaveLength(1 + 4 * 24);
  });

  it('evaluate names every day of the range it did not score, and why; an unscorable range is exit 2, not a perfect score', async () => {
    const r = await svc(['forecast', 'evaluate', FIXTURE, '--from', '29.03.2024', '--to', '08.04.2024', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { metrics: { sampleDays: number }; skippedDays: string[]; unscoredDays: { date: string; reason: string }[] };
    expect(body.unscoredDays).toEqual([
      { date: '31.03.2024', reason: 'no_prices' },
      { date: '01.04.2024', reason: 'no_real_d1' },
      { date: '07.04.2024', reason: 'no_real_d7' },
    ]);
    expect(body.metrics.sampleDays).toBe(11 - 3);
    expect(r.stderr).toContain('1 day forecast but not scored (no prices: a gap or a clock-change day): 31.03.2024');

    const empty = await svc(['forecast', 'evaluate', FIXTURE, '--from', '01.01.2022', '--to', '10.01.2022']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('no day of 01.01.2022 – 10.01.2022 could be scored: 10 with too little history (the first day with enough is 26.02.2022)');
    const after = await svc(['forecast', 'evaluate', FIXTURE, '--from', '01.01.2025', '--to', '31.01.2025']);
    expect(after.exitCode).toBe(2);
    expect(after.stderr).toContain('after the last day with prices (31.12.2024)');
    const wrongFlag = await svc(['forecast', 'evaluate', FIXTURE, '--date', '15.12.2024']);
    expect(wrongFlag.exitCode).toBe(2);
    expect(wrongFlag.stderr).toContain('--from and --to');
  });

  it('evaluate says when --to runs past the data instead of cutting the range silently', async () => {
    const r = await svc(['forecast', 'evaluate', FIXTURE, '--from', '30.12.2024', '--to', '05.01.2025', '--format', 'csv']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('--to 05.01.2025: the last day with prices is 31.12.2024; scored to it');
  });

  it('prints no cap-hit skill for a cap no hour reached (not a ratio of two near-zero Brier scores)', async () => {
    const r = await svc(['forecast', 'evaluate', FIXTURE, '--from', '01.12.2024', '--to', '02.12.2024', '--no-color']);
    expect(r.exitCode).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.startsWith('cap-hit (min)'));
    expect(line).toMatch(/no skill score: none of the 48 hours was at the cap/);
    expect(line).not.toMatch(/skill -/);
  });
});

describe('svc plan / svc backtest --plan-on forecast', () => {
  it('plan on a day with prices: the forecast beside the schedule, the PnL distribution, then the settlement at the actual prices', async () => {
    const r = await svc(['plan', FIXTURE, '--date', '15.12.2024', '--plan-on', 'forecast', '--fee', '10', '--no-color']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/planned on the forecast's expected \(mean\) prices/);
    expect(r.stdout).toMatch(/│ hour │ +p10 │ +p50 │ +p90 │ +planned │ side │/);
    expect(r.stdout).toMatch(/PnL on the forecast: expected [\d,]+ UAH · p10 -?[\d,]+ · p90 [\d,]+ · P\(loss\) \d+ % \(5\d whole-day scenarios/);
    expect(r.stdout).toMatch(/Settled at the actual prices of 15\.12\.2024: [\d,]+ UAH vs [\d,]+ UAH with perfect foresight \(capture \d+\.\d %\)/);
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
});
