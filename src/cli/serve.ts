/**
 * `svc serve`: the HTTP API over the same operations as the CLI, on the embedded store in the data
 * directory. SIGINT/SIGTERM stop it gracefully (in-flight requests finish, then the store closes);
 * a second signal exits at once. Started by npm (`npx svc serve`), it also stops when npm is gone. Logs are JSON lines on stderr at SVC_LOG_LEVEL.
 */
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import type { CliEnv } from './cli-env.js';

interface ServeOpts {
  host?: string;
  port?: string;
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw SvcError.validation(`--port: expected 0..65535, got "${raw}"`, [{ path: '--port', message: 'expected 0..65535' }]);
  return port;
}

/** How often a server started by npm looks whether its parent is still there. */
const PARENT_POLL_MS = 250;

/**
 * Started by npm (`npx svc serve`, an npm script: npm sets npm_lifecycle_event), this process is
 * npm's grandchild with a shell between them. A SIGTERM to npm ends the shell but never reaches
 * this process, which would keep the port as an orphan; so under npm the server also stops when its
 * parent is gone (its parent pid changes). Started otherwise (a shell, systemd, `nohup … &`), only
 * signals stop it.
 */
function whenParentGone(onGone: () => void): () => void {
  if (process.env.npm_lifecycle_event === undefined) return () => {};
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) onGone();
  }, PARENT_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (reason: string) => {
      // A second signal while draining means "now" (in place before the first handlers go, so no
      // signal ever meets the default action).
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      stopWatching();
      resolve(reason);
    };
    const onSignal = (signal: NodeJS.Signals) => stop(signal);
    const stopWatching = whenParentGone(() => stop('parent process (npm) gone'));
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

export function registerServe(program: Command, env: CliEnv): void {
  const cmd = program
    .command('serve')
    .description('start the HTTP API (same operations as the CLI; OpenAPI at /api/openapi.json)')
    .option('--host <host>', 'listen address (default: SVC_HOST, else 127.0.0.1)')
    .option('--port <port>', 'listen port, 0 for a free one (default: SVC_PORT, else 8787)');
  cmd.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc serve\n' +
      '  $ SVC_REQUIRE_API_KEY=true SVC_API_KEY=$(openssl rand -base64 32) svc serve --host 0.0.0.0 --port 8080\n' +
      '  $ curl -s http://127.0.0.1:8787/api/health\n' +
      '\nSettings (SVC_* environment) and auth modes: docs/http.md.',
  );
  cmd.action(async (opts: ServeOpts) => {
    // Before anything of the server runs: V8's pretenuring misjudges a server's per-request objects (heap.ts).
    (await import('../http/heap.js')).tuneServerHeap();
    const loaded = await env.config();
    const config = { ...loaded, host: opts.host ?? loaded.host, port: opts.port === undefined ? loaded.port : parsePort(opts.port) };
    const [{ startServer }, { agentDoor }, { operations }, { openConfiguredStores }, { securityModeOf }] = await Promise.all([
      import('../http/listen.js'),
      import('../mcp/door.js'),
      import('../ops/index.js'),
      import('../ops/facade/stores.js'),
      import('../ops/account/access.js'),
    ]);
    // Listening for the signals before the port opens: one sent the moment "listening" is printed
    // (or earlier) stops the server instead of meeting the default action.
    const stopped = untilSignal();
    const stores = await openConfiguredStores(config);
    try {
      const started = await startServer({ config, stores, operations, doors: [agentDoor], logger: { level: config.logLevel, stream: process.stderr } });
      env.out().info(`svc listening on ${started.url} (security mode ${securityModeOf(config)}); Ctrl-C stops it`);
      const reason = await stopped;
      env.out().info(`${reason}: finishing in-flight requests (at most ${config.shutdownGraceMs} ms, then open connections are closed)`);
      await started.close();
    } finally {
      await stores.close();
    }
  });
}
