/**
 * Cold CLI runs, as a user or a cron job pays for them: `svc prices stats` and `svc backtest` on
 * the 3-year fixture, beside the floor `node -e 0`, in one run. Median of N spawns each.
 * Run: npm run build && npx tsx bench/cli.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'svc.js');
const FIXTURE = join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function time(args: string[]): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    if (i >= 2) samples.push(ms);
  }
  return median(samples);
}

const floor = time(['-e', '0']);
const rows = [
  { name: 'node -e 0 (floor)', ms: floor, target: '' },
  { name: 'svc --version', ms: time([BIN, '--version']), target: '' },
  { name: 'svc prices stats <3y fixture>', ms: time([BIN, 'prices', 'stats', FIXTURE]), target: '≤ 3.0× floor' },
  { name: 'svc backtest <3y fixture>', ms: time([BIN, 'backtest', FIXTURE]), target: '< 1000 ms' },
];
console.log(`\nCold CLI runs, median of ${RUNS} (node ${process.version})\n`);
console.log('| command | median ms | × node -e 0 | target |');
console.log('|---|---:|---:|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.ms.toFixed(1)} | ${(r.ms / floor).toFixed(2)} | ${r.target} |`);
