/** Runs the built `svc` binary as a user would (execa), with a private data directory. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';
import { inject } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'svc.js');
export const FIXTURE = join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv');
export const WEEK = join(ROOT, 'fixtures', 'sample-week.csv');

export function tempDir(prefix = 'svc-test-'): string {
  // Inside the run's temp directory (test/global-setup.ts), removed when the run ends.
  return mkdtempSync(join(inject('svcTestTmp') ?? tmpdir(), prefix));
}

export interface SvcResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export async function svc(args: string[], options: Options & { input?: string } = {}): Promise<SvcResult> {
  const { env, ...rest } = options;
  const result = await execa('node', [BIN, ...args], {
    cwd: ROOT,
    reject: false,
    env: { SVC_DATA_DIR: tempDir('svc-data-'), NO_COLOR: undefined, FORCE_COLOR: undefined, ...env },
    extendEnv: true,
    ...rest,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
