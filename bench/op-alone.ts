/**
 * The plan operation alone on a bare fastify route, as the svc door runs it (the compiled zod
 * parse, `run`, the door's serializer) with none of the door around it: the reference the HTTP
 * benches (http.bench.ts, http-cpu.bench.ts) hold the svc door to.
 */
import type { FastifyInstance } from 'fastify';
import type { SvcConfig } from '../src/config/config.js';
import { inputParser } from '../src/http/input.js';
import { serializerFor } from '../src/http/serialize.js';
import { strategyPlan } from '../src/ops/strategy/plan.js';

export function routeOpAlone(app: FastifyInstance, path: string, config: SvcConfig): void {
  const input = inputParser(strategyPlan);
  const serialize = serializerFor(strategyPlan.output);
  const ctx = {
    now: () => new Date(), newId: () => '', config, caller: { tenantId: 'local', actorId: 'local-user', roles: [], via: 'anonymous' as const },
    logger: { info() {}, warn() {}, error() {} }, stores: () => Promise.reject(new Error('unused')),
  };
  app.post(path, async (request, reply) => {
    const parsed = await input.parse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
    return reply.type('application/json; charset=utf-8').send(serialize(await strategyPlan.run(ctx, parsed.data as Parameters<typeof strategyPlan.run>[1])));
  });
}
