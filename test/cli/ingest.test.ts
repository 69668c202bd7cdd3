/** `svc ingest --once`: what it fetches, what it skips and says why, and the exit code cron sees. */
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextDelayMs } from '../../src/cli/ingest.js';

const BIN = new URL('../../bin/svc.js', import.meta.url).pathname;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-ingest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string>) =>
  execa(process.execPath, [BIN, ...args], { reject: false, env: { SVC_DATA_DIR: dir, NO_COLOR: '1', ...env }, extendEnv: false, timeout: 60_000 });

describe('svc ingest --once', () => {
  it('skips what has no source, saying why, and exits 0', async () => {
    const r = await run(['ingest', '--once', '--format', 'json'], { SVC_MARKET_DATA: 'fixture' });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { job: string; status: string; detail: string });
    expect(lines.map((l) => [l.job, l.status])).toEqual([['market-data', 'skipped'], ['grid-data', 'skipped']]);
    expect(lines[1]?.detail).toMatch(/SVC_MARKET_DATA=fixture/);
    expect(r.stderr).toMatch(/SVC_DATABASE_URL is not set/);
  });

  it('in fixture mode a platform token changes nothing: the grid data is skipped, the platform never asked', async () => {
    const r = await run(['ingest', '--once', '--format', 'json'], { SVC_MARKET_DATA: 'fixture', SVC_TSOPLATFORM_TOKEN: 'secret-token-i', SVC_TSOPLATFORM_BASE: 'http://127.0.0.1:9/api' });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { job: string; status: string; detail: string });
    expect(lines.map((l) => [l.job, l.status])).toEqual([['market-data', 'skipped'], ['grid-data', 'skipped']]);
    expect(lines[1]?.detail).toMatch(/SVC_MARKET_DATA=fixture/);
    expect(r.stdout + r.stderr).not.toContain('secret-token-i');
  });

  it('reports each failed market fetch and exits 1 (cron sees it), with --market-data only', async () => {
    const r = await run(['ingest', '--once', '--market-data', '--format', 'json'], {
      SVC_MARKET_DATA: 'live', SVC_MKTOP_BASE_URL: 'http://127.0.0.1:9', SVC_MKTOP_API_BASE_URL: 'http://127.0.0.1:9/api', SVC_MKTOP_RETRIES: '0',
    });
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { job: string; task: string; status: string });
    expect(lines.map((l) => l.task.slice(0, 9))).toEqual(['mktop DAM', 'mktop IDM']);
    expect(lines.every((l) => l.job === 'market-data' && l.status === 'failed')).toBe(true);
  });

  it('a platform that fails is a failed grid task (exit 1) in auto mode too, though the reads answer from the shipped flows', async () => {
    const r = await run(['ingest', '--once', '--grid-data', '--format', 'json'], {
      SVC_MARKET_DATA: 'auto', SVC_TSOPLATFORM_TOKEN: 'secret-token-g', SVC_TSOPLATFORM_BASE: 'http://127.0.0.1:9/api', SVC_TSOPLATFORM_RETRIES: '0',
    });
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { job: string; task: string; status: string; detail: string });
    const flows = lines.filter((l) => l.task.startsWith('flows'));
    expect(flows.length).toBe(5);
    expect(flows.every((l) => l.status === 'failed' && /Platform failed/.test(l.detail))).toBe(true);
    expect(r.stdout + r.stderr).not.toContain('secret-token-g');
  });

  it('waits its cadence plus at most 10% jitter', () => {
    expect(nextDelayMs(60, () => 0)).toBe(3_600_000);
    expect(nextDelayMs(60, () => 0.999)).toBeLessThanOrEqual(3_960_000);
    expect(nextDelayMs(60, () => 0.5)).toBe(3_780_000);
  });
});
