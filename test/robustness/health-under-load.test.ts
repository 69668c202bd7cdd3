/**
 * Issue 26 item 3: `/api/health` stalled for seconds while plans on the forecast ran on the event
 * loop. Now heavy work is admitted under concurrency limits and its fits run on the forecast pool
 * (src/http/admission.ts), so health answers while 20 heavy callers keep the pool busy.
 *
 * Proved by interleaving, not by time: health answers arrive while the pool still holds the fits
 * (src/ops/pool.ts poolTasksInFlight), so the fits ran on the pool, not inline on the request thread, while health was answered; every one is
 * a 200 or 503 (healthTimes). The latency ratio to the same server idle is printed, not bounded:
 * the machine running the tests is shared (bench/admission.bench.ts measures it). The server is the
 * built one (dist/, `npm run build` as for the CLI tests): from the TypeScript sources there is no
 * pool worker and fits run inline.
 * 20 callers (distinct addresses through a trusted proxy's X-Forwarded-For) each plan a day on the
 * forecast from a history differing by one price, so no fit is shared (the member-fit cache off); the server closes with no
 * grace, which aborts the remaining work (the requests' signals reach the pool).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { realBook } from '../engines/backtest-fixture.js';
import { testDataDir } from '../temp-data-dir.js';
import { healthTimes, median } from './loop-load.js';
import type * as Listen from '../../src/http/listen.js';
import type * as Config from '../../src/config/config.js';
import type * as Registry from '../../src/ops/index.js';
import type * as Sqlite from '../../src/store/sqlite/index.js';
import type * as Pool from '../../src/ops/pool.js';
import type { PriceBook } from '../../src/domain/prices.js';

const dist = (path: string): string => new URL(`../../dist/${path}`, import.meta.url).href;
if (!existsSync(fileURLToPath(dist('http/listen.js')))) throw new Error('run `npm run build` first: the pool runs the built worker');
const { startServer } = (await import(dist('http/listen.js'))) as typeof Listen;
const { loadConfig } = (await import(dist('config/config.js'))) as typeof Config;
const { operations } = (await import(dist('ops/index.js'))) as typeof Registry;
const { openMemoryStores } = (await import(dist('store/sqlite/index.js'))) as typeof Sqlite;

const { poolTasksInFlight } = (await import(dist('ops/pool.js'))) as typeof Pool;
const CALLERS = 20;

let server: Listen.StartedServer | undefined;
afterAll(async () => server?.close());

describe('health under 20 heavy callers', () => {
  it('answers while plans on the forecast fill the pool (its answers come while the pool holds their fits)', async () => {
    const config = loadConfig(
      { SVC_MARKET_DATA: 'fixture' },
      // No member-fit cache: the callers' histories share every day's fits but the last, and the pool is to stay busy.
      { dataDir: testDataDir(), logLevel: 'silent', host: '127.0.0.1', port: 0, trustProxy: ['127.0.0.1'], shutdownGraceMs: 0, rateLimitPerMinute: 10_000, requestTimeoutMs: 120_000, fitCache: { enabled: false, dir: undefined, maxBytes: 0 } },
    );
    server = await Promise.resolve(startServer({ config, stores: openMemoryStores(), operations: [...operations], logger: false }));
    const url = server.url;
    await healthTimes(url, 5); // warm
    const idle = median(await healthTimes(url, 15));

    const book = realBook().book;
    const dates = Object.keys(book).sort((a, b) => a.split('.').reverse().join().localeCompare(b.split('.').reverse().join()));
    const tradeDate = dates[dates.length - 1] as string;
    const historyDates = dates.slice(-401, -1);
    const answers: Promise<number>[] = [];
    for (let i = 0; i < CALLERS; i++) {
      const history = Object.fromEntries(historyDates.map((d) => [d, book[d]])) as PriceBook;
      const last = historyDates[historyDates.length - 1] as string;
      history[last] = (book[last] ?? []).map((p) => (p.hour === 0 ? { ...p, priceUahMwh: p.priceUahMwh + i + 1 } : p));
      const body = { tradeDate, prices: book[tradeDate], settings: { volumeMwh: 1, minSpreadUah: 100, maxTradesPerDay: 3, feeUahPerMwh: 10 }, planOn: 'forecast', history };
      answers.push(
        fetch(`${url}/api/strategy/plan`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${i + 1}` }, body: JSON.stringify(body) }).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 0,
        ),
      );
    }
    // Let the bodies be parsed and the first fits reach the pool.
    await new Promise((r) => setTimeout(r, 2_000));
    const times = await healthTimes(url, 15, () => poolTasksInFlight());
    const loaded = median(times);
    console.log(`health median idle ${idle.toFixed(2)} ms, under ${CALLERS} heavy callers ${loaded.toFixed(2)} ms: ratio ${(loaded / idle).toFixed(1)}; ${times.whileBusy} of 15 answered while the pool held fits`);
    expect(times.whileBusy).toBeGreaterThan(0);
    // No heavy request has been answered with an error meanwhile (they are running or queued; the
    // defaults admit 2 at once, 2 per caller, 16 waiting: the last 2 callers get 503 heavy_queue_full).
    await server.close();
    server = undefined;
    const statuses = await Promise.all(answers);
    expect(statuses.every((s) => [0, 200, 503].includes(s))).toBe(true);
  }, 120_000);
});
