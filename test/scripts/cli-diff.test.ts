/**
 * scripts/cli-diff.mjs on two stand-in builds (a few lines of node each): a setup step that hangs
 * is killed and its case reported killed, never run as if the setup had happened; a timeout of 0
 * (no limit to spawnSync) or a non-number is refused with exit 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/helpers.js';

const SCRIPT = join(ROOT, 'scripts', 'cli-diff.mjs');

/** A stand-in bin/svc.js: `sleep` hangs; anything else prints its words. */
function build(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'bin'));
  const bin = join(dir, 'bin', 'svc.js');
  writeFileSync(bin, "const a = process.argv.slice(2);\nif (a[0] === 'sleep') setTimeout(() => {}, 60_000);\nelse console.log(a.join(' '));\n");
  return bin;
}

function diff(timeout: string | undefined, cases: unknown[]) {
  const bin = build();
  const file = join(tempDir(), 'cases.json');
  writeFileSync(file, JSON.stringify(cases));
  const env = { ...process.env, CLI_DIFF_TIMEOUT_MS: timeout };
  if (timeout === undefined) delete env.CLI_DIFF_TIMEOUT_MS;
  return spawnSync('node', [SCRIPT, bin, bin, file, '-v'], { env, encoding: 'utf8', timeout: 30_000 });
}

describe('scripts/cli-diff.mjs', () => {
  it('a setup step that times out is reported as a killed case', () => {
    const r = diff('400', [{ name: 'after a hung setup', setup: [['ok'], ['sleep']], args: ['hello'] }, { name: 'plain', args: ['hello'] }]);
    const killed = 'killed after 400 ms in setup step 2 (sleep)';
    expect(r.stdout).toContain(`KILLED after a hung setup\n  ref: ${killed}\n  new: ${killed}\n`);
    expect(r.stdout).toContain('same   plain (exit 0)');
    expect(r.stdout).toContain('1/2 cases agree (1 killed)');
    expect(r.status).toBe(1);
  });

  it('refuses a timeout of 0 or a non-number (exit 2)', () => {
    for (const bad of ['0', 'abc', '', '-5', '1.5']) {
      const r = diff(bad, [{ args: ['hello'] }]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr, bad).toBe(`error: CLI_DIFF_TIMEOUT_MS: expected a whole number of milliseconds above 0, got ${JSON.stringify(bad)} (unset: 120000)\n`);
      expect(r.stdout, bad).toBe('');
    }
    expect(diff(undefined, [{ args: ['hello'] }]).status).toBe(0);
  });
});
