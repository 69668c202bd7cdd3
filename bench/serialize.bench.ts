/**
 * Response serialisation on the real routes: the door's serializer (src/http/serialize.ts:
 * fastify's schema compiler, fast-json-stringify, from the op's output schema) beside
 * JSON.stringify (the reference its bytes are compared with) and fast-json-stringify given the
 * JSON Schema as is. Until 2026-11-25 the door generated its own writers with `new Function`; that
 * writer's figures from the same bench are in docs/benchmarks.md. The outputs are real: the door's
 * own responses to POST /api/strategy/plan, POST /api/bess/plan and GET /api/mktop/prices (a month
 * of the shipped fixture), parsed back. In-process, warm: median of 15 runs of 2,000 calls after
 * 2,000 warm-up calls. Run: npx tsx bench/serialize.bench.ts
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import { loadConfig } from '../src/config/config.js';
import { buildServer } from '../src/http/server.js';
import { serializerFor } from '../src/http/serialize.js';
import { operations } from '../src/ops/index.js';
import { openMemoryStores } from '../src/store/sqlite/index.js';

type Stringify = (value: unknown) => string;
// fast-json-stringify is fastify's own dependency (its response serialiser compiler).
const fastJson = createRequire(import.meta.url)('fast-json-stringify') as (schema: object, options?: object) => Stringify;

const PRICES = [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100];
const day = PRICES.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));
const ROUTES = [
  { name: 'POST /api/strategy/plan', method: 'POST' as const, url: '/api/strategy/plan', payload: { tradeDate: '02.03.2026', prices: day, settings: { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 6, feeUahPerMwh: 10 } } },
  { name: 'POST /api/bess/plan', method: 'POST' as const, url: '/api/bess/plan', payload: { tradeDate: '02.03.2026', prices: day, settings: { capacityMwh: 4, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 2, degradationCostUahMwh: 150 } } },
  { name: 'GET /api/mktop/prices (a month)', method: 'GET' as const, url: '/api/mktop/prices?month=10.2024' },
];

const config = loadConfig({ SVC_MARKET_DATA: 'fixture' }, { dataDir: '/nonexistent', logLevel: 'silent' });
const app = await buildServer({ config, stores: openMemoryStores(), operations, logger: false });

function time(write: Stringify, value: unknown): number {
  const calls = 2_000;
  for (let i = 0; i < calls; i++) write(value);
  const runs: number[] = [];
  for (let r = 0; r < 15; r++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) write(value);
    runs.push(Number(process.hrtime.bigint() - t) / calls / 1000);
  }
  return runs.sort((a, b) => a - b)[7] as number;
}

console.log(`\nResponse serialisation, µs per response (median of 15 × 2,000 calls, warm), Node ${process.version}`);
console.log('| route | bytes | JSON.stringify | svc serializer (serialize.ts) | fast-json-stringify, schema as is | svc = JSON bytes | as-is = JSON bytes |');
console.log('|---|---:|---:|---:|---:|---|---|');
for (const route of ROUTES) {
  const res = await app.inject({ method: route.method, url: route.url, ...(route.payload ? { payload: route.payload } : {}) });
  if (res.statusCode !== 200) throw new Error(`${route.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const op = operations.find((o) => o.http && `${o.http.method} ${o.http.path}` === `${route.method} ${route.url.split('?')[0]}`);
  if (!op) throw new Error(route.name);
  const value: unknown = JSON.parse(res.body);
  const reference = JSON.stringify(value);
  const ours = serializerFor(op.output);
  const schema = z.toJSONSchema(op.output, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const fjs = fastJson(schema);
  const row = [
    route.name,
    String(reference.length),
    time(JSON.stringify, value).toFixed(2),
    time(ours, value).toFixed(2),
    time(fjs, value).toFixed(2),
    ours(value) === reference ? 'yes' : 'NO',
    fjs(value) === reference ? 'yes' : 'NO',
  ];
  console.log(`| ${row.join(' | ')} |`);
}
await app.close();
