/**
 * The operation routes: one fastify route per registry operation with an `http` binding, plus the
 * OpenAPI document; no product route is written by hand. A route's guard (guard.ts) runs before
 * its body is read; its handler runs the operation through `invoke` — permission, validation by
 * the op's zod schema (compiled by zod, input.ts; 400 with each failing path), `run`, output
 * rounding — and writes the output exactly as JSON.stringify would (serialize.ts) with the op's
 * status and headers.
 */
import type { HttpBinding, Operation } from '../ops/types.js';
import { invoke } from '../ops/invoke.js';
import { createGuards } from './guard.js';
import { OPENAPI_PATH } from './headers.js';
import { inputOf, inputParser } from './input.js';
import type { ServerKit } from './kit.js';
import { buildOpenApi } from './openapi.js';
import { rootPlugin } from './plugin.js';
import { serializerFor } from './serialize.js';

const HEALTH_PATH = '/api/health';
/** Routes whose responses omit X-Svc-Security-Mode (anonymous status and interface metadata). */
const MODE_NEUTRAL = new Set([HEALTH_PATH, OPENAPI_PATH]);

export const routesPlugin = rootPlugin<ServerKit>('svc-routes', (app, kit, done) => {
  const guards = createGuards(kit);
  const { lifecycle, contextOf } = kit;

  for (const op of kit.operations) {
    const http: HttpBinding | undefined = op.http;
    if (!http) continue;
    const input = inputParser(op);
    const serialize = serializerFor(op.output);
    const options = { parse: input.parse };
    app.route({
      method: http.method,
      url: http.path,
      // HEAD answers every GET route with its headers and no body (RFC 9110 9.3.2).
      exposeHeadRoute: http.method === 'GET',
      // A route's own body limit (the public verify route) applies before the body is read; never above the global one.
      ...(http.bodyLimitBytes !== undefined ? { bodyLimit: Math.min(http.bodyLimitBytes, kit.config.bodyLimitBytes) } : {}),
      // Per route, because request.routeOptions is rebuilt on every access (too slow for every request).
      onRequest: guards.of(op, MODE_NEUTRAL.has(http.path), http.addressRateLimit === true),
      handler: async (request, reply) => {
        let output: unknown;
        try {
          output = await invoke(op as Operation, contextOf(request), inputOf(op, request, reply), options);
        } catch (error) {
          // Answered at its deadline (admission.ts) while the work ran on: nothing more to send.
          if (reply.sent) return reply;
          throw error;
        }
        if (reply.sent) return reply;
        reply.code(http.statusOf ? http.statusOf(output) : http.successStatus);
        if (lifecycle.closing) reply.header('connection', 'close');
        if (http.headers) reply.headers(http.headers);
        if (http.headersOf) reply.headers(http.headersOf(output));
        if (http.media) return reply.type(http.media.type).send(http.media.bodyOf(output));
        return reply.type('application/json; charset=utf-8').send(serialize(output));
      },
    });
  }

  const openapi = buildOpenApi(kit.operations, kit.config, kit.doors);
  app.get(OPENAPI_PATH, { exposeHeadRoute: true, onRequest: guards.of({ access: 'public' }, true) }, async (_request, reply) => {
    if (lifecycle.closing) reply.header('connection', 'close');
    return openapi;
  });
  done();
});
