/** `svc report` end to end on the built CLI: the page shows exactly the figures `svc backtest --format json` prints. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, tempDir } from './helpers.js';
import { cli } from './in-process.js';
import { asAttribute, pageFigures, valueAt } from '../report/figures.js';

const RANGE = ['--from', '01.10.2024', '--to', '31.12.2024', '--capacity', '2', '--fee', '10', '--max-trades', '3'];

describe('svc report', () => {
  it('backtest: every headline figure equals the one `svc backtest --format json` prints', async () => {
    const out = join(tempDir(), 'backtest.html');
    const [json, page] = await Promise.all([cli(['backtest', FIXTURE, ...RANGE, '--format', 'json']), cli(['report', 'backtest', FIXTURE, ...RANGE, '-o', out])]);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(page.exitCode, page.stderr).toBe(0);
    expect(page.stderr).toMatch(/wrote the backtest report to .*backtest\.html/);
    const result = JSON.parse(json.stdout) as unknown;
    const figures = pageFigures(readFileSync(out, 'utf8'));
    expect(Object.keys(figures)).toContain('summary.combinedNetPnlUah');
    for (const [key, value] of Object.entries(figures)) expect(value, key).toBe(asAttribute(valueAt(result, key)));
  });

  it('day: the page on stdout, in Ukrainian with --lang uk', async () => {
    const r = await cli(['--lang', 'uk', 'report', 'day', FIXTURE, '--date', '15.12.2024']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.startsWith('<!doctype html>\n<html lang="uk">')).toBe(true);
    expect(r.stdout).toContain('Звіт за день · 15.12.2024');
  });

  it('bad input exits 2 naming the flag; mktop needs a range', async () => {
    const bad = await cli(['report', 'backtest', FIXTURE, '--capacity', '-3', '-o', join(tempDir(), 'x.html')]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--capacity: must be/);
    const noRange = await cli(['report', 'backtest', 'mktop']);
    expect(noRange.exitCode).toBe(2);
    expect(noRange.stderr).toMatch(/from and to/);
    expect((await cli(['report', 'forecast', FIXTURE, '--from', '01.12.2024'])).exitCode).toBe(2);
  });
});
