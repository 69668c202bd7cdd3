/**
 * Test harness for the HTTP door: the real registry, real in-memory SQLite stores, a controllable
 * clock, and an inject() that checks every response against the OpenAPI document and the common
 * headers.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type SvcConfig } from '../../src/config/config.js';
import { buildServer } from '../../src/http/server.js';
import { agentDoor } from '../../src/mcp/door.js';
import { operations as registry } from '../../src/ops/index.js';
import type { Operation } from '../../src/ops/types.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import type { Stores } from '../../src/store/types.js';
import { OpenApiChecker } from './openapi-check.js';
import { fitCacheEnv, testDataDir } from '../temp-data-dir.js';

/** The real registry (a copy, so a test may append its own ops). */
export function allOperations(): Operation[] {
  return [...registry];
}

export function testConfig(overrides: Partial<SvcConfig> = {}): SvcConfig {
  // Market data from the shipped fixtures: no test reaches for the network unless it points a base URL at a local server.
  // A long request deadline (admission.ts): forecast fits run inline from the TypeScript sources and
  // may take minutes on a busy machine; the deadline tests set their own.
  return loadConfig({ SVC_MARKET_DATA: 'fixture', ...fitCacheEnv() }, { dataDir: testDataDir(), logLevel: 'silent', requestTimeoutMs: 600_000, ...overrides });
}

export interface Harness {
  app: FastifyInstance;
  stores: Stores;
  config: SvcConfig;
  clock: { now: Date; advance(ms: number): void };
  logs: string[];
  inject(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  json<T = Record<string, unknown>>(res: LightMyRequestResponse): T;
  close(): Promise<void>;
}

export interface HarnessOptions {
  config?: Partial<SvcConfig>;
  operations?: Operation[];
  stores?: Stores;
  /** Capture logs at this level (default: silent). */
  logLevel?: 'info' | 'warn' | 'error' | 'debug';
}

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const config = testConfig(options.config);
  const stores = options.stores ?? openMemoryStores();
  const clock = {
    now: new Date('2026-03-02T10:00:00.000Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildServer({
    config,
    stores,
    operations: options.operations ?? allOperations(),
    // The agent door (MCP, narrator) as svc serve mounts it, so every HTTP test covers its routes.
    doors: [agentDoor],
    now: () => clock.now,
    logger: options.logLevel ? { level: options.logLevel, stream } : false,
  });
  const docRes = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const checker = new OpenApiChecker(JSON.parse(docRes.body) as Record<string, unknown>);

  async function inject(opts: InjectOptions | string): Promise<LightMyRequestResponse> {
    const o: InjectOptions = typeof opts === 'string' ? { method: 'GET', url: opts } : opts;
    const res = await app.inject(o);
    const method = (o.method ?? 'GET').toString().toUpperCase();
    const url = (o.url ?? '/').toString();
    checker.check(method, url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    const requestId = res.headers['x-request-id'];
    if (typeof requestId !== 'string' || requestId === '') throw new Error(`${method} ${url}: no x-request-id header`);
    if (res.headers['cache-control'] !== 'no-store') throw new Error(`${method} ${url}: cache-control is ${res.headers['cache-control']}`);
    if (res.headers['x-svc-api-version'] !== 'v1') throw new Error(`${method} ${url}: no x-svc-api-version`);
    if (res.statusCode >= 400 && method !== 'HEAD') {
      const body = JSON.parse(res.body) as { error?: { requestId?: string } };
      // Health's 503 carries the readiness body, not the error body.
      if (!(url.startsWith('/api/health') && res.statusCode === 503) && body.error?.requestId !== requestId) {
        throw new Error(`${method} ${url}: error body requestId ${body.error?.requestId} != header ${requestId}`);
      }
    }
    return res;
  }

  return {
    app,
    stores,
    config,
    clock,
    logs,
    inject,
    json: <T>(res: LightMyRequestResponse) => JSON.parse(res.body) as T,
    async close() {
      await app.close();
      await stores.close();
    },
  };
}

export const PRICES = Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: [1500, 1400, 1300, 1250, 1300, 1600, 2400, 3800, 4200, 4000, 3600, 3300, 3100, 3000, 3200, 3600, 4300, 5200, 5600, 5400, 4800, 3900, 2900, 2100][hour] as number }));
export const SETTINGS = { volumeMwh: 2, minSpreadUah: 100, maxTradesPerDay: 3, feeUahPerMwh: 10 };
export const PLAN_BODY = { tradeDate: '02.03.2026', prices: PRICES, settings: SETTINGS };

export function post(url: string, payload: unknown, headers: Record<string, string> = {}): InjectOptions {
  return { method: 'POST', url, payload: payload as InjectOptions['payload'], headers: { 'content-type': 'application/json', ...headers } };
}
