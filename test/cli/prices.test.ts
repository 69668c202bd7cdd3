import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, ROOT, WEEK, svc, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const MONTHLY = join(ROOT, 'fixtures', 'oree-monthly-export-2024-12.csv');

describe('svc basics', () => {
  it('prints its version and help with examples', async () => {
    const v = await cli(['--version']);
    expect(v.exitCode).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const h = await cli(['--help']);
    expect(h.exitCode).toBe(0);
    expect(h.stdout).toContain('Examples:');
    for (const sub of ['prices', 'plan', 'bess', 'backtest', 'risk']) expect(h.stdout).toContain(sub);
  });

  it('shows an example in the help of every subcommand', async () => {
    for (const sub of [['prices', 'show'], ['prices', 'stats'], ['prices', 'convert'], ['plan'], ['bess'], ['backtest'], ['risk']]) {
      const r = await cli([...sub, '--help']);
      expect(r.exitCode, sub.join(' ')).toBe(0);
      expect(r.stdout, sub.join(' ')).toMatch(/Examples?:\n\s+\$ svc /);
    }
  });

  it('exits 2 on an unknown option and on a missing file', async () => {
    const r = await cli(['prices', 'stats', WEEK, '--nope']);
    expect(r.exitCode).toBe(2);
    const m = await cli(['prices', 'stats', 'no-such-file.csv']);
    expect(m.exitCode).toBe(2);
    expect(m.stderr).toContain('no-such-file.csv');
    expect(m.stdout).toBe('');
  });
});

describe('svc prices stats', () => {
  it('reads the 3-year fixture: 1,090 days and one warning naming the 6 DST days', async () => {
    const r = await cli(['prices', 'stats', FIXTURE, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { days: unknown[]; total: { days: number } };
    expect(body.days).toHaveLength(1090);
    expect(body.total.days).toBe(1090);
    const warnings = r.stderr.split('\n').filter((l) => l.includes('warning'));
    expect(warnings).toHaveLength(1);
    for (const d of ['27.03.2022', '30.10.2022', '26.03.2023', '29.10.2023', '31.03.2024', '27.10.2024']) expect(warnings[0]).toContain(d);
  });

  it('table output has one row per day plus a total row, results only on stdout', async () => {
    const r = await cli(['prices', 'stats', FIXTURE, '--from', '01.12.2024', '--to', '07.12.2024']);
    expect(r.exitCode).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /\d\d\.\d\d\.\d{4}/.test(l));
    expect(rows).toHaveLength(7);
    expect(r.stdout).toMatch(/Total \(7\)/);
    expect(r.stderr).not.toContain('01.12.2024');
  });

  it('refuses DST days with --dst reject (exit 2, naming the dates)', async () => {
    const r = await cli(['prices', 'stats', FIXTURE, '--dst', 'reject']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('27.03.2022');
    expect(r.stderr).toContain('remove them or read with --dst skip');
    expect(r.stdout).toBe('');
  });

  it('--dst reject judges only the clock-change days inside --from/--to (the range first)', async () => {
    const december = await cli(['prices', 'stats', FIXTURE, '--from', '01.12.2024', '--to', '31.12.2024', '--dst', 'reject', '--format', 'csv']);
    expect(december.exitCode, december.stderr).toBe(0);
    expect(december.stdout).toContain('\n31.12.2024,');
    expect(december.stderr).not.toContain('clock-change');
    const autumn = await cli(['prices', 'stats', FIXTURE, '--from', '01.10.2024', '--to', '31.12.2024', '--dst', 'reject']);
    expect(autumn.exitCode).toBe(2);
    expect(autumn.stderr).toContain('clock-change day 27.10.2024 cannot be read as a 24-hour day (DST policy "reject"); remove it or read with --dst skip');
    expect(autumn.stderr).not.toContain('31.03.2024');
    expect((await cli(['plan', FIXTURE, '--date', '15.12.2024', '--dst', 'reject'])).exitCode).toBe(0);
  });

  it('reads stdin with -', async () => {
    const r = await svc(['prices', 'stats', '-', '--format', 'csv'], { input: readFileSync(WEEK, 'utf8') });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('tradeDate,base,peak,offPeak,min,max');
    expect(lines).toHaveLength(1 + 7 + 1);
  });

  it('has no escape codes with NO_COLOR, even when colour is forced', async () => {
    const r = await cli(['prices', 'show', WEEK, '--date', '03.12.2024'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.stdout + r.stderr).not.toMatch(/\u001b\[/);
  });

  it('gives a precise message for malformed input (file, line, what was found)', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'date,hour,price_uah_mwh\n01.12.2024,0,abc\n');
    const r = await cli(['prices', 'stats', bad]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('bad.csv');
    expect(r.stderr).toMatch(/line 2/);
    expect(r.stderr).toContain('abc');
  });
});

describe('svc prices show / convert', () => {
  it('shows the 24 hours of a day with bars and a chart', async () => {
    const r = await cli(['prices', 'show', FIXTURE, '--date', '15.12.2024']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /\d\d–\d\d/.test(l))).toHaveLength(24);
    expect(r.stdout).toContain('█');
  });

  it('names the reason when the date is missing or a DST day', async () => {
    const missing = await cli(['prices', 'show', WEEK, '--date', '15.12.2024']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('no prices for 15.12.2024');
    // A clock-change day is shown with its own periods, never refused (issue 9).
    const dst = await cli(['prices', 'show', FIXTURE, '--date', '31.03.2024', '--format', 'json']);
    expect(dst.exitCode).toBe(0);
    const body = JSON.parse(dst.stdout) as { clockChange: string; periods: number; prices: unknown[] };
    expect(body).toMatchObject({ clockChange: 'spring', periods: 23 });
    expect(body.prices).toHaveLength(23);
    const autumn = await cli(['prices', 'show', FIXTURE, '--date', '27.10.2024']);
    expect(autumn.exitCode).toBe(0);
    expect(autumn.stderr).toContain('fall-back day: 25 settlement periods; 24 in the file');
    expect(autumn.stdout).toContain('#24');
    const impossible = await cli(['prices', 'show', WEEK, '--date', '31.02.2024']);
    expect(impossible.exitCode).toBe(2);
  });

  it('converts between formats without losing a value', async () => {
    const dir = tempDir();
    const json = join(dir, 'week.json');
    const a = await cli(['prices', 'convert', WEEK, '--to', 'json', '-o', json]);
    expect(a.exitCode).toBe(0);
    const wide = await cli(['prices', 'convert', json, '--to', 'wide']);
    expect(wide.exitCode).toBe(0);
    expect(wide.stdout.split('\n')[0]).toBe(['date', ...Array.from({ length: 24 }, (_, h) => `h${h}`)].join(','));
    const back = await svc(['prices', 'convert', '-', '--to', 'json'], { input: wide.stdout });
    expect(JSON.parse(back.stdout)).toEqual(JSON.parse(readFileSync(json, 'utf8')));
  });

  it('--dst reject lists the clock-change days by line, the file named once', async () => {
    const r = await cli(['prices', 'convert', MONTHLY, '--to', 'csv', '--dst', 'reject']);
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toContain(`error: ${MONTHLY}: Europe/Kyiv clock-change days 31.03.2024, 27.10.2024 cannot be read`);
    expect(lines.slice(1)).toEqual([
      '  - line 33: 31.03.2024 is the Europe/Kyiv spring-forward day (23 settlement periods), which a 24-hour PriceDay cannot hold',
      '  - line 34: 27.10.2024 is the Europe/Kyiv fall-back day (25 settlement periods), which a 24-hour PriceDay cannot hold',
    ]);
  });

  it('says the days it left out even with -q (warnings, not information); -q hides only the "wrote" line', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.csv');
    const [header, ...rows] = readFileSync(WEEK, 'utf8').trim().split('\n');
    writeFileSync(bad, [header, ...rows.map((r, i) => (i === 30 ? r.replace(/,[^,]*$/, ',abc') : r))].join('\n') + '\n');
    const invalid = await cli(['-q', 'prices', 'convert', bad, '--to', 'csv', '--on-invalid', 'skip', '-o', join(dir, 'q.csv')]);
    expect(invalid.exitCode).toBe(0);
    expect(invalid.stderr).toContain('skipped 1 invalid day (--on-invalid skip)');
    expect(invalid.stderr).not.toContain('wrote');
    const dst = await cli(['-q', 'prices', 'convert', MONTHLY, '--to', 'json', '--dst', 'skip']);
    expect(dst.exitCode).toBe(0);
    expect(dst.stderr.trim()).toBe(`warning: ${MONTHLY}: skipped 2 Europe/Kyiv clock-change days (23 or 25 settlement periods, not 24 hours): 31.03.2024, 27.10.2024; --dst reject fails instead`);
  });
});
