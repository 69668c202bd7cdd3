/**
 * One server of bench/http-instr/run.sh, from the built tree (`npm run build`), as
 * bench/http-cpu.bench.ts starts it: `svc` (the door as `svc serve` builds it), `op` (the operation
 * alone on a bare fastify route: the door's compiled parse, `run`, the door's serializer), `invoke`
 * (the same through ops/invoke.ts, the operation's one entry: its access check and rounding too) or
 * `bare` (fastify's JSON and the engine call). Further arguments are built modules loaded first,
 * unused (e.g. `ops/index.js mcp/door.js http/server.js`: the "loaded" process). Writes its URL to
 * $SVC_INSTR_URLFILE. SVC_INSTR_ROOT: another built tree (a "before" export with node_modules).
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = process.env.SVC_INSTR_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [kind, ...extra] = process.argv.slice(2);
for (const m of extra) await import(`${ROOT}/dist/${m}`);
const Fastify = (await import(`${ROOT}/node_modules/fastify/fastify.js`)).default;
const { loadConfig } = await import(`${ROOT}/dist/config/config.js`);
const config = loadConfig({}, { host: '127.0.0.1', port: 0, rateLimitPerMinute: 1_000_000_000, dataDir: '/nonexistent' });
let url;
if (kind === 'svc') {
  // As src/cli/serve.ts starts it: V8's pretenuring off first (src/http/heap.ts; a build before it has none).
  await import(`${ROOT}/dist/http/heap.js`).then((m) => m.tuneServerHeap(), () => undefined);
  const { startServer } = await import(`${ROOT}/dist/http/listen.js`);
  const { agentDoor } = await import(`${ROOT}/dist/mcp/door.js`);
  const { operations } = await import(`${ROOT}/dist/ops/index.js`);
  const { openMemoryStores } = await import(`${ROOT}/dist/store/sqlite/index.js`);
  const started = await startServer({ config, stores: openMemoryStores(), operations, doors: [agentDoor], logger: { level: config.logLevel, stream: process.stderr } });
  url = `${started.url}/api/strategy/plan`;
} else {
  const app = Fastify({ logger: false });
  if (kind === 'bare') {
    const { planSpread } = await import(`${ROOT}/dist/engines/strategy.js`);
    const { hourlyPrices } = await import(`${ROOT}/dist/domain/hourly.js`);
    app.post('/plan', async (request) => {
      const body = request.body;
      return { tradeDate: body.tradeDate, generatedAt: new Date().toISOString(), plan: planSpread(hourlyPrices(body.prices), body.settings) };
    });
  } else if (kind === 'op' || kind === 'invoke') {
    const { inputParser } = await import(`${ROOT}/dist/http/input.js`);
    const { serializerFor } = await import(`${ROOT}/dist/http/serialize.js`);
    const { strategyPlan } = await import(`${ROOT}/dist/ops/strategy/plan.js`);
    const input = inputParser(strategyPlan);
    const serialize = serializerFor(strategyPlan.output);
    // The caller's roles matter to `invoke` only (its access check); `op` calls run() directly.
    const ctx = { now: () => new Date(), newId: () => '', config, caller: { tenantId: 'local', actorId: 'local-user', roles: ['owner'], via: 'anonymous' }, logger: { info() {}, warn() {}, error() {} }, stores: () => Promise.reject(new Error('unused')) };
    if (kind === 'invoke') {
      // The operation through its one entry (ops/invoke.ts: access, the compiled parse, run, rounding).
      const { invoke } = await import(`${ROOT}/dist/ops/invoke.js`);
      const options = { parse: input.parse };
      app.post('/plan', async (request, reply) => reply.type('application/json; charset=utf-8').send(serialize(await invoke(strategyPlan, ctx, request.body, options))));
    } else {
      app.post('/plan', async (request, reply) => {
        const parsed = await input.parse(request.body);
        if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
        return reply.type('application/json; charset=utf-8').send(serialize(await strategyPlan.run(ctx, parsed.data)));
      });
    }
  } else throw new Error(`unknown server kind ${kind}`);
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${app.server.address().port}/plan`;
}
writeFileSync(process.env.SVC_INSTR_URLFILE ?? '/dev/stdout', url);
