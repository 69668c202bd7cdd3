/** What a user hits at the edges: pipes that close early, empty ranges, files that cannot be written. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURE, ROOT, WEEK, svc, tempDir } from './helpers.js';
import { cli } from './in-process.js';

describe('svc at the edges', () => {
  it('stops quietly when the reader of its output goes away (| head)', async () => {
    const r = await execa('bash', ['-o', 'pipefail', '-c', `node ${BIN} prices stats ${FIXTURE} -q | head -2`], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    expect(String(r.stderr)).not.toMatch(/EPIPE|at .*\.js/);
  });

  it('keeps its own exit code when the reader goes away first: a --fail-on gate still exits 3, in every format', async () => {
    // The reader's end is closed before svc writes a byte, so every write of the output fails (EPIPE).
    const closedEarly = (args: string[]) =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, SVC_MARKET_DATA: 'fixture', SVC_DATA_DIR: tempDir('svc-data-'), NO_COLOR: '1' } });
        child.stdout.destroy();
        child.on('error', reject);
        child.on('close', (code) => resolve(code));
      });
    for (const format of ['table', 'json', 'csv']) {
      expect(await closedEarly(['risk', 'mktop', '--date', '02.12.2024', '--fail-on', 'review', '--format', format]), format).toBe(3);
      expect(await closedEarly(['risk', 'mktop', '--date', '02.12.2024', '--format', format]), format).toBe(0);
    }
  });

  it('bare svc prints usage and exits 2; --help exits 0', async () => {
    expect((await cli([])).exitCode).toBe(2);
    expect((await cli(['prices'])).exitCode).toBe(2);
    expect((await cli(['prices', '--help'])).exitCode).toBe(0);
  });

  it('a JSON array is bad input, not an internal error', async () => {
    const r = await svc(['prices', 'stats', '-'], { input: '[1,2]' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('found an array');
  });

  it('warns about DST days only when they fall in the days a command looks at', async () => {
    const one = await cli(['plan', FIXTURE, '--date', '15.12.2024', '--format', 'json']);
    expect(one.stderr).not.toContain('clock-change');
    const range = await cli(['prices', 'stats', FIXTURE, '--from', '01.01.2024', '--format', 'json']);
    expect(range.stderr).toContain('31.03.2024, 27.10.2024');
    expect(range.stderr).not.toContain('27.03.2022');
  });

  it('says so when a range holds no day', async () => {
    const r = await cli(['backtest', WEEK, '--from', '01.01.2030']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('no days between 01.01.2030');
  });

  it('an output path that cannot be written is bad input naming the flag', async () => {
    const c = await cli(['prices', 'convert', WEEK, '--to', 'json', '-o', '/nonexistent-dir/x.json']);
    expect(c.exitCode).toBe(2);
    expect(c.stderr).toContain('--output: cannot write');
    const d = await cli(['backtest', WEEK, '--daily', '/nonexistent-dir/d.csv']);
    expect(d.exitCode).toBe(2);
    expect(d.stderr).toContain('--daily');
    expect((await cli(['backtest', WEEK, '--sweep', 'capacityMwh=1,2', '--daily', 'd.csv'])).exitCode).toBe(2);
    const caps = await cli(['brief', WEEK, '--date', '03.12.2024', '--caps', '/nonexistent-dir/caps.csv']);
    expect(caps.exitCode).toBe(2);
    expect(caps.stderr).toContain('--caps');
  });

  it('a data directory svc cannot use is bad input at the command line (exit 2), from the flag or the environment', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    for (const [args, env] of [
      [['--data-dir', join(file, 'sub'), 'audit', 'list'], {}],
      [['audit', 'list'], { SVC_DATA_DIR: file }],
    ] as const) {
      const r = await cli([...args], { env });
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('cannot create or use the data directory');
      expect(r.stderr).not.toContain('internal_error');
    }
  });

  it('one settings file serves every command; a bad value in it is blamed on the file, not a flag', async () => {
    const dir = tempDir();
    const nested = join(ROOT, 'examples', 'settings.json');
    for (const cmd of ['plan', 'bess', 'brief', 'risk']) {
      expect((await cli([cmd, WEEK, '--date', '03.12.2024', '--settings', nested, '--format', 'json'])).exitCode, cmd).toBe(0);
    }
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ capacityMwh: 2, powerMw: 1, roundTripEfficiency: 5, maxCyclesPerDay: 1 }));
    const r = await cli(['bess', WEEK, '--date', '03.12.2024', '--settings', bad]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--settings settings.roundTripEfficiency: must be 0.01..1 (got 5)');
    const flag = await cli(['bess', WEEK, '--date', '03.12.2024', '--settings', bad, '--efficiency', '1.5']);
    expect(flag.stderr).toContain('--efficiency: must be 0.01..1 (got 1.5)');
  });

  it('--format json names a tripped guard with its own code', async () => {
    const r = await cli(['risk', WEEK, '--date', '03.12.2024', '--fallback', '--fail-on', 'review', '--format', 'json']);
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stderr.trim().split('\n').pop() ?? '{}')).toMatchObject({ error: { code: 'risk_gate' } });
  });
});
