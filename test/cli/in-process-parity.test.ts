/**
 * The in-process runner (in-process.ts) answers as the binary does: on a sample of commands (results
 * in each format, help, version, warnings, bad input, a missing file, a guard's exit 3, an output
 * file), the same stdout, stderr and exit code from `cli()` as from `svc()` (bin/svc.js in a process
 * of its own). The CLI tests that moved in-process (issue 34: suite time) rely on it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE, WEEK, svc, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const dir = tempDir('svc-parity-');

const SAMPLE: string[][] = [
  ['--version'],
  ['--help'],
  ['help', 'plan'],
  ['prices'],
  ['prices', 'stats', WEEK],
  ['prices', 'stats', FIXTURE, '--from', '01.12.2024', '--format', 'json'],
  ['prices', 'stats', WEEK, '--format', 'csv', '--lang', 'uk'],
  ['prices', 'show', FIXTURE, '--date', '31.03.2024'],
  ['prices', 'stats', WEEK, '--nope'],
  ['prices', 'stats', 'no-such-file.csv'],
  ['plan', WEEK, '--date', '03.12.2024', '--max-trades', '2', '--fee', '10'],
  ['plan', WEEK, '--date', '03.12.2024', '--max-trades', '25', '--format', 'json'],
  ['bess', FIXTURE, '--date', '15.12.2024', '--view', 'schedule', '--format', 'csv'],
  ['backtest', WEEK, '--format', 'json'],
  ['backtest', WEEK, '--from', '01.01.2030'],
  ['risk', WEEK, '--date', '03.12.2024', '--fallback', '--fail-on', 'review', '--format', 'json'],
  ['brief', WEEK, '--date', '03.12.2024', '--format', 'csv'],
  ['op', 'run', 'strategy.plan', '--input', '{"prices":1}', '--format', 'json'],
  ['prices', 'convert', WEEK, '--to', 'json', '-o', '/nonexistent-dir/x.json'],
];

/** The time of the run (`generatedAt`) is the only thing allowed to differ. */
const timeless = (r: { exitCode: number; stdout: string; stderr: string }) => ({ ...r, stdout: r.stdout.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>') });

describe('cli() in this process answers as svc() in its own', () => {
  it('the same stdout, stderr and exit code on a sample of commands', async () => {
    const spawned = await Promise.all(SAMPLE.map((args) => svc(args)));
    for (const [i, args] of SAMPLE.entries()) {
      const here = await cli(args);
      expect(timeless(here), args.join(' ')).toEqual(timeless(spawned[i] as typeof here));
    }
    // The sample covers what it claims to: each exit code, and stderr.
    expect(new Set(spawned.map((r) => r.exitCode))).toEqual(new Set([0, 2, 3]));
    expect(spawned.some((r) => r.stderr.includes('warning:'))).toBe(true);
  });

  it('an output file: the same bytes written', async () => {
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    const spawned = await svc(['prices', 'convert', WEEK, '--to', 'json', '-o', a]);
    const here = await cli(['prices', 'convert', WEEK, '--to', 'json', '-o', b]);
    expect(here).toEqual({ ...spawned, stderr: spawned.stderr.replace(a, b) });
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
  });

  it('puts back what it changes: env, cwd, exitCode, stdout', async () => {
    const before = { env: { ...process.env }, cwd: process.cwd(), exitCode: process.exitCode, write: process.stdout.write, tty: process.stdout.isTTY };
    await cli(['risk', WEEK, '--date', '03.12.2024', '--fallback', '--fail-on', 'review'], { env: { SVC_MARKET_DATA: 'fixture', NO_COLOR: '1' }, cwd: dir });
    expect({ env: { ...process.env }, cwd: process.cwd(), exitCode: process.exitCode, write: process.stdout.write, tty: process.stdout.isTTY }).toEqual(before);
    expect(process.stdout.listenerCount('error')).toBeLessThan(5);
  });
});
