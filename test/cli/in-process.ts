/**
 * Runs the CLI in this process (with a given registry, or the CLI's own), capturing stdout and
 * stderr: tests of the CLI's logic skip the cost of a process per call (issue 34: suite time).
 */
import { vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { OperationSource } from '../../src/cli/op.js';

export async function runCliInProcess(args: string[], operations?: OperationSource): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  const code = await run(['node', 'svc', ...args], operations);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}
