/** Issue 9, "Nothing lost silently" and "Small things": each observed defect, end to end through the built CLI. */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURE, WEEK, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const MONTHLY = join(BIN, '..', '..', 'fixtures', 'oree-monthly-export-2024-12.csv');

/** sample-week with one bad price on 03.12.2024 (line 52) and one on 05.12.2024 (line 100). */
function weekWithBadRows(): string {
  const lines = readFileSync(WEEK, 'utf8').split('\n');
  lines[51] = '03.12.2024,2,abc';
  lines[99] = '05.12.2024,2,-1';
  const file = join(tempDir(), 'bad-week.csv');
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe('prices convert keeps clock-change days where the target can hold them', () => {
  it('long CSV keeps every row (26,301 in, 26,301 out); json/wide exit 2 naming the days unless --dst skip', async () => {
    const rowsIn = readFileSync(FIXTURE, 'utf8').trim().split('\n').length - 1;
    const csv = await cli(['prices', 'convert', FIXTURE, '--to', 'csv']);
    expect(csv.exitCode).toBe(0);
    expect(csv.stdout.trim().split('\n').length - 1).toBe(rowsIn);
    expect(csv.stdout).toContain('\n31.03.2024,22,');
    expect(csv.stdout).not.toContain('\n31.03.2024,23,');
    for (const to of ['json', 'wide']) {
      const r = await cli(['prices', 'convert', MONTHLY, '--to', to]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('31.03.2024: a 23-period day, all 23 periods in the book');
      // The operator's export holds 24 of the autumn day's 25: said against the day's own count.
      expect(r.stderr).toContain('27.10.2024: a 25-period day, 24 periods in the book');
      expect(r.stdout).toBe('');
    }
    const skipped = await cli(['prices', 'convert', MONTHLY, '--to', 'json', '--dst', 'skip']);
    expect(skipped.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(skipped.stdout) as object)).toHaveLength(31);
    expect(skipped.stderr).toContain('skipped 2 Europe/Kyiv clock-change days');
  });
});

describe('--on-invalid', () => {
  it('fail (default): every problem listed in line order, the file named once', async () => {
    const file = weekWithBadRows();
    const r = await cli(['prices', 'stats', file]);
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toContain(`${file}: line 52`);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^ {2}- line 52, field price_uah_mwh: /), expect.stringMatching(/^ {2}- line 100, field price_uah_mwh: /)]);
    expect(r.stderr.split(file).length - 1).toBe(1);
  });

  it('skip: only the invalid days are dropped, each named with its reason, and the summary counts them', async () => {
    const file = weekWithBadRows();
    const r = await cli(['prices', 'stats', file, '--on-invalid', 'skip', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { days: Array<{ tradeDate: string }>; gaps: { missingDays: number; invalid: string[]; calendarDays: number } };
    expect(body.days.map((d) => d.tradeDate)).toEqual(['01.12.2024', '02.12.2024', '04.12.2024', '06.12.2024', '07.12.2024']);
    expect(body.gaps).toMatchObject({ calendarDays: 7, missingDays: 2, invalid: ['03.12.2024', '05.12.2024'] });
    expect(r.stderr).toContain('skipped 2 invalid days');
    expect(r.stderr).toMatch(/03\.12\.2024: line 52, field price_uah_mwh: .*"abc"/);
    const bt = await cli(['backtest', file, '--on-invalid', 'skip']);
    expect(bt.exitCode).toBe(0);
    expect(bt.stdout).toMatch(/2 \(2 invalid, skipped: 03\.12\.2024, 05\.12\.2024\)/);
    const bad = await cli(['prices', 'stats', file, '--on-invalid', 'maybe']);
    expect(bad.exitCode).toBe(2);
  });
});

describe('gaps inside a range are stated', () => {
  it('a backtest over a book that lacks whole months counts and names the missing days', async () => {
    const lines = readFileSync(FIXTURE, 'utf8').trim().split('\n');
    const kept = lines.filter((l, i) => i === 0 || ((l.startsWith('') && /\.(01|04)\.2024,/.test(l))));
    const file = join(tempDir(), 'jan-and-apr.csv');
    writeFileSync(file, `${kept.join('\n')}\n`);
    const r = await cli(['backtest', file, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { summary: { totalDays: number }; analytics: { gaps: { missingDays: number; calendarDays: number; missing: string[] } } };
    expect(body.summary.totalDays).toBe(61);
    expect(body.analytics.gaps).toMatchObject({ calendarDays: 121, missingDays: 60 });
    expect(body.analytics.gaps.missing[0]).toBe('01.02.2024');
    const sweep = await cli(['backtest', file, '--sweep', 'capacityMwh=1,2']);
    expect(sweep.exitCode).toBe(0);
    expect(sweep.stderr).toContain('60 of 121 calendar days between 01.01.2024 and 30.04.2024 have no prices');
    const stats = await cli(['prices', 'stats', file]);
    expect(stats.stderr).toContain('60 of 121 calendar days');
  });
});

describe('small things', () => {
  it('svc help and svc help plan print help and exit 0', async () => {
    const a = await cli(['help']);
    expect(a.exitCode).toBe(0);
    expect(a.stdout).toContain('Usage: svc');
    const b = await cli(['help', 'plan']);
    expect(b.exitCode).toBe(0);
    expect(b.stdout).toContain('Usage: svc plan');
  });

  it('Ukrainian plurals and localised percentages in tables', async () => {
    const r = await cli(['backtest', WEEK, '--lang', 'uk']);
    expect(r.stdout).toContain('7 днів');
    const one = await cli(['backtest', WEEK, '--from', '01.12.2024', '--to', '01.12.2024', '--lang', 'uk']);
    expect(one.stdout).toContain('1 день');
    expect(one.stdout).not.toContain('1 днів');
    expect(r.stdout).toMatch(/\d,\d\u00a0%/);
    const stats = await cli(['prices', 'stats', WEEK, '--lang', 'uk']);
    expect(stats.stderr).toContain('7 днів, грн/МВт·год');
  });

  it('the price chart marks a broken axis instead of exaggerating small differences', async () => {
    const r = await cli(['prices', 'show', WEEK, '--date', '03.12.2024']);
    expect(r.stdout).toContain('broken axis: bars start at');
    expect(r.stdout).toMatch(/≈[\d,]+ │/);
  });

  it('brief CSV writes booleans as true/false', async () => {
    const r = await cli(['brief', WEEK, '--date', '03.12.2024', '--format', 'csv']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/,feeStated,[^,]*,false,/);
  });

  it('risk --fail-on blocked does not stop on a day whose only finding is an unconfirmed cap', async () => {
    const day = readFileSync(WEEK, 'utf8').split('\n').slice(1, 25).map((l, h) => `15.06.2026,${h},${h === 0 ? '15000' : (l.split(',')[2] ?? '')}`);
    const file = join(tempDir(), 'june-2026.csv');
    writeFileSync(file, `date,hour,price_uah_mwh\n${day.join('\n')}\n`);
    const r = await cli(['risk', file, '--date', '15.06.2026', '--fail-on', 'blocked', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { report: { overallStatus: string; checks: Array<{ id: string; status: string; detail: string }> } };
    const anomaly = body.report.checks.find((c) => c.id === 'priceAnomaly');
    expect(anomaly?.status).toBe('review');
    expect(anomaly?.detail).toContain('may be out of date');
    const strict = await cli(['risk', file, '--date', '15.06.2026', '--fail-on', 'review']);
    expect(strict.exitCode).toBe(3);
  });

  it('an unbuilt checkout says what to run instead of a module-resolution stack', async () => {
    const root = tempDir('svc-unbuilt-');
    mkdirSync(join(root, 'bin'));
    copyFileSync(BIN, join(root, 'bin', 'svc.js'));
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    const { execa } = await import('execa');
    const r = await execa('node', [join(root, 'bin', 'svc.js'), '--help'], { reject: false });
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toContain('npm install');
    expect(String(r.stderr)).not.toContain('ERR_MODULE_NOT_FOUND');
  });
});
