/**
 * Server CPU per request, process against process: the svc HTTP door as `svc serve` builds it
 * (its logger at the default level on stderr, the agent door mounted, in-process rate limit) beside
 * two bare fastify processes on the same machine in the same run:
 *
 * - `bare`: a fastify route that reads the same body with fastify's own JSON parser, makes the same
 *   engine call (planSpread on the 24 prices) and sends the object (fastify's JSON.stringify);
 * - `op`: a fastify route that runs the operation alone as the door runs it (the compiled zod
 *   parse, `run`, the door's serializer) with none of the door around it;
 * - `loaded`: the same route in a process that has also loaded everything `svc serve` loads (the
 *   registry, the agent door, the stores), unused: what a bigger process costs by itself.
 *
 * Each server is its own process; the load generator (autocannon) runs in this one. For each
 * round the server's CPU (utime + stime from /proc/<pid>/stat) is read before and after, and
 * divided by the requests it answered: CPU µs per request, which on a CPU-bound route is what
 * throughput is the inverse of, and which another job on the shared machine disturbs far less
 * than req/s. Servers are measured in rotating order; medians are reported. Linux only.
 * Each kind runs as SVC_BENCH_PROCESSES processes (default 3), each measured once per round; a
 * kind's figure for a round is the mean over its processes. On a KVM guest one process of the
 * operation alone ran its whole life ≈ 40 % slower than the others of the same code (76 µs a
 * request against 50–61 µs; docs/benchmarks.md, "ninth session"); on another guest one process took
 * 114 µs in one round and 58 in the next ("tenth session"): with one process per kind, such a draw
 * decides the ratios.
 * Before and after in one run: SVC_BENCH_BEFORE=<dir> adds a fourth server, the svc door of an
 * earlier commit exported there (`git archive <commit> src package.json | tar -x -C <dir>` and a
 * node_modules symlink), started the same way.
 * At a fixed request rate: SVC_BENCH_RATE=<requests per second> (autocannon's overallRate, below
 * every server's capacity). At saturation the slower server's kernel time also holds more wake-ups
 * of the waiting load generator (each response to an idle client wakes it: `sock_def_readable`),
 * which widens every gap; at one rate both see the same arrivals (docs/benchmarks.md, "ninth session").
 * Pinned: SVC_BENCH_PIN=<server CPUs>:<load generator CPUs> (taskset lists, e.g. `1:0`) puts every
 * server process, all its threads, on the first set and this process on the second, so that no
 * server draws a different placement beside the load generator than another.
 * The ratios to the operation alone and to the bare route also carry a 95 % interval: the ratio
 * of the kinds' mean per-process medians, bootstrapped over processes (10,000 resamples, fixed
 * seed). On a KVM guest the processes of one kind spread by ±15 % (docs/benchmarks.md, "tenth
 * session"): a ratio is only as sure as its interval.
 * Run: npx tsx bench/http-cpu.bench.ts [seconds per round] [rounds]
 * Profile one server: SVC_BENCH_PROFILE=svc npx tsx bench/http-cpu.bench.ts (writes a .cpuprofile
 * to /tmp/svc-http-prof).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../test/engines/oracle-data.js';

const ROUND_SECONDS = Number(process.argv[2] ?? 3);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONNECTIONS = 16;
/** Processes per server kind (SVC_BENCH_PROCESSES, default 3): see the header. */
const PROCESSES = Math.max(1, Number(process.env.SVC_BENCH_PROCESSES ?? 3));
const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux
const BEFORE = process.env.SVC_BENCH_BEFORE;
/** SVC_BENCH_PIN=<server CPUs>:<load generator CPUs>: see the header. */
const PIN = process.env.SVC_BENCH_PIN?.split(':') as [string, string] | undefined;
if (PIN && (PIN.length !== 2 || !PIN[0] || !PIN[1])) throw new Error(`SVC_BENCH_PIN must be <server CPUs>:<load generator CPUs> (e.g. 1:0), not "${process.env.SVC_BENCH_PIN}"`);
type Kind = 'svc' | 'before' | 'op' | 'loaded' | 'bare';
const ONLY = process.env.SVC_BENCH_ONLY?.split(',') as Kind[] | undefined;
const KINDS: Kind[] = (BEFORE ? ['svc', 'before', 'op', 'loaded', 'bare'] : ['svc', 'op', 'loaded', 'bare']).filter((k) => !ONLY || ONLY.includes(k as Kind)) as Kind[];

const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const SETTINGS = { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 };
const PLAN_BODY = JSON.stringify({ tradeDate: '02.03.2026', prices: PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh })), settings: SETTINGS });

if (process.argv[2] === 'serve') await serve(process.argv[3] as Kind);
else await main();

async function serve(kind: Kind): Promise<void> {
  const Fastify = (await import('fastify')).default;
  const { loadConfig } = await import('../src/config/config.js');
  const config = loadConfig({}, { host: '127.0.0.1', port: 0, rateLimitPerMinute: 1_000_000_000, dataDir: '/nonexistent' });
  let url: string;
  if (kind === 'svc' || kind === 'before') {
    const root = kind === 'before' ? `${BEFORE}/src` : '../src';
    // As src/cli/serve.ts starts it: V8's pretenuring off first (src/http/heap.ts; a build before it has none).
    await import(`${root}/http/heap.js`).then((m: typeof import('../src/http/heap.js')) => m.tuneServerHeap(), () => undefined);
    const { startServer } = (await import(`${root}/http/listen.js`)) as typeof import('../src/http/listen.js');
    const { agentDoor } = (await import(`${root}/mcp/door.js`)) as typeof import('../src/mcp/door.js');
    const { operations } = (await import(`${root}/ops/index.js`)) as typeof import('../src/ops/index.js');
    const { openMemoryStores } = (await import(`${root}/store/sqlite/index.js`)) as typeof import('../src/store/sqlite/index.js');
    // As src/cli/serve.ts starts it.
    const started = await startServer({ config, stores: openMemoryStores(), operations, doors: [agentDoor], logger: { level: config.logLevel, stream: process.stderr } });
    url = `${started.url}/api/strategy/plan`;
  } else {
    const app = Fastify({ logger: false });
    if (kind === 'bare') {
      const { planSpread } = await import('../src/engines/strategy.js');
      const { hourlyPrices } = await import('../src/domain/hourly.js');
      type Body = { tradeDate: string; prices: { hour: number; priceUahMwh: number }[]; settings: typeof SETTINGS };
      app.post('/plan', async (request) => {
        const body = request.body as Body;
        return { tradeDate: body.tradeDate, generatedAt: new Date().toISOString(), plan: planSpread(hourlyPrices(body.prices), body.settings) };
      });
    } else {
      if (kind === 'loaded') {
        await Promise.all([import('../src/ops/index.js'), import('../src/mcp/door.js'), import('../src/http/server.js')]);
        const { openMemoryStores } = await import('../src/store/sqlite/index.js');
        (globalThis as { svcBenchStores?: unknown }).svcBenchStores = openMemoryStores();
      }
      const { routeOpAlone } = await import('./op-alone.js');
      routeOpAlone(app, '/plan', config);
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/plan`;
  }
  process.on('message', (m) => {
    if (m === 'stop') process.exit(0);
  });
  process.send?.({ url, pid: process.pid });
}

interface Result { requests: { average: number }; non2xx: number; errors: number; '2xx': number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

/** The process's user and system CPU so far, in clock ticks. */
function cpuTicks(pid: number): { user: number; system: number } {
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

async function main(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  if (PIN) pin(PIN[1], process.pid);
  const profile = process.env.SVC_BENCH_PROFILE;
  type Server = { child: ChildProcess; url: string; pid: number };
  const servers = new Map<Kind, Server[]>();
  for (const kind of KINDS) {
    const started: Server[] = [];
    for (let p = 0; p < PROCESSES; p++) {
      const execArgv = [...process.execArgv, ...(profile === kind && p === 0 ? ['--cpu-prof', '--cpu-prof-interval=100', '--cpu-prof-dir=/tmp/svc-http-prof'] : [])];
      const child = fork(fileURLToPath(import.meta.url), ['serve', kind], { execArgv, stdio: 'inherit' });
      const ready = await new Promise<{ url: string; pid: number }>((resolve) => child.once('message', (m) => resolve(m as { url: string; pid: number })));
      if (PIN) pin(PIN[0], ready.pid);
      started.push({ child, ...ready });
    }
    servers.set(kind, started);
  }
  const serversOf = (kind: Kind): Server[] => servers.get(kind) ?? [];
  const rate = process.env.SVC_BENCH_RATE ? { overallRate: Number(process.env.SVC_BENCH_RATE) } : {};
  const common = { method: 'POST', headers: { 'content-type': 'application/json' }, body: PLAN_BODY, connections: CONNECTIONS, ...rate };
  for (const kind of KINDS) for (const server of serversOf(kind)) await autocannon({ ...common, url: server.url, duration: 2 });

  // Per kind and round: the mean over the kind's processes (each process weighs the same); per process, its rounds.
  type Row = { rps: number[]; cpuUs: number[]; userUs: number[]; systemUs: number[]; answered: number; perProcess: number[][] };
  const rows = Object.fromEntries(KINDS.map((k) => [k, { rps: [], cpuUs: [], userUs: [], systemUs: [], answered: 0, perProcess: Array.from({ length: PROCESSES }, () => []) }])) as unknown as Record<Kind, Row>;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Every process once per round, in an order that rotates from round to round.
    const all = KINDS.flatMap((kind) => serversOf(kind).map((server, p) => ({ kind, server, p })));
    const shift = (round * (PROCESSES + 1)) % all.length;
    const order = [...all.slice(shift), ...all.slice(0, shift)];
    type Sample = Record<'rps' | 'cpu' | 'user' | 'system', number[]>;
    const got = Object.fromEntries(KINDS.map((k): [Kind, Sample] => [k, { rps: [], cpu: [], user: [], system: [] }])) as Record<Kind, Sample>;
    for (const { kind, server, p } of order) {
      const before = cpuTicks(server.pid);
      const r = await autocannon({ ...common, url: server.url, duration: ROUND_SECONDS });
      const after = cpuTicks(server.pid);
      const perRequest = (ticks: number) => (ticks / TICKS_PER_SECOND / r['2xx']) * 1e6;
      failures += r.non2xx + r.errors;
      const g = got[kind];
      const cpu = perRequest(after.user - before.user + after.system - before.system);
      g.rps.push(r.requests.average);
      g.cpu.push(cpu);
      g.user.push(perRequest(after.user - before.user));
      g.system.push(perRequest(after.system - before.system));
      rows[kind].answered += r['2xx'];
      rows[kind].perProcess[p]?.push(cpu);
    }
    for (const kind of KINDS) {
      const g = got[kind];
      rows[kind].rps.push(mean(g.rps));
      rows[kind].cpuUs.push(mean(g.cpu));
      rows[kind].userUs.push(mean(g.user));
      rows[kind].systemUs.push(mean(g.system));
    }
  }
  for (const list of servers.values()) for (const { child } of list) child.send('stop');

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const ratio = (a: Kind, b: Kind, of: 'rps' | 'cpuUs') =>
    median(rows[a][of].map((x, i) => (of === 'rps' ? x / (rows[b][of][i] as number) : (rows[b][of][i] as number) / x)));
  const name: Record<Kind, string> = {
    svc: 'svc door: POST /api/strategy/plan (as svc serve runs it)',
    before: `svc door before (${BEFORE ?? ''})`,
    op: 'operation alone on a bare fastify route (door parse, run, serializer)',
    loaded: 'the same, in a process that has loaded all svc serve loads (unused)',
    bare: 'bare fastify route, same engine call (planSpread), fastify JSON',
  };
  const load = process.env.SVC_BENCH_RATE ? `, ${process.env.SVC_BENCH_RATE} requests/s offered` : ' (saturated)';
  const pinned = PIN ? `, servers pinned to CPU ${PIN[0]} and the load generator to ${PIN[1]}` : '';
  console.log(`\nServer CPU per request, ${PROCESSES} process(es) per server kind, autocannon ${CONNECTIONS} connections${load}${pinned}, ${ROUNDS} rounds of ${ROUND_SECONDS} s (medians), Node ${process.version}`);
  console.log('| server | req/s | server CPU µs / request | of which user | of which system (kernel) | requests answered |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const kind of KINDS) {
    const row = rows[kind];
    console.log(`| ${name[kind]} | ${median(row.rps).toFixed(0)} | ${median(row.cpuUs).toFixed(1)} | ${median(row.userUs).toFixed(1)} | ${median(row.systemUs).toFixed(1)} | ${row.answered} |`);
  }
  if (PROCESSES > 1) {
    console.log(`\nEach process's median CPU µs / request (the same code, ${PROCESSES} processes of each kind):`);
    for (const kind of KINDS) console.log(`- ${kind}: ${rows[kind].perProcess.map((xs) => median(xs).toFixed(1)).join(', ')}`);
  }
  const processMedians = (kind: Kind) => rows[kind].perProcess.map(median);
  const line = (a: Kind, b: Kind, target: number) => {
    const cpu = ratio(a, b, 'cpuUs');
    const [num, den] = [processMedians(b), processMedians(a)];
    let interval = '';
    if (PROCESSES > 1) {
      const [lo, hi] = bootstrapRatio(num, den);
      interval = `; over processes ${(mean(num) / mean(den)).toFixed(2)}, 95 % interval ${lo.toFixed(2)}–${hi.toFixed(2)}`;
    }
    return `${cpu.toFixed(2)} by CPU per request (req/s ${ratio(a, b, 'rps').toFixed(2)}${interval}); target >= ${target}: ${cpu >= target ? 'met' : 'MISSED'}`;
  };
  const has = (...kinds: Kind[]) => kinds.every((k) => KINDS.includes(k));
  console.log('');
  if (has('svc', 'bare')) console.log(`svc / bare fastify + engine: ${line('svc', 'bare', 0.75)}`);
  if (has('before', 'bare')) console.log(`before / bare fastify + engine: ${line('before', 'bare', 0.75)}`);
  if (has('svc', 'op')) console.log(`svc / operation alone: ${line('svc', 'op', 0.95)}`);
  if (has('before', 'op')) console.log(`before / operation alone: ${line('before', 'op', 0.95)}`);
  if (has('svc', 'before')) console.log(`before / svc, CPU per request: ${ratio('svc', 'before', 'cpuUs').toFixed(2)} (above 1: this build spends less)`);
  if (has('op', 'bare')) console.log(`operation alone / bare fastify + engine: ${ratio('op', 'bare', 'cpuUs').toFixed(2)} (what validation and the op's own work cost)`);
  if (has('loaded', 'op')) console.log(`operation alone, loaded / operation alone: ${ratio('loaded', 'op', 'cpuUs').toFixed(2)} (what the bigger process costs by itself)`);
  if (failures > 0) console.log(`\n${failures} non-2xx responses or errors: the figures are not valid`);
}

/** Every thread of process `pid` onto the CPUs `cpus` (a taskset list). */
function pin(cpus: string, pid: number): void {
  execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
}

/**
 * The 2.5th and 97.5th percentiles of mean(num) / mean(den) when the processes of each kind are
 * resampled with replacement (10,000 times, a fixed-seed generator: the same figures give the same interval).
 */
function bootstrapRatio(num: readonly number[], den: readonly number[], resamples = 10_000): [number, number] {
  const random = mulberry32(0x9e3779b9);
  const resampledMean = (xs: readonly number[]): number => {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(random() * xs.length)] as number;
    return sum / xs.length;
  };
  const ratios = Array.from({ length: resamples }, () => resampledMean(num) / resampledMean(den)).sort((a, b) => a - b);
  return [ratios[Math.floor(resamples * 0.025)] as number, ratios[Math.floor(resamples * 0.975)] as number];
}
