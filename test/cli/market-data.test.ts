/** The market-data commands end to end: the built CLI against a local server replaying the operator. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, tempDir } from './helpers.js';
import { cli } from './in-process.js';
import { fixtureDays, indexesBody, pricesBody, resultsBody, startReplay, volumeDays, type Replay, type Script } from '../providers/mktop/replay.js';

let days: Map<string, number[]>;
let replay: Replay;
let script: Script;

beforeAll(async () => {
  days = await fixtureDays();
  replay = await startReplay((hit, n) => script(hit, n));
});
afterAll(async () => {
  await replay.close();
});

const env = (dataDir: string, mode = 'auto') => ({
  SVC_DATA_DIR: dataDir, SVC_MARKET_DATA: mode, SVC_MKTOP_BASE_URL: replay.base, SVC_MKTOP_TIMEOUT_MS: '1000', SVC_MKTOP_RETRIES: '1',
});

describe('svc prices fetch', () => {
  it('writes the operator month hour by hour as the fixture has it; backtest mktop then runs from the cache with the operator down', async () => {
    const dataDir = tempDir();
    const out = join(tempDir(), 'dec.csv');
    script = (hit) => ({ body: pricesBody(days, hit.form.date ?? '') });
    replay.hits.length = 0;
    const r = await cli(['prices', 'fetch', '--month', '12.2024', '-o', out], { env: env(dataDir) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/12\.2024\s+│\s+fetched\s+│\s+31/);
    const fixtureRows = readFileSync(FIXTURE, 'utf8').trim().split('\n').filter((l) => l.slice(3, 10) === '12.2024');
    expect(readFileSync(out, 'utf8').trim().split('\n').slice(1)).toEqual(fixtureRows);
    expect(replay.hits).toHaveLength(1);

    script = () => ({ status: 503, body: 'down' });
    const bt = await cli(['backtest', 'mktop', '--from', '01.12.2024', '--to', '31.12.2024', '--format', 'json'], { env: env(dataDir, 'live') });
    expect(bt.exitCode, bt.stderr).toBe(0);
    const body = JSON.parse(bt.stdout) as { summary: { totalDays: number } };
    expect(body.summary.totalDays).toBe(31);
    // December came from the cache; only the look-back month (November, not cached) was asked for, and its failure is a warning.
    expect(replay.hits.slice(1).map((h) => h.form.date)).toEqual(['11.2024', '11.2024']);
    expect(bt.stderr).toContain('mktop 11.2024 (look-back only)');
  });

  it('resumes a range: months already cached are not fetched again', async () => {
    const dataDir = tempDir();
    script = (hit) => (hit.form.date === '11.2024' ? { status: 500, body: 'x' } : { body: pricesBody(days, hit.form.date ?? '') });
    replay.hits.length = 0;
    const first = await cli(['prices', 'fetch', '--from', '09.2024', '--to', '11.2024'], { env: env(dataDir, 'live') });
    expect(first.exitCode).toBe(1);
    expect(first.stderr).toContain('11.2024: failed');
    expect(first.stderr).toContain('run the same command again to resume');
    script = (hit) => ({ body: pricesBody(days, hit.form.date ?? '') });
    replay.hits.length = 0;
    const second = await cli(['prices', 'fetch', '--from', '09.2024', '--to', '11.2024', '--format', 'json'], { env: env(dataDir, 'live') });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(replay.hits.map((h) => h.form.date)).toEqual(['11.2024']);
    expect((JSON.parse(second.stdout) as { months: { status: string }[] }).months.map((m) => m.status)).toEqual(['cached', 'cached', 'fetched']);
  });

  it('in fixture mode a month the fixtures do not hold is exit 2 (upstream_error, no_data, as indexes and results say it), never the advice to run again', async () => {
    const r = await cli(['prices', 'fetch', '--from', '12.2024', '--to', '01.2025', '--format', 'json'], { env: { SVC_DATA_DIR: tempDir(), SVC_MARKET_DATA: 'fixture' } });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).not.toContain('run the same command again to resume');
    const error = JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '') as { error: { code: string; reason: string; message: string } };
    expect(error.error).toEqual({ code: 'upstream_error', reason: 'no_data', message: 'SVC_MARKET_DATA=fixture and the shipped fixtures hold no prices for DAM 01.2025' });
  });

  it('a failed fetch writes no -o file and does not say it wrote one', async () => {
    const out = join(tempDir(), 'nov.csv');
    const r = await cli(['prices', 'fetch', '--month', '11.2026', '-o', out], { env: { SVC_DATA_DIR: tempDir(), SVC_MARKET_DATA: 'fixture' } });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(r.stderr).not.toContain('wrote');
    expect(r.stderr).toContain('error: SVC_MARKET_DATA=fixture and the shipped fixtures hold no prices for DAM 11.2026');
  });

  it('a period the source does not hold is the same exit 2 and the same error in every command that reads it', async () => {
    const fixture = { env: { SVC_DATA_DIR: tempDir(), SVC_MARKET_DATA: 'fixture' } };
    const cases: [string[], string][] = [
      [['prices', 'fetch', '--month', '11.2026'], 'prices for DAM 11.2026'],
      [['indexes', '--month', '12.2024'], 'indexes for DAM 12.2024'],
      [['results', '--date', '15.12.2024'], 'trading-results for DAM 15.12.2024'],
      [['plan', 'mktop', '--date', '15.11.2026'], 'prices for DAM 11.2026'],
    ];
    for (const [args, what] of cases) {
      const r = await cli([...args, '--format', 'json'], fixture);
      expect(r.exitCode, args.join(' ')).toBe(2);
      const error = JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '') as { error: unknown };
      expect(error.error, args.join(' ')).toEqual({ code: 'upstream_error', reason: 'no_data', message: `SVC_MARKET_DATA=fixture and the shipped fixtures hold no ${what}` });
    }
  });

  it('says clearly what is wrong with its flags', async () => {
    const r = await cli(['prices', 'fetch', '--month', '2024-12'], { env: { SVC_MARKET_DATA: 'fixture' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--month: expected a month MM.YYYY');
  });
});

describe('svc indexes, svc results, svc exch indexes, brief mktop', () => {
  it('reads indexes and results and renders them', async () => {
    const dataDir = tempDir();
    script = (hit) => (hit.path.includes('indexes') ? { body: indexesBody(days, hit.form.date ?? '') } : { body: resultsBody(volumeDays().get(hit.path.split('/')[4] ?? '') ?? []) });
    const idx = await cli(['indexes', '--month', '11.2024', '--format', 'csv'], { env: env(dataDir) });
    expect(idx.exitCode, idx.stderr).toBe(0);
    expect(idx.stdout.split('\n')[0]).toBe('date,base,peak,off_peak,min,max,weighted');
    expect(idx.stdout.trim().split('\n')).toHaveLength(31);
    const res = await cli(['results', '--date', '02.12.2024'], { env: env(dataDir) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('DAM trading results 02.12.2024');
    expect(res.stdout).toMatch(/weighted average [\d,]+\.\d{2} UAH\/MWh/);
  });

  it('indexes and results: headers with their units in English; in Ukrainian under --lang uk, numbers grouped the Ukrainian way', async () => {
    const dataDir = tempDir();
    script = (hit) => (hit.path.includes('indexes') ? { body: indexesBody(days, hit.form.date ?? '') } : { body: resultsBody(volumeDays().get(hit.path.split('/')[4] ?? '') ?? []) });
    const idx = await cli(['indexes', '--month', '11.2024', '--no-color'], { env: env(dataDir) });
    expect(idx.exitCode, idx.stderr).toBe(0);
    expect(idx.stdout).toMatch(/│ Date +│ +Base, +│ +Peak, +│ +Off-peak, +│/);
    expect(idx.stdout).toMatch(/│ +│ +UAH\/MWh │/);
    const idxUk = await cli(['indexes', '--month', '11.2024', '--lang', 'uk', '--no-color'], { env: env(dataDir) });
    expect(idxUk.exitCode, idxUk.stderr).toBe(0);
    expect(idxUk.stdout).toContain('Індекси РДН IPS 11.2024');
    expect(idxUk.stdout).toMatch(/│ Дата +│ +База, +│ +Пік, +│ +Позапік, +│ +Мін, +│ +Макс, +│ Середньозважений, │/);
    expect(idxUk.stdout).toContain('грн/МВт·год');
    expect(idxUk.stdout).toMatch(/\d\u00a0\d{3},\d{2} │/);
    for (const en of ['Date', 'Base', 'Peak', 'Weighted', 'UAH/MWh']) expect(idxUk.stdout).not.toContain(en);
    const res = await cli(['results', '--date', '02.12.2024', '--no-color'], { env: env(dataDir) });
    expect(res.stdout).toMatch(/│ Hour │ +Price, │ +Sale, │ +Purchase, │ +Declared sale, │ +Declared purchase, │\n│ +│ +UAH\/MWh │ +MWh │/);
    const resUk = await cli(['results', '--date', '02.12.2024', '--lang', 'uk', '--no-color'], { env: env(dataDir) });
    expect(resUk.exitCode, resUk.stderr).toBe(0);
    expect(resUk.stdout).toContain('Результати торгів РДН 02.12.2024');
    expect(resUk.stdout).toMatch(/│ Година │ +Ціна, │ +Продаж, │ +Купівля, │ +Заявлений продаж, │ +Заявлена купівля, │/);
    expect(resUk.stdout).toMatch(/середньозважена ціна [\d\u00a0]+,\d{2} грн\/МВт·год/);
    for (const en of ['Hour', 'Price', 'Sale', 'Declared', 'MWh', 'weighted average']) expect(resUk.stdout).not.toContain(en);
    // The CSV is the same in both languages.
    const csv = (lang: string) => cli(['indexes', '--month', '11.2024', '--format', 'csv', '--lang', lang], { env: env(dataDir) });
    expect((await csv('uk')).stdout).toBe((await csv('en')).stdout);
  });

  it('exch indexes is off without an agreement: exit 0 and says why', async () => {
    const r = await cli(['exch', 'indexes'], { env: { SVC_MARKET_DATA: 'fixture' } });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('no redistribution agreement');
  });

  it('exch indexes under an agreement: the period labels in the language of --lang, before or after the command', async () => {
    const source = join(tempDir(), 'bcm.json');
    writeFileSync(source, JSON.stringify([{ periodType: 'monthly', deliveryKey: '2026-12', valueUahMwh: 6120.5 }, { periodType: 'decadal', deliveryKey: '2026-12-D1', valueUahMwh: 5990 }]));
    const run = (args: string[]) => cli([...args, '--format', 'csv'], { env: { SVC_MARKET_DATA: 'fixture', SVC_EXCH_AGREEMENT: 'BCM-T-1', SVC_EXCH_SOURCE: source } });
    const labels = (r: { stdout: string }) => r.stdout.trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    const uk = await run(['exch', 'indexes', '--lang', 'uk']);
    expect(uk.exitCode, uk.stderr).toBe(0);
    const en = await run(['exch', 'indexes', '--lang', 'en']);
    expect(en.exitCode, en.stderr).toBe(0);
    expect(labels(en)).not.toEqual(labels(uk));
    expect(labels(uk)[0]).toMatch(/грудень 2026/);
    expect(labels(en)[0]).toMatch(/December 2026|Dec 2026/);
    expect((await run(['--lang', 'en', 'exch', 'indexes'])).stdout).toBe(en.stdout);
    // The CLI's language is English unless told otherwise, here as for every table.
    expect((await run(['exch', 'indexes'])).stdout).toBe(en.stdout);
  });

  it('brief mktop --date runs on the operator prices (fixture mode) and says where they came from', async () => {
    const r = await cli(['brief', 'mktop', '--date', '02.12.2024', '--format', 'json'], { env: { SVC_MARKET_DATA: 'fixture' } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('mktop 12.2024: fallback (fixture)');
    expect(JSON.parse(r.stdout)).toHaveProperty('brief');
    const show = await cli(['prices', 'show', 'mktop', '--date', '27.10.2024'], { env: { SVC_MARKET_DATA: 'fixture' } });
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toContain('Prices · 27.10.2024 · mktop');
    expect(show.stderr).toContain('fall-back day: 25 settlement periods');
    const none = await cli(['plan', 'mktop'], { env: { SVC_MARKET_DATA: 'fixture' } });
    expect(none.exitCode).toBe(2);
  });
});
