/**
 * The member fits kept between CLI runs (src/ops/forecast/forecast-member-cache.ts), on a cache
 * directory of this test's own: the cold path, explicitly (the rest of the suite shares one warm
 * directory, test/global-setup.ts). A second `svc forecast --date D` reads every day back and
 * prints the same bytes; `--date D+1` fits one new day; SVC_FIT_CACHE=false writes nothing; two
 * processes filling the same directory at once agree.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, svc, tempDir } from './helpers.js';

describe('svc forecast with the member-fit cache', () => {
  it('fits a day and its warm-up once: the same answer warm, one new fit for the next day, nothing written when off', async () => {
    const dir = join(tempDir('svc-fit-cache-'), 'fits');
    const env = { SVC_FIT_CACHE_DIR: dir };
    const files = () => readdirSync(dir).filter((f) => f.endsWith('.f64')).length;
    const cold = await svc(['forecast', FIXTURE, '--date', '30.12.2024', '--format', 'json'], { env });
    expect(cold.exitCode).toBe(0);
    const fitted = files();
    expect(fitted).toBeGreaterThan(80); // the day and its warm-up, one file a day
    const warm = await svc(['forecast', FIXTURE, '--date', '30.12.2024', '--format', 'json'], { env });
    expect(warm.stdout).toBe(cold.stdout);
    expect(files()).toBe(fitted);
    const next = await svc(['forecast', FIXTURE, '--date', '31.12.2024', '--format', 'json'], { env });
    expect(next.exitCode).toBe(0);
    expect(files()).toBe(fitted + 1);
    // Off (a day early in the book: few fits).
    const off = await svc(['forecast', FIXTURE, '--date', '01.03.2022', '--format', 'json'], { env: { ...env, SVC_FIT_CACHE: 'false', SVC_FIT_CACHE_DIR: join(dir, 'unused') } });
    expect(off.exitCode).toBe(0);
    expect(() => readdirSync(join(dir, 'unused'))).toThrow();
  }, 240_000);

  it('is shared safely by processes fitting the same days at once: the same answers, whole files, no temp file left', async () => {
    const dir = join(tempDir('svc-fit-cache-'), 'fits');
    const env = { SVC_FIT_CACHE_DIR: dir };
    // A day early in the book: its warm-up has only the short members, a few seconds of fits.
    const args = ['forecast', FIXTURE, '--date', '15.04.2022', '--format', 'json'];
    const [one, two] = await Promise.all([svc(args, { env }), svc(args, { env })]);
    expect(one.exitCode).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const names = readdirSync(dir);
    expect(names.length).toBeGreaterThan(30);
    expect(names.every((f) => f.endsWith('.f64'))).toBe(true);
    const warm = await svc(args, { env });
    expect(warm.stdout).toBe(one.stdout);
    expect(readdirSync(dir)).toEqual(names);
  }, 120_000);
});
