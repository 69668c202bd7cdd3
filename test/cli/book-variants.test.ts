/** Books as they come, through the CLI (issue 34 item 7): --hour-base, and svc's forecast CSV read back as a book. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, WEEK, tempDir } from './helpers.js';
import { cli } from './in-process.js';

/** sample-week.csv with its hours numbered 1..24. */
function oneBasedWeek(): string {
  const [header, ...rows] = readFileSync(WEEK, 'utf8').trim().split('\n');
  const file = join(tempDir(), 'week-1-24.csv');
  writeFileSync(file, [header, ...rows.map((r) => r.replace(/^([^,]+),(\d+),/, (_, d: string, h: string) => `${d},${Number(h) + 1},`))].join('\n') + '\n');
  return file;
}

describe('--hour-base', () => {
  it('a 1..24 book: exit 2 in one line by default; --hour-base 1 reads the same days as the 0..23 book; auto says what it found; a bad value is exit 2', async () => {
    const file = oneBasedWeek();
    const [plain, one, auto, zeroBased, bad] = await Promise.all([
      cli(['prices', 'stats', file, '--format', 'json']),
      cli(['prices', 'stats', file, '--hour-base', '1', '--format', 'json']),
      cli(['prices', 'stats', file, '--hour-base', 'auto', '--format', 'json']),
      cli(['prices', 'stats', WEEK, '--format', 'json']),
      cli(['prices', 'stats', file, '--hour-base', '2']),
    ]);
    expect(plain.exitCode).toBe(2);
    expect(plain.stderr.trim().split('\n')).toHaveLength(1);
    expect(plain.stderr).toContain('the hours look numbered 1..24; --hour-base 1 reads them so');
    expect(one.exitCode).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual(JSON.parse(zeroBased.stdout));
    expect(one.stderr).toBe('');
    expect(auto.exitCode).toBe(0);
    expect(JSON.parse(auto.stdout)).toEqual(JSON.parse(zeroBased.stdout));
    expect(auto.stderr).toContain('hours numbered 1..24 (no hour 0, an hour 24)');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--hour-base: expected 0, 1 or auto, got "2"');
  });

  it('prices convert takes --hour-base as the other readers do (its error suggests it)', async () => {
    const file = oneBasedWeek();
    const [plain, one, auto, zeroBased] = await Promise.all([
      cli(['prices', 'convert', file, '--to', 'wide']),
      cli(['prices', 'convert', file, '--to', 'wide', '--hour-base', '1']),
      cli(['prices', 'convert', file, '--to', 'wide', '--hour-base', 'auto']),
      cli(['prices', 'convert', WEEK, '--to', 'wide']),
    ]);
    expect(plain.exitCode).toBe(2);
    expect(plain.stderr).toContain('--hour-base auto finds the numbering');
    expect([one.exitCode, one.stdout]).toEqual([0, zeroBased.stdout]);
    expect([auto.exitCode, auto.stdout]).toEqual([0, zeroBased.stdout]);
    expect(auto.stderr).toContain('hours numbered 1..24 (no hour 0, an hour 24)');
  });
});

describe("svc's forecast CSV as a book", () => {
  it('plans on its p50 and says on stderr that the prices are a forecast', async () => {
    const file = join(ROOT, 'fixtures', 'svc-forecast-2025-01-01.csv');
    const p50 = readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',')[3]));
    const r = await cli(['plan', file, '--date', '01.01.2025', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('its p50 column is read as the prices (a forecast, not market prices)');
    const trades = (JSON.parse(r.stdout) as { plan: { trades: { buyHour: number; sellHour: number; buyPriceUahMwh: number; sellPriceUahMwh: number }[] } }).plan.trades;
    expect(trades.length).toBeGreaterThan(0);
    for (const t of trades) expect([t.buyPriceUahMwh, t.sellPriceUahMwh]).toEqual([p50[t.buyHour], p50[t.sellHour]]);
  });

  it('flows on as a forecast: risk marks its data checks forecast and the brief says so, even with -q', async () => {
    const file = join(ROOT, 'fixtures', 'svc-forecast-2025-01-01.csv');
    const risk = await cli(['risk', file, '--date', '01.01.2025', '-q', '--format', 'json']);
    expect(risk.exitCode, risk.stderr).toBe(0);
    const body = JSON.parse(risk.stdout) as { report: { checks: { id: string; status: string; detail: string }[] } };
    expect(body.report.checks.find((c) => c.id === 'dataSource')).toMatchObject({ status: 'forecast', detail: expect.stringContaining('svc forecast CSV read back') });
    const brief = await cli(['brief', file, '--date', '01.01.2025', '--lang', 'en', '-q', '--format', 'json']);
    expect(brief.exitCode, brief.stderr).toBe(0);
    expect((JSON.parse(brief.stdout) as { brief: { summary: string } }).brief.summary).toMatch(/forecast/i);
    // A market book is not marked.
    const market = await cli(['risk', join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv'), '--date', '15.12.2024', '-q', '--format', 'json']);
    expect((JSON.parse(market.stdout) as { report: { checks: { id: string; status: string }[] } }).report.checks.find((c) => c.id === 'dataSource')?.status).not.toBe('forecast');
  });
});
