/** A ServerKit for testing one plugin of the HTTP door on a bare fastify instance. */
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify';
import { createAuthenticator } from '../../src/http/auth.js';
import { jsonLimitsFor } from '../../src/http/json-body.js';
import type { ServerKit } from '../../src/http/kit.js';
import { FixedWindowLimiter } from '../../src/http/rate-limit.js';
import { contextFactory } from '../../src/http/request-context.js';
import { ANONYMOUS } from '../../src/http/auth.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import type { SvcConfig } from '../../src/config/config.js';
import { testConfig } from './harness.js';

export async function testKit(overrides: Partial<SvcConfig> = {}, kit: Partial<ServerKit> = {}): Promise<ServerKit> {
  const config = testConfig(overrides);
  const stores = openMemoryStores();
  const now = () => new Date('2026-03-02T10:00:00.000Z');
  const limiter = kit.limiter ?? new FixedWindowLimiter(config.rateLimitPerMinute, config.rateLimitWindowMs, () => now().getTime());
  return {
    config,
    operations: [],
    doors: [],
    newId: () => 'req-1',
    auth: await createAuthenticator(config, stores, now),
    limiter,
    ownsLimiter: false,
    lifecycle: { closing: false },
    jsonLimits: jsonLimitsFor(config.bodyLimitBytes),
    requestLog: (request) => request.log,
    contextOf: contextFactory({ now, newId: () => 'id-1', config, stores: Promise.resolve(stores), limiter, requestLog: (request) => request.log }, ANONYMOUS),
    ...kit,
  };
}

/** A bare fastify instance (request ids from the kit) with the given plugins registered in order. */
export async function appWith(kit: ServerKit, ...plugins: FastifyPluginCallback<ServerKit>[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, genReqId: () => kit.newId() });
  for (const plugin of plugins) await app.register(plugin, kit);
  return app;
}
