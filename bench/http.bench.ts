/**
 * HTTP door overhead: autocannon over loopback against POST /api/strategy/plan (the real op with a
 * real 24-hour body: auth, rate limit, zod validation, exact engine, serialization) and, in the
 * same run and the same server process, a bare fastify route that returns a constant body (the
 * floor: no route can do less). Then memory: RSS and heapUsed after GC before and after 100 000
 * plan requests. The servers run in a child process (own event loop, --expose-gc) so the load
 * generator does not share a thread with them. Loopback only; bounded by request counts and
 * durations. The two routes are measured in alternating rounds (plan, floor, floor, plan, ...) and
 * the median of the per-round ratios is reported, so load from other work on a shared machine
 * hits both sides alike. Run: npx tsx bench/http.bench.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROUND_SECONDS = Number(process.env.SVC_BENCH_SECONDS ?? 2.5);
const ROUNDS = 6;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 16;
const SOAK_REQUESTS = 100_000;

const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const PLAN_BODY = JSON.stringify({
  tradeDate: '02.03.2026',
  prices: PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh })),
  settings: { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 },
});

interface Memory { rss: number; heapUsed: number }
type Urls = { svc: string; bare: string };
type ChildMessage = { ready: Urls } | { memory: Memory };

if (process.argv[2] === 'serve') {
  await serve();
} else {
  await main();
}

async function serve(): Promise<void> {
  const Fastify = (await import('fastify')).default;
  const { loadConfig } = await import('../src/config/config.js');
  const { startServer } = await import('../src/http/listen.js');
  const { operations } = await import('../src/ops/index.js');
  const { openMemoryStores } = await import('../src/store/sqlite/index.js');
  const config = loadConfig({}, { host: '127.0.0.1', port: 0, logLevel: 'silent', rateLimitPerMinute: 1_000_000_000, dataDir: '/nonexistent' });
  const svc = await startServer({ config, stores: openMemoryStores(), operations, logger: false });
  const bare = Fastify({ logger: false });
  const constant = { ok: true };
  bare.post('/bare', async () => constant);
  // The op alone on the bare server (validation, engine and serialization as the door does them;
  // no svc HTTP layer): splits the gap to the floor into what the op costs and what the door adds.
  const { routeOpAlone } = await import('./op-alone.js');
  routeOpAlone(bare, '/op', config);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const barePort = typeof address === 'object' && address ? address.port : 0;
  const send = (m: ChildMessage) => process.send?.(m);
  process.on('message', (m: unknown) => {
    if (m === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc;
      for (let i = 0; i < 3; i++) gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ memory: { rss, heapUsed } });
    } else if (m === 'stop') {
      void Promise.all([svc.close(), bare.close()]).then(() => process.exit(0));
    }
  });
  send({ ready: { svc: svc.url, bare: `http://127.0.0.1:${barePort}` } });
}

interface Histogram { average: number; p50: number; p99: number }
interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number; duration: number; '2xx': number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

function request(child: ChildProcess, message: string): Promise<ChildMessage> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as ChildMessage));
    child.send(message);
  });
}

async function main(): Promise<void> {
  // autocannon ships no types; this is the slice of its API used here.
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: [...process.execArgv, '--expose-gc'], stdio: 'inherit' });
  const ready = await new Promise<Urls>((resolve) => child.once('message', (m) => resolve((m as { ready: Urls }).ready)));
  const common = { method: 'POST', headers: { 'content-type': 'application/json' }, body: PLAN_BODY, connections: CONNECTIONS };
  const planUrl = `${ready.svc}/api/strategy/plan`;
  const bareUrl = `${ready.bare}/bare`;
  const opUrl = `${ready.bare}/op`;

  const urls = { plan: planUrl, op: opUrl, bare: bareUrl } as const;
  type Route = keyof typeof urls;
  for (const url of Object.values(urls)) await autocannon({ ...common, url, duration: WARMUP_SECONDS });
  const runs: Record<Route, Result[]> = { plan: [], op: [], bare: [] };
  const orders: Route[][] = [['plan', 'op', 'bare'], ['bare', 'op', 'plan'], ['op', 'plan', 'bare']];
  for (let round = 0; round < ROUNDS; round++) {
    for (const route of orders[round % orders.length] as Route[]) {
      runs[route].push(await autocannon({ ...common, url: urls[route], duration: ROUND_SECONDS }));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const summary = (list: Result[]) => ({
    rps: median(list.map((r) => r.requests.average)),
    p50: median(list.map((r) => r.latency.p50)),
    p99: median(list.map((r) => r.latency.p99)),
    non2xx: list.reduce((a, r) => a + r.non2xx, 0),
    errors: list.reduce((a, r) => a + r.errors, 0),
  });
  const perRound = (a: Route, b: Route) => runs[a].map((r, i) => r.requests.average / (runs[b][i] as Result).requests.average);
  const ratios = perRound('plan', 'bare');
  const layer = perRound('plan', 'op');
  const opOnly = perRound('op', 'bare');

  const before = (await request(child, 'memory')) as { memory: Memory };
  const soak = await autocannon({ ...common, url: planUrl, amount: SOAK_REQUESTS });
  const after = (await request(child, 'memory')) as { memory: Memory };
  child.send('stop');

  const ratio = median(ratios);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const rows = [
    ['POST /api/strategy/plan (svc: door + op)', summary(runs.plan)],
    ['POST /op (same op on a bare route, no svc door)', summary(runs.op)],
    ['POST /bare constant body (floor)', summary(runs.bare)],
  ] as const;
  const fmt = (xs: number[]) => `${median(xs).toFixed(2)} (rounds ${xs.map((x) => x.toFixed(2)).join(', ')})`;
  console.log(`\nHTTP throughput, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s per route in rotating order (medians), loopback, Node ${process.version}`);
  console.log('| route | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
  console.log(`\nsvc / floor: ${fmt(ratios)}; target >= 0.6: ${ratio >= 0.6 ? 'ok' : 'MISSED'}`);
  console.log(`op alone / floor: ${fmt(opOnly)}  (the ceiling any door could reach with this op)`);
  console.log(`svc / op alone: ${fmt(layer)}  (what the svc door itself keeps)`);
  console.log(`\nMemory after GC around ${SOAK_REQUESTS} plan requests (${soak['2xx']} 2xx, ${soak.non2xx} non-2xx, ${soak.duration.toFixed(1)} s)`);
  console.log('| | before MiB | after MiB | growth MiB |');
  console.log('|---|---:|---:|---:|');
  console.log(`| heapUsed | ${mb(before.memory.heapUsed)} | ${mb(after.memory.heapUsed)} | ${mb(after.memory.heapUsed - before.memory.heapUsed)} |`);
  console.log(`| RSS | ${mb(before.memory.rss)} | ${mb(after.memory.rss)} | ${mb(after.memory.rss - before.memory.rss)} |`);
}
