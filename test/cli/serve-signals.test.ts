/**
 * SIGTERM stops `svc serve` and frees its port, started as `node bin/svc.js serve` or as
 * `npx svc serve`, where SIGINT and SIGTERM sent to npm alone must stop it too: npm forwards them
 * to its child, which the project's .npmrc (script-shell=bash) makes the server itself; were a
 * shell left between them, the server would also notice its parent gone. Loopback only; each
 * process group started here is killed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT, tempDir } from './helpers.js';

const FREE_WITHIN_MS = 3_000;
const started: ChildProcess[] = [];

afterEach(() => {
  // Whatever a failed test left behind: the whole group this test started (npm, sh, node).
  for (const child of started.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** The environment without npm's variables, so the plain form runs as from a shell. */
function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return { ...env, SVC_DATA_DIR: tempDir('svc-serve-data-'), SVC_LOG_LEVEL: 'warn', NO_COLOR: '1' };
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  started.push(child);
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      stderr += String(d);
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
      if (m?.[1]) resolve({ child, port: Number(m[1]), stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`${command} exited ${code} before listening: ${stderr}`)));
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Milliseconds until the port refuses connections, or null when it still accepts after the bound. */
async function freedAfter(port: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < FREE_WITHIN_MS) {
    if (!(await accepts(port))) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

describe('svc serve stops on SIGTERM and frees its port', () => {
  it('started as node bin/svc.js serve', async () => {
    const { child, port, stderr } = await start(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0'], plainEnv());
    expect(await accepts(port)).toBe(true);
    const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`${code} ${signal}`)));
    child.kill('SIGTERM');
    expect(await freedAfter(port), stderr()).not.toBeNull();
    expect(await exited).toBe('0 null');
  }, 30_000);

  it.each(['SIGTERM', 'SIGINT'] as const)('started as npx svc serve, %s sent to npm alone (not to the group)', async (signal) => {
    const env: NodeJS.ProcessEnv = {
      ...plainEnv(),
      // The CLI is built already (npm run build): no prepare build under tests that read dist/,
      // an npx cache of the test's own, nothing from the network.
      npm_config_cache: tempDir('svc-npx-cache-'),
      npm_config_ignore_scripts: 'true',
      npm_config_offline: 'true',
      npm_config_yes: 'true',
      npm_config_update_notifier: 'false',
    };
    const { child, port, stderr } = await start('npx', ['svc', 'serve', '--host', '127.0.0.1', '--port', '0'], env);
    expect(await accepts(port)).toBe(true);
    child.kill(signal);
    expect(await freedAfter(port), stderr()).not.toBeNull();
  }, 60_000);
});
