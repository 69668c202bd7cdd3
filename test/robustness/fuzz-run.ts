/**
 * The long run of the OpenAPI-driven fuzzer: `npm run fuzz -- --requests 50000 [--seed 1] [--mode demo|key]`.
 * Prints a report (requests, statuses, routes, failures) and exits 1 when an invariant broke.
 */
import { harness } from '../http/harness.js';
import { fuzz } from './fuzzer.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const requests = Number(arg('requests', '20000'));
const seed = Number(arg('seed', String(Date.now() % 1_000_000)));
const mode = arg('mode', 'demo');
if (!Number.isInteger(requests) || requests < 1) {
  process.stderr.write('--requests: expected a positive integer\n');
  process.exit(2);
}
const config = mode === 'key' ? { requireApiKey: true, apiKey: 'master-key-for-fuzzing-0123456789', enforceRbac: true, rateLimitPerMinute: 1_000_000 } : { rateLimitPerMinute: 1_000_000 };
const h = await harness({ config });
const started = performance.now();
const report = await fuzz(h.app, requests, seed);
const seconds = (performance.now() - started) / 1000;
await h.close();
process.stdout.write(
  [
    `fuzz: ${report.requests} requests over ${report.routes} routes in ${seconds.toFixed(1)} s (seed ${seed}, mode ${mode})`,
    `statuses: ${Object.entries(report.byStatus).sort().map(([s, n]) => `${s}×${n}`).join('  ')}`,
    report.failures.length === 0 ? 'invariants: all held (no 5xx, documented bodies, no leaks, server answering)' : `FAILURES (${report.failures.length}):\n${report.failures.map((f) => `  - ${f}`).join('\n')}`,
  ].join('\n') + '\n',
);
process.exit(report.failures.length === 0 ? 0 : 1);
