/**
 * Admission control and work off the event loop (issue 26: src/http/admission.ts, src/ops/pool.ts),
 * before vs after, in one run:
 *
 * 1. Throughput of POST /api/strategy/plan (a light request: auth, rate limit, validation, exact
 *    engine) on the server before admission control and after it: autocannon, alternating rounds,
 *    the median of the per-round ratios (load from other work hits both sides alike), and the
 *    server's own CPU time per request in each round (process.cpuUsage of its child), which the
 *    machine's other work barely moves where throughput swings by 2× from round to round.
 * 2. `/api/health` latency (median, p90 and max of sequential requests) idle, and over a window of
 *    WINDOW_SECONDS while 20 heavy callers keep the server busy, on both servers. Each heavy caller
 *    has its own address and sends its request again as soon as it is answered (after Retry-After
 *    when it is told to wait, as a client should): 10 long backtests (the 1,090 shipped days, with
 *    months and the battery's carry-over) and 10 receipt verifications of 40 KiB inputs. The window
 *    is long enough for the server without admission control to reach its stall (its requests pile
 *    up on the event loop); the previous version sampled 4 s and saw none.
 *
 * "Before" is a build of the commit before admission control (SVC_BENCH_BEFORE_DIST, e.g. made with
 * `git archive c78dc82 | tar -x -C /tmp/base && cd /tmp/base && ln -s <repo>/node_modules && npx tsc -p tsconfig.build.json --noCheck`);
 * "after" is this repository's dist/ (`npm run build`). Both servers run in child processes.
 * Run: SVC_BENCH_BEFORE_DIST=/tmp/base/dist nice -n 10 npx tsx bench/admission.bench.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { realBook } from '../test/engines/backtest-fixture.js';
import { issueReceipt } from '../src/engines/receipt.js';

const ROUND_SECONDS = 3;
const ROUNDS = 8;
const CONNECTIONS = 16;
const HEAVY_CALLERS = 20;
const IDLE_SAMPLES = 40;
const WINDOW_SECONDS = 20;

const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const PLAN_BODY = JSON.stringify({ tradeDate: '02.03.2026', prices: PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh })), settings: { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 } });


async function serve(dist: string): Promise<void> {
  const load = <T>(path: string) => import(pathToFileURL(resolve(dist, path)).href) as Promise<T>;
  // The configuration module moved to config/ after the "before" commit.
  const { loadConfig } = await load<typeof import('../src/config/config.js')>(existsSync(resolve(dist, 'config/config.js')) ? 'config/config.js' : 'config.js');
  const { startServer } = await load<typeof import('../src/http/listen.js')>('http/listen.js');
  const { operations } = await load<typeof import('../src/ops/index.js')>('ops/index.js');
  const { openMemoryStores } = await load<typeof import('../src/store/sqlite/index.js')>('store/sqlite/index.js');
  const config = loadConfig({ SVC_MARKET_DATA: 'fixture' }, { host: '127.0.0.1', port: 0, logLevel: 'silent', rateLimitPerMinute: 1_000_000, dataDir: '/nonexistent', trustProxy: ['127.0.0.1'], requestTimeoutMs: 600_000, publicRateLimitPerMinute: 1_000_000 });
  const svc = await startServer({ config, stores: openMemoryStores(), operations: [...operations], logger: false });
  // The server's own CPU time on request (user + system µs): CPU per request, which other work on a
  // shared machine barely moves, where its throughput swings from round to round.
  process.on('message', (m) => m === 'cpu' && process.send?.({ cpu: process.cpuUsage() }));
  process.send?.({ url: svc.url });
}

interface Histogram { average: number; p50: number; p99: number; total: number }
interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

async function start(dist: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', dist], { stdio: 'inherit' });
  const url = await new Promise<string>((ok) => child.once('message', (m) => ok((m as { url: string }).url)));
  return { child, url };
}

/** The child's CPU time so far (µs, user + system). */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((ok) => {
    const on = (m: unknown) => {
      const c = (m as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!c) return;
      child.off('message', on);
      ok(c.user + c.system);
    };
    child.on('message', on);
    child.send('cpu');
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] as number;

async function healthOnce(url: string): Promise<number> {
  const t0 = performance.now();
  await (await fetch(`${url}/api/health`)).arrayBuffer();
  return performance.now() - t0;
}

async function health(url: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await healthOnce(url));
  return out;
}

/** Sequential health requests for `seconds` (the last one started inside the window is waited for). */
async function healthFor(url: string, seconds: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) out.push(await healthOnce(url));
  return out;
}

interface HeavyCall {
  path: string;
  body: string;
}

function heavyCalls(): HeavyCall[] {
  const settings = { strategySettings: { volumeMwh: 1, minSpreadUah: 100, maxTradesPerDay: 3, feeUahPerMwh: 10 }, bessSettings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1 } };
  const backtest = { path: '/api/backtest/summary', body: JSON.stringify({ priceBook: realBook().book, ...settings, monthly: true, carryOver: true }) };
  const inputs: Record<string, unknown> = {};
  for (let i = 0; i < 700; i++) inputs[`k${i}`] = { a: i * 1.5, b: 'x'.repeat(20), c: [1, 2] };
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const receipt = issueReceipt({ inputs, issuedAt: '2026-11-27T08:00:00.000Z', privateKey });
  const verify = { path: '/api/ai/receipt/verify', body: JSON.stringify({ receipt, inputs, trustedPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() }) };
  return Array.from({ length: HEAVY_CALLERS }, (_, i) => (i % 2 === 0 ? backtest : verify));
}

interface HealthRun {
  idle: number[];
  loaded: number[];
  /** Heavy answers by status while the window lasted. */
  statuses: Record<string, number>;
}

/** Health idle, then over WINDOW_SECONDS (from 3 s after the heavy callers start); the server is killed after. */
async function healthUnderLoad(dist: string, calls: HeavyCall[]): Promise<HealthRun> {
  const { child, url } = await start(dist);
  await health(url, 10);
  const idle = await health(url, IDLE_SAMPLES);
  const statuses: Record<string, number> = {};
  let counting = false;
  let stop = false;
  const caller = async (c: HeavyCall, i: number): Promise<void> => {
    while (!stop) {
      const r = await fetch(`${url}${c.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${i + 1}` }, body: c.body }).catch(() => null);
      if (!r) return;
      await r.arrayBuffer().catch(() => undefined);
      if (counting) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const wait = Number(r.headers.get('retry-after') ?? 0);
      if (r.status >= 400 && wait > 0) await new Promise((ok) => setTimeout(ok, wait * 1000));
    }
  };
  const running = calls.map(caller);
  await new Promise((r) => setTimeout(r, 3_000));
  counting = true;
  const loaded = await healthFor(url, WINDOW_SECONDS);
  counting = false;
  stop = true;
  child.kill('SIGKILL');
  await Promise.allSettled(running);
  return { idle, loaded, statuses };
}

async function main(): Promise<void> {
  const beforeDist = process.env.SVC_BENCH_BEFORE_DIST;
  if (!beforeDist) throw new Error('set SVC_BENCH_BEFORE_DIST to a build of the commit before admission control');
  const afterDist = fileURLToPath(new URL('../dist', import.meta.url));
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const load0 = loadavg();

  // 1. plan route throughput, before vs after
  const before = await start(beforeDist);
  const after = await start(afterDist);
  const common = { method: 'POST', headers: { 'content-type': 'application/json' }, body: PLAN_BODY, connections: CONNECTIONS };
  for (const s of [before, after]) await autocannon({ ...common, url: `${s.url}/api/strategy/plan`, duration: 2 });
  const runs: Record<'before' | 'after', Result[]> = { before: [], after: [] };
  const cpu: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const side of order) {
      const server = side === 'before' ? before : after;
      const c0 = await cpuOf(server.child);
      const r = await autocannon({ ...common, url: `${server.url}/api/strategy/plan`, duration: ROUND_SECONDS });
      runs[side].push(r);
      cpu[side].push(((await cpuOf(server.child)) - c0) / Math.max(1, r.requests.total));
    }
  }
  before.child.kill();
  after.child.kill();
  const ratios = runs.after.map((r, i) => r.requests.average / (runs.before[i] as Result).requests.average);
  const cpuRatios = cpu.after.map((c, i) => c / (cpu.before[i] as number));

  // 2. health idle and under heavy callers, before vs after
  // SVC_BENCH_ONLY=plan: the plan route only (an A/B of two builds' per-request cost).
  const planOnly = process.env.SVC_BENCH_ONLY === 'plan';
  const calls = heavyCalls();
  const hBefore = planOnly ? null : await healthUnderLoad(beforeDist, calls);
  const hAfter = planOnly ? null : await healthUnderLoad(afterDist, calls);
  const load1 = loadavg();

  const row = (name: string, list: Result[], us: number[]) =>
    `| ${name} | ${median(list.map((r) => r.requests.average)).toFixed(0)} | ${median(list.map((r) => r.latency.p50))} | ${median(list.map((r) => r.latency.p99))} | ${median(us).toFixed(0)} | ${list.reduce((a, r) => a + r.non2xx + r.errors, 0)} |`;
  console.log(`\nAdmission control, one run, Node ${process.version}, load average ${load0.map((x) => x.toFixed(1)).join(' ')} at start, ${load1.map((x) => x.toFixed(1)).join(' ')} at end`);
  console.log(`\nPOST /api/strategy/plan (light), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s (medians)`);
  console.log('| server | req/s | p50 ms | p99 ms | server CPU µs / request | non-2xx + errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('before admission control', runs.before, cpu.before));
  console.log(row('after admission control', runs.after, cpu.after));
  console.log(`req/s after / before: ${median(ratios).toFixed(3)} (rounds ${ratios.map((x) => x.toFixed(3)).join(', ')})`);
  console.log(`server CPU per request after / before: ${median(cpuRatios).toFixed(3)} (rounds ${cpuRatios.map((x) => x.toFixed(3)).join(', ')})`);
  const f = (xs: number[]) => `${median(xs).toFixed(1)} / ${p90(xs).toFixed(1)} / ${Math.max(...xs).toFixed(0)}`;
  console.log(`\nGET /api/health, sequential requests (median / p90 / max ms): ${IDLE_SAMPLES} idle, then for ${WINDOW_SECONDS} s under ${HEAVY_CALLERS} heavy callers (10 backtests of 1,090 days with months and carry-over, 10 verifications of 40 KiB receipt inputs, each repeated as soon as answered)`);
  console.log('| server | idle | under heavy callers | health answers in the window | ratio of medians | heavy answers by status in the window |');
  console.log('|---|---:|---:|---:|---:|---|');
  if (!hBefore || !hAfter) return;
  for (const [name, h] of [['before admission control', hBefore], ['after (admission, pool)', hAfter]] as const) {
    console.log(`| ${name} | ${f(h.idle)} | ${f(h.loaded)} | ${h.loaded.length} | ${(median(h.loaded) / median(h.idle)).toFixed(1)} | ${JSON.stringify(h.statuses)} |`);
  }
}

// Last: the helpers above are initialised before main() runs.
if (process.argv[2] === 'serve') await serve(process.argv[3] as string);
else await main();
