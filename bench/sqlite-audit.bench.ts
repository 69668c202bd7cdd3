/**
 * SQLite audit writes under 100 concurrent callers (issue 26, item 7): POST /api/audit/events
 * through `buildServer` on the file store (WAL, synchronous=FULL), autocannon with 100 connections
 * over loopback, side by side in one run:
 * - "one commit per append": each append its own INSERT and fsync, busy_timeout 5 s (svc before
 *   group commit; rebuilt here from the same shared statement, src/store/sql/audit.ts);
 * - "group commit": the store as shipped (appends arriving together share one transaction).
 * The server runs in a child process so the load generator does not share its event loop.
 * Reports req/s, p50/p99/max latency and requests that waited over autocannon's 10 s timeout.
 * Run: npx tsx bench/sqlite-audit.bench.ts
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.SVC_BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const MASTER = 'bench-master-key-0123456789abcdef';
const VARIANTS = { 'one commit per append (before)': 'per-event', 'group commit (now)': 'group' } as const;
type Variant = (typeof VARIANTS)[keyof typeof VARIANTS];

interface Histogram { p50: number; p99: number; max: number; average: number }
interface Result { latency: Histogram; requests: { average: number }; non2xx: number; errors: number; timeouts: number; '2xx': number; duration: number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

if (process.argv[2] === 'serve') await serve(process.argv[3] as Variant, process.argv[4] ?? '');
else await main();

async function serve(variant: Variant, dataDir: string): Promise<void> {
  const { loadConfig } = await import('../src/config/config.js');
  const { buildServer } = await import('../src/http/server.js');
  const { operations } = await import('../src/ops/index.js');
  const { openSqliteStores } = await import('../src/store/sqlite/index.js');
  const stores = openSqliteStores(dataDir);
  if (variant === 'per-event') {
    const { AUDIT_SQL, auditInsertParams } = await import('../src/store/sql/audit.js');
    stores.db.pragma('busy_timeout = 5000');
    const insert = stores.db.prepare(AUDIT_SQL.insert);
    const { audit } = stores;
    stores.audit = {
      append: async (tenantId, event) => void insert.run(...auditInsertParams(tenantId, event).params),
      list: (tenantId, options) => audit.list(tenantId, options),
      all: (tenantId) => audit.all(tenantId),
    };
  }
  const config = loadConfig(
    { SVC_MARKET_DATA: 'fixture', SVC_REQUIRE_API_KEY: 'true', SVC_API_KEY: MASTER, SVC_RATE_LIMIT_PER_MINUTE: '1000000' },
    { dataDir, logLevel: 'silent' },
  );
  const app = await buildServer({ config, stores, operations, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ url });
}

async function run(variant: Variant): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-audit-'));
  const child = fork(fileURLToPath(import.meta.url), ['serve', variant, dir], { execArgv: ['--import', 'tsx'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (m: { url: string }) => resolve(m.url));
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
    const opts = {
      url: `${url}/api/audit/events`, method: 'POST', connections: CONNECTIONS,
      headers: { authorization: `Bearer ${MASTER}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'prices_loaded', tradeDate: '01.03.2025', source: 'bench', metadata: { rows: 24 } }),
    };
    await autocannon({ ...opts, duration: 1 }); // warm-up
    return await autocannon({ ...opts, duration: SECONDS });
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`\nSQLite audit appends over HTTP: ${CONNECTIONS} connections, ${SECONDS} s per row, loopback\n`);
  console.log('| store | appends /s | p50 ms | p99 ms | max ms | over 10 s (timeouts) | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, variant] of Object.entries(VARIANTS)) {
    const r = await run(variant);
    console.log(`| ${name} | ${Math.round(r['2xx'] / r.duration)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.timeouts} | ${r.non2xx} |`);
  }
}
