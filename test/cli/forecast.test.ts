/** `svc forecast` end to end (evaluate: forecast-evaluate.test.ts; plans on it: forecast-plan-on.test.ts) on the built CLI and the shipped fixtures. */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { FIXTURE, svc, tempDir } from './helpers.js';

// A day outside the suite's warmed fits (test/global-setup.ts) fits its warm-up cold: ten members
// over about 90 days, 20–25 s of CPU, which a loaded 2-core machine can stretch past the default 60 s.
describe('svc forecast', { timeout: 180_000 }, () => {
  it('forecasts the day after the book as JSON: 24 ordered points and cap-hit probabilities', async () => {
    const r = await svc(['forecast', FIXTURE, '--date', '01.01.2025', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { data: Record<string, { hour: number; p10: number; p50: number; p90: number }[]>; capHitProbability: Record<string, { max: number | null }[]> };
    const day = body.data['01.01.2025'];
    expect(day).toHaveLength(24);
    for (const p of day!) expect(p.p10 <= p.p50 && p.p50 <= p.p90).toBe(true);
    expect(body.capHitProbability['01.01.2025']?.[18]?.max).toBeGreaterThanOrEqual(0);
  });

  it('speaks the table language (--lang uk): the table in Ukrainian, the CSV and JSON keys as in English', async () => {
    const uk = await svc(['forecast', FIXTURE, '--date', '01.01.2025', '--lang', 'uk', '--no-color']);
    expect(uk.exitCode).toBe(0);
    for (const word of ['прогноз · 01.01.2025', 'Година', 'грн/МВт·год', 'P(макс. гранична)', 'не порада']) expect(uk.stdout).toContain(word);
    expect(uk.stdout).not.toContain('UAH/MWh');
    // Prices grouped as the other uk tables and the band chart's axis (4 599), not 4599 or 4,599.
    expect(uk.stdout).toMatch(/│ +\d\u00a0\d{3} │/);
    expect(uk.stdout).not.toMatch(/\d,\d{3}\b/);
    const [en, ukCsv] = await Promise.all([svc(['forecast', FIXTURE, '--date', '01.01.2025', '--format', 'csv']), svc(['forecast', FIXTURE, '--date', '01.01.2025', '--format', 'csv', '--lang', 'uk'])]);
    expect(ukCsv.stdout).toBe(en.stdout);
  });

  it('shows the min cap and P(min cap) on a day the floor is a risk (table columns; always in CSV)', async () => {
    const table = await svc(['forecast', FIXTURE, '--date', '12.05.2024', '--no-color', '--no-chart']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain('P(min cap)');
    // Prices grouped in English too (4,599), as the band chart beside the table and the other tables.
    expect(table.stdout).toMatch(/│ +\d,\d{3} │/);
    expect(table.stdout).not.toMatch(/│ +\d{4} │/);
    // Headers carry their units (house style `p50, UAH/MWh`), wrapped after the comma; the CSV keys stay data keys.
    const [head1, head2] = table.stdout.split('\n').filter((l) => l.startsWith('│')).slice(0, 2).map((l) => l.split('│').map((c) => c.trim()));
    expect(head1).toEqual(['', 'Hour', 'p10,', 'p50,', 'p90,', 'Actual,', 'Max cap,', 'P(max cap)', 'Min cap,', 'P(min cap)', '']);
    expect(head2).toEqual(['', '', 'UAH/MWh', 'UAH/MWh', 'UAH/MWh', 'UAH/MWh', 'UAH/MWh', '', 'UAH/MWh', '', '']);
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

});
