/**
 * Admission control (issue 26, src/http/admission.ts), before vs after, in one run:
 *
 * 1. Throughput of POST /api/strategy/plan (a light request: auth, rate limit, validation, exact
 *    engine) on the server before admission control and after it: autocannon, alternating rounds,
 *    the median of the per-round ratios (load from other work hits both sides alike).
 * 2. `/api/health` latency (median and p90 of sequential requests) idle, and while 20 heavy callers
 *    (each a plan on the forecast of one day from 400 days of history differing by one price, from
 *    its own address) keep the server busy, on both servers.
 *
 * "Before" is a build of the commit before admission control (SVC_BENCH_BEFORE_DIST, e.g. made with
 * `git archive <commit> | tar -x -C /tmp/base && cd /tmp/base && ln -s <repo>/node_modules && npx tsc -p tsconfig.build.json`);
 * "after" is this repository's dist/ (`npm run build`). Both servers run in child processes.
 * Run: SVC_BENCH_BEFORE_DIST=/tmp/base/dist npx tsx bench/admission.bench.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { realBook } from '../test/engines/backtest-fixture.js';

const ROUND_SECONDS = 2.5;
const ROUNDS = 6;
const CONNECTIONS = 16;
const HEAVY_CALLERS = 20;
const HEALTH_SAMPLES = 40;

const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const PLAN_BODY = JSON.stringify({ tradeDate: '02.03.2026', prices: PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh })), settings: { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 } });


async function serve(dist: string): Promise<void> {
  const load = <T>(path: string) => import(pathToFileURL(resolve(dist, path)).href) as Promise<T>;
  const { loadConfig } = await load<typeof import('../src/config/config.js')>('config.js');
  const { startServer } = await load<typeof import('../src/http/listen.js')>('http/listen.js');
  const { operations } = await load<typeof import('../src/ops/index.js')>('ops/index.js');
  const { openMemoryStores } = await load<typeof import('../src/store/sqlite/index.js')>('store/sqlite/index.js');
  const config = loadConfig({ SVC_MARKET_DATA: 'fixture' }, { host: '127.0.0.1', port: 0, logLevel: 'silent', rateLimitPerMinute: 1_000_000, dataDir: '/nonexistent', trustProxy: ['127.0.0.1'], requestTimeoutMs: 600_000 });
  const svc = await startServer({ config, stores: openMemoryStores(), operations: [...operations], logger: false });
  process.send?.({ url: svc.url });
}

interface Histogram { average: number; p50: number; p99: number }
interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

async function start(dist: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', dist], { stdio: 'inherit' });
  const url = await new Promise<string>((ok) => child.once('message', (m) => ok((m as { url: string }).url)));
  return { child, url };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] as number;

async function health(url: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    out.push(performance.now() - t0);
  }
  return out;
}

function heavyBodies(): string[] {
  const book = realBook().book;
  const key = (d: string) => d.split('.').reverse().join('');
  const dates = Object.keys(book).sort((a, b) => key(a).localeCompare(key(b)));
  const tradeDate = dates[dates.length - 1] as string;
  const historyDates = dates.slice(-401, -1);
  const last = historyDates[historyDates.length - 1] as string;
  return Array.from({ length: HEAVY_CALLERS }, (_, i) => {
    const history = Object.fromEntries(historyDates.map((d) => [d, book[d]]));
    history[last] = (book[last] ?? []).map((p) => (p.hour === 0 ? { ...p, priceUahMwh: p.priceUahMwh + i + 1 } : p));
    return JSON.stringify({ tradeDate, prices: book[tradeDate], settings: { volumeMwh: 1, minSpreadUah: 100, maxTradesPerDay: 3, feeUahPerMwh: 10 }, planOn: 'forecast', history });
  });
}

/** Health idle, then under 20 heavy callers (measured from 3 s after they start); the server is killed after. */
async function healthUnderLoad(dist: string, bodies: string[]): Promise<{ idle: number[]; loaded: number[]; statuses: Record<string, number> }> {
  const { child, url } = await start(dist);
  await health(url, 10);
  const idle = await health(url, HEALTH_SAMPLES);
  const statuses: Record<string, number> = {};
  const calls = bodies.map((body, i) =>
    fetch(`${url}/api/strategy/plan`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${i + 1}` }, body }).then(
      async (r) => {
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      },
      () => undefined,
    ),
  );
  await new Promise((r) => setTimeout(r, 3_000));
  const loaded = await health(url, HEALTH_SAMPLES);
  child.kill('SIGKILL');
  await Promise.allSettled(calls);
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
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const side of order) runs[side].push(await autocannon({ ...common, url: `${(side === 'before' ? before : after).url}/api/strategy/plan`, duration: ROUND_SECONDS }));
  }
  before.child.kill();
  after.child.kill();
  const ratios = runs.after.map((r, i) => r.requests.average / (runs.before[i] as Result).requests.average);

  // 2. health idle and under heavy callers, before vs after
  const bodies = heavyBodies();
  const hBefore = await healthUnderLoad(beforeDist, bodies);
  const hAfter = await healthUnderLoad(afterDist, bodies);
  const load1 = loadavg();

  const row = (name: string, list: Result[]) =>
    `| ${name} | ${median(list.map((r) => r.requests.average)).toFixed(0)} | ${median(list.map((r) => r.latency.p50))} | ${median(list.map((r) => r.latency.p99))} | ${list.reduce((a, r) => a + r.non2xx + r.errors, 0)} |`;
  console.log(`\nAdmission control, one run, Node ${process.version}, load average ${load0.map((x) => x.toFixed(1)).join(' ')} at start, ${load1.map((x) => x.toFixed(1)).join(' ')} at end`);
  console.log(`\nPOST /api/strategy/plan (light), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s (medians)`);
  console.log('| server | req/s | p50 ms | p99 ms | non-2xx + errors |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('before admission control', runs.before));
  console.log(row('after admission control', runs.after));
  console.log(`after / before: ${median(ratios).toFixed(3)} (rounds ${ratios.map((x) => x.toFixed(3)).join(', ')})`);
  const f = (xs: number[]) => `${median(xs).toFixed(1)} / ${p90(xs).toFixed(1)}`;
  console.log(`\nGET /api/health, ${HEALTH_SAMPLES} sequential requests (median / p90 ms), idle and under ${HEAVY_CALLERS} heavy callers (plans on the forecast, 400-day histories)`);
  console.log('| server | idle | under heavy callers | ratio of medians | heavy answers by status during the window |');
  console.log('|---|---:|---:|---:|---|');
  for (const [name, h] of [['before admission control', hBefore], ['after admission control', hAfter]] as const) {
    console.log(`| ${name} | ${f(h.idle)} | ${f(h.loaded)} | ${(median(h.loaded) / median(h.idle)).toFixed(1)} | ${JSON.stringify(h.statuses)} |`);
  }
}

// Last: the helpers above are initialised before main() runs.
if (process.argv[2] === 'serve') await serve(process.argv[3] as string);
else await main();
