/**
 * Cold CLI runs, as a user or a cron job pays for them, beside the floor `node -e 0`, in one run:
 * every command is spawned in turn, round after round (so that load on a shared machine falls on
 * all of them alike), and the median of each is printed with its ratio to the floor's median.
 * With BENCH_BEFORE=<another checkout, built> its svc runs in the same rounds, in a column beside.
 * Beside wall time, each process's CPU time (user + system, from the bench's own children times in
 * /proc/self/stat, which count every waited-for child): steadier than wall time on a loaded machine.
 * Run: npm run build && npx tsx bench/cli.bench.ts   (BENCH_RUNS=15 by default)
 * With BENCH_INSTR=1 (valgrind installed): also one run of each under callgrind, instructions
 * executed by every thread of the process, beside the floor's. Counts do not depend on the
 * machine's load (±1 % from run to run: the JIT's concurrent work varies), so they compare builds
 * on a busy machine where times cannot.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE = join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BEFORE = process.env.BENCH_BEFORE;

interface Case {
  name: string;
  args: string[];
  target: string;
}

const CASES: Case[] = [
  { name: 'svc --version', args: ['--version'], target: '' },
  { name: 'svc prices stats <3y fixture>', args: ['prices', 'stats', FIXTURE], target: '≤ 2× floor' },
  { name: 'svc plan <3y fixture> --date 15.12.2024', args: ['plan', FIXTURE, '--date', '15.12.2024'], target: '≤ 2× floor' },
  { name: 'svc backtest <3y fixture>', args: ['backtest', FIXTURE], target: '< 1000 ms' },
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** CPU ms of this process's waited-for children (cutime + cstime; USER_HZ is 100 on Linux). */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const cpu = new Map<string, number[]>();
function once(args: string[], key?: string): number {
  const c0 = childCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  // `prices` commands exit 0; anything else means the benchmark measures an error path.
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  if (key !== undefined) cpu.set(key, [...(cpu.get(key) ?? []), childCpuMs() - c0]);
  return ms;
}

const builds = [{ label: 'this build', bin: join(ROOT, 'bin', 'svc.js') }, ...(BEFORE ? [{ label: 'before', bin: join(BEFORE, 'bin', 'svc.js') }] : [])];
const floor: number[] = [];
const samples = new Map<string, number[]>();
for (let round = 0; round < RUNS + 2; round++) {
  const warm = round < 2;
  const f = once(['-e', '0'], warm ? undefined : 'floor');
  if (!warm) floor.push(f);
  for (const c of CASES) {
    for (const b of builds) {
      const key = `${b.label}\u0000${c.name}`;
      const ms = once([b.bin, ...c.args], warm ? undefined : key);
      if (warm) continue;
      samples.set(key, [...(samples.get(key) ?? []), ms]);
    }
  }
}

const f = median(floor);
console.log(`\nCold CLI runs, median of ${RUNS} rounds (node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}); floor \`node -e 0\` = ${f.toFixed(1)} ms\n`);
console.log(`| command | ${builds.map((b) => `${b.label} ms | × floor`).join(' | ')} | target |`);
console.log(`|---|${builds.map(() => '---:|---:').join('|')}|---|`);
console.log(`| node -e 0 (floor) | ${builds.map(() => `${f.toFixed(1)} | 1.00`).join(' | ')} | |`);
for (const c of CASES) {
  const cells = builds.map((b) => {
    const m = median(samples.get(`${b.label}\u0000${c.name}`) ?? []);
    return `${m.toFixed(1)} | ${(m / f).toFixed(2)}`;
  });
  console.log(`| ${c.name} | ${cells.join(' | ')} | ${c.target} |`);
}

const fc = median(cpu.get('floor') ?? []);
console.log(`\nCPU time (user + system), medians of the same runs; floor \`node -e 0\` = ${fc.toFixed(0)} ms (10 ms ticks)\n`);
console.log(`| command | ${builds.map((b) => `${b.label} CPU ms | × floor`).join(' | ')} |`);
console.log(`|---|${builds.map(() => '---:|---:').join('|')}|`);
for (const c of CASES) {
  const cells = builds.map((b) => {
    const m = median(cpu.get(`${b.label}\u0000${c.name}`) ?? []);
    return `${m.toFixed(0)} | ${(m / fc).toFixed(2)}`;
  });
  console.log(`| ${c.name} | ${cells.join(' | ')} |`);
}

/** Instructions (millions) of one run under callgrind, all threads. */
function instructions(args: string[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cg-'));
  try {
    const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${join(dir, 'cg.%p')}`, process.execPath, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    if (r.status !== 0) throw new Error(`valgrind ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-400)}`);
    return [...r.stderr.matchAll(/Collected : (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0) / 1e6;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_INSTR === '1') {
  const fi = instructions(['-e', '0']);
  console.log(`\nInstructions (callgrind, all threads, one run each); floor \`node -e 0\` = ${fi.toFixed(0)} M\n`);
  console.log(`| command | ${builds.map((b) => `${b.label} M instr | × floor`).join(' | ')} |`);
  console.log(`|---|${builds.map(() => '---:|---:').join('|')}|`);
  for (const c of CASES) {
    const cells = builds.map((b) => {
      const m = instructions([b.bin, ...c.args]);
      return `${m.toFixed(0)} | ${(m / fi).toFixed(2)}`;
    });
    console.log(`| ${c.name} | ${cells.join(' | ')} |`);
  }
}
