/** `svc serve` end to end: starts on a free port, answers, and stops gracefully on SIGTERM (exit 0). */
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';

const entry = fileURLToPath(new URL('./serve-entry.ts', import.meta.url));

describe('svc serve', () => {
  it('listens, serves health and a plan, and exits 0 on SIGTERM with the store closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-serve-'));
    const child = spawn(process.execPath, ['--import', 'tsx', entry, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, SVC_LOG_LEVEL: 'warn', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += String(d);
        const m = /listening on (http:\/\/\S+)/.exec(stderr);
        if (m?.[1]) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(stderr).toContain('security mode public-demo');
    const health = await request(`${url}/api/health`);
    expect(health.statusCode).toBe(200);
    expect(((await health.body.json()) as { status: string }).status).toBe('ok');
    const profiles = await request(`${url}/api/strategy/profiles`);
    expect(profiles.statusCode).toBe(200);
    await profiles.body.dump();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
    expect(existsSync(join(dataDir, 'svc.db'))).toBe(true);
  });
});
