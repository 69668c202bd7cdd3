/**
 * The forecast's member fits kept between processes (src/ops/forecast/forecast-member-cache.ts;
 * docs/forecast.md "Doors", docs/benchmarks.md): the built CLI, `svc forecast <3-year fixture>
 * --date D`, run as a user runs it, each a process of its own, on a cache directory of the bench's:
 *
 *   off      SVC_FIT_CACHE=false (every day fitted, as before the cache)
 *   cold     an empty cache (every day fitted and stored)
 *   warm     the same command again (every day read back)
 *   next day --date D+1 (one day fitted)
 *
 * CPU is the child's user + system time (bash `times`, pool threads included), beside the wall
 * time; the outputs of off, cold and warm must be the same bytes. One run, side by side.
 *
 *   npm run build && nice -n 10 npx tsx bench/forecast-member-cache.bench.ts [D]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '../src/domain/dates.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BOOK = join(ROOT, 'fixtures/oree-dam-ips-2022-2024.csv');
const D = process.argv[2] ?? '30.12.2024';
const tmp = mkdtempSync(join(tmpdir(), 'svc-fit-cache-bench-'));
const cache = join(tmp, 'fits');

/** One CLI run: its stdout, wall seconds, and CPU seconds (user + system of the child). */
function run(date: string, env: Record<string, string>): { out: string; wall: number; cpu: number } {
  const cmd = `node bin/svc.js forecast "${BOOK}" --date ${date} --format json > "${tmp}/out.json"; times`;
  const t0 = performance.now();
  const times = execFileSync('bash', ['-c', cmd], { cwd: ROOT, env: { ...process.env, SVC_DATA_DIR: join(tmp, 'data'), SVC_MARKET_DATA: 'fixture', ...env }, encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  // `times`: the shell's own line, then its children's "XmY.YYYs XmY.YYYs" (user, system).
  const secs = (s: string) => s.split(/\s+/).map((v) => /(\d+)m([\d.]+)s/.exec(v)).reduce((a, m) => a + (m ? Number(m[1]) * 60 + Number(m[2]) : 0), 0);
  const cpu = secs(times.trim().split('\n')[1] ?? '');
  return { out: execFileSync('cat', [join(tmp, 'out.json')], { encoding: 'utf8' }), wall, cpu };
}

const files = () => readdirSync(cache).filter((f) => f.endsWith('.f64')).length;
const load = () => loadavg()[0]?.toFixed(1);
try {
  console.log(`svc forecast <3-year fixture> --date ${D}, ${new Date().toISOString()}, load ${load()}`);
  const off = run(D, { SVC_FIT_CACHE: 'false' });
  const cold = run(D, { SVC_FIT_CACHE_DIR: cache });
  const stored = files();
  const warm = run(D, { SVC_FIT_CACHE_DIR: cache });
  const next = run(addDays(D, 1), { SVC_FIT_CACHE_DIR: cache });
  if (cold.out !== off.out || warm.out !== off.out) throw new Error('the cached forecast differs from the fresh one');
  const row = (name: string, r: { wall: number; cpu: number }, note: string) =>
    console.log(`| ${name} | ${r.cpu.toFixed(2)} s | ${r.wall.toFixed(2)} s | ${(off.cpu / r.cpu).toFixed(1)}× | ${note} |`);
  console.log('| run | CPU | wall | CPU off ÷ CPU | |');
  console.log('|---|---|---|---|---|');
  row('off (SVC_FIT_CACHE=false)', off, 'every day fitted');
  row('cold', cold, `every day fitted and stored: ${stored} files`);
  row('warm', warm, 'every day read back; output identical');
  row(`next day (${addDays(D, 1)})`, next, `${files() - stored} day fitted`);
  console.log(`load after: ${load()}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
