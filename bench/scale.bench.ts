/**
 * Scale-out: the plan route and the audit list through ONE and TWO `svc serve` processes (the built
 * CLI) on the same PostgreSQL and Redis, side by side in one run: throughput (sum over instances)
 * and p99 (the worse instance). The load generator runs one autocannon per instance at once, half
 * the connections each, so a 2-instance row uses as many connections as the 1-instance row. Then
 * the stores alone: PostgreSQL (server) vs SQLite (file, WAL, synchronous=FULL) for audit appends
 * (sequential and 8 concurrent writers) and audit page reads. Loopback; on a shared 2-core machine
 * the load generator, both instances and the database compete for the same cores.
 * Needs the servers: SVC_TEST_DATABASE_URL and SVC_TEST_REDIS_URL (defaults: 127.0.0.1:5432/test, :6379).
 * Run: npm run build && npx tsx bench/scale.bench.ts
 */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditBody, call, dropSchema, type Instance, MASTER, startInstance, stop, uniqueName } from '../test/cluster/serve.js';

process.env.SVC_TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.SVC_TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
const DB = process.env.SVC_TEST_DATABASE_URL;
const REDIS = process.env.SVC_TEST_REDIS_URL;
const SECONDS = Number(process.env.SVC_BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

interface Histogram { average: number; p50: number; p99: number }
interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number; duration: number; '2xx': number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const PLAN_BODY = JSON.stringify({
  tradeDate: '02.03.2026',
  prices: PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh })),
  settings: { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 },
});

const ROUTES = {
  plan: { method: 'POST', path: '/api/strategy/plan', body: PLAN_BODY },
  'audit list': { method: 'GET', path: '/api/audit/events?limit=50' },
} as const;

async function load(instances: Instance[], route: keyof typeof ROUTES, seconds: number): Promise<{ rps: number; p99: number; bad: number }> {
  const r = ROUTES[route];
  const per = Math.max(1, Math.floor(CONNECTIONS / instances.length));
  const results = await Promise.all(instances.map((i) => autocannon({
    url: `${i.url}${r.path}`, method: r.method, connections: per, duration: seconds,
    headers: { authorization: `Bearer ${MASTER}`, 'content-type': 'application/json' }, ...('body' in r ? { body: r.body } : {}),
  })));
  return {
    rps: results.reduce((s, x) => s + x['2xx'] / x.duration, 0),
    p99: Math.max(...results.map((x) => x.latency.p99)),
    bad: results.reduce((s, x) => s + x.non2xx + x.errors, 0),
  };
}

async function httpPart(): Promise<void> {
  const schema = uniqueName('svc_bench');
  const env = { SVC_DATABASE_URL: DB, SVC_DATABASE_SCHEMA: schema, SVC_REDIS_URL: REDIS, SVC_REDIS_KEY_PREFIX: `${schema}:`, SVC_RATE_LIMIT_PER_MINUTE: '1000000' };
  const [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  try {
    for (let i = 0; i < 500; i++) await call(a.url, 'POST', '/api/audit/events', MASTER, auditBody(i));
    console.log(`\nHTTP through svc serve on PostgreSQL + Redis: ${CONNECTIONS} connections, ${SECONDS} s per cell (1 instance, then 2)\n`);
    console.log('| route | instances | req/s | p99 ms | non-2xx |');
    console.log('|---|---:|---:|---:|---:|');
    for (const route of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      await load([a, b], route, 1); // warm both
      for (const set of [[a], [a, b]]) {
        const r = await load(set, route, SECONDS);
        console.log(`| ${route} | ${set.length} | ${Math.round(r.rps)} | ${r.p99} | ${r.bad} |`);
      }
    }
  } finally {
    await Promise.all([stop(a), stop(b)]);
    await dropSchema(schema);
  }
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function timed(n: number, writers: number, op: (i: number) => Promise<unknown>): Promise<{ perSec: number; p99: number }> {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: writers }, async () => {
    while (next < n) {
      const i = next++;
      const s = performance.now();
      await op(i);
      lat.push(performance.now() - s);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  return { perSec: n / seconds, p99: pct(lat, 99) };
}

async function storePart(): Promise<void> {
  const { openSqliteStores } = await import('../src/store/sqlite/index.js');
  const { openPostgresStores } = await import('../src/store/postgres/index.js');
  const { randomUUID } = await import('node:crypto');
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const schema = uniqueName('svc_bench_store');
  const engines = [
    { name: 'SQLite (file, WAL, FULL)', stores: openSqliteStores(dir) },
    { name: 'PostgreSQL (server, pool 8)', stores: await openPostgresStores({ url: DB, schema, poolMax: 8 }) },
  ];
  const N = 2_000;
  console.log(`\nAudit store alone: ${N} appends, then ${N} page reads (limit 50) per row\n`);
  console.log('| store | appends, 1 writer /s | p99 ms | appends, 8 writers /s | p99 ms | page reads, 8 readers /s | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { name, stores } of engines) {
    const event = (i: number) => ({ id: randomUUID(), createdAt: new Date().toISOString(), type: 'prices_loaded', actor: 'bench', tradeDate: '01.03.2025', source: `b${i}`, metadata: { i } });
    const one = await timed(N, 1, (i) => stores.audit.append('bench', event(i)));
    const eight = await timed(N, 8, (i) => stores.audit.append('bench', event(i)));
    const reads = await timed(N, 8, () => stores.audit.list('bench', { limit: 50 }));
    const f = (x: { perSec: number; p99: number }) => `${Math.round(x.perSec)} | ${x.p99.toFixed(2)}`;
    console.log(`| ${name} | ${f(one)} | ${f(eight)} | ${f(reads)} |`);
    await stores.close();
  }
  rmSync(dir, { recursive: true, force: true });
  await dropSchema(schema);
}

await httpPart();
await storePart();
