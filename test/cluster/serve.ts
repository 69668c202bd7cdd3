/** Starts the built CLI's `svc serve` (node bin/svc.js serve) as a child process, for multi-process tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const BIN = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));

export const TEST_DATABASE_URL = process.env.SVC_TEST_DATABASE_URL?.trim() || undefined;
export const TEST_REDIS_URL = process.env.SVC_TEST_REDIS_URL?.trim() || undefined;
export const MASTER = `master-${randomBytes(12).toString('hex')}`;

export interface Instance {
  url: string;
  child: ChildProcess;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-cluster-'));
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'warn', NO_COLOR: '1', SVC_REQUIRE_API_KEY: 'true', SVC_API_KEY: MASTER, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc serve did not start in 30 s: ${stderr}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      stderr += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(stderr);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`svc serve exited ${code}: ${stderr}`));
    });
  });
  return { url, child, stderr: () => stderr, exited };
}

export async function stop(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGKILL');
  await instance.exited;
}

export interface Reply<T = unknown> { status: number; headers: Record<string, string | string[] | undefined>; body: T }

export async function call<T = unknown>(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, key: string, body?: unknown): Promise<Reply<T>> {
  const res = await request(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

export async function mintKey(base: string, name: string): Promise<{ id: string; plaintext: string }> {
  const r = await call<{ key: { id: string }; plaintext: string }>(base, 'POST', '/api/account/api-keys', MASTER, { name, roles: ['trader', 'auditor'] });
  if (r.status !== 200) throw new Error(`mint failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.key.id, plaintext: r.body.plaintext };
}

export const auditBody = (i: number) => ({ type: 'prices_loaded', tradeDate: '01.03.2025', source: `cluster-${i}`, metadata: { i } });

/** Every event id of the caller's tenant, newest first, by walking the cursor. */
export async function listAll(base: string, key: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let before: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const q: string = `/api/audit/events?limit=${limit}${before ? `&before=${before}` : ''}`;
    const r = await call<{ events: { id: string }[]; nextBefore: string | null }>(base, 'GET', q, key);
    if (r.status !== 200) throw new Error(`list failed: ${r.status}`);
    ids.push(...r.body.events.map((e) => e.id));
    if (r.body.nextBefore === null) return ids;
    before = r.body.nextBefore;
  }
  throw new Error('pagination did not end');
}

/** Drops a test schema (and everything in it) from the test server. */
export async function dropSchema(schema: string): Promise<void> {
  if (!TEST_DATABASE_URL) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
