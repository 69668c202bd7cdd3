/**
 * The CLI fuzzed as the HTTP API is (issue 34): every command × unknown flags, bad values,
 * missing and unwritable paths, empty ranges → exit 2 with a message that names what was wrong,
 * never `internal_error` or a stack, and never a file left behind by a failed run. The command
 * list comes from the program itself (commander), so a new command is covered without an edit.
 * Runs the CLI in this process (test/cli/in-process.ts): every case is about the CLI's logic.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { FIXTURE, WEEK, tempDir } from './helpers.js';
import { overrideEnv, runCliInProcess } from './in-process.js';

interface Leaf {
  words: string[];
  args: { name: string; required: boolean }[];
  options: Option[];
}

/** Every command that runs something (an action), with its arguments and options, from commander. */
async function commands(): Promise<Leaf[]> {
  const { program } = await buildProgram(undefined, ['node', 'svc', '--help']);
  const out: Leaf[] = [];
  const walk = (c: Command, words: string[]): void => {
    const hasAction = Boolean((c as unknown as { _actionHandler?: unknown })._actionHandler);
    if (hasAction || c.commands.length === 0) {
      out.push({ words, args: c.registeredArguments.map((a) => ({ name: a.name(), required: a.required })), options: [...c.options] });
    }
    for (const s of c.commands) if (s.name() !== 'help') walk(s, [...words, s.name()]);
  };
  for (const s of program.commands) if (s.name() !== 'help') walk(s, [s.name()]);
  return out;
}

const LEAVES = await commands();
/** Commands that would run for long or serve when their input is accepted: only flags that never reach the action. */
const LONG_RUNNING = new Set(['serve', 'mcp', 'ingest']);
const PATH_ARG = /^(file|book|file\.json)$/;
const OUTPUT_FLAGS = new Set(['--output', '--daily', '--receipt']);
/** Flags whose value is free text: any value is accepted. */
const FREE_TEXT = new Set(['--source-label', '--fallback-reason']);
// `forecast evaluate` is left out of the value cases: a valid call of it fits forecasts for minutes (its flags are in test/cli/forecast.test.ts).
const bookCommands = LEAVES.filter((l) => PATH_ARG.test(l.args[0]?.name ?? '') && !['receipt', 'zones', 'depth', 'op', 'forecast'].includes(l.words[0] as string));

/** A valid value for an option a call needs (its mandatory options, --date): the week fixture's days. */
function validValue(o: Option): string {
  if (o.flags.includes('<format>')) return 'json';
  return o.long === '--from' ? '01.12.2024' : o.long === '--to' ? '07.12.2024' : '02.12.2024';
}

/** What a call needs besides the file: the mandatory options and --date. */
function needed(l: Leaf): string[] {
  return l.options.filter((o) => o.long && (o.mandatory || o.long === '--date')).flatMap((o) => [o.long as string, validValue(o)]);
}

/** The smallest valid-looking call of a book command: the week fixture. */
function baseline(l: Leaf, skip?: string): string[] {
  const args = [...l.words, WEEK];
  const rest = needed(l);
  for (let i = 0; i < rest.length; i += 2) if (rest[i] !== skip) args.push(rest[i] as string, rest[i + 1] as string);
  return args;
}

function expectCleanFailure(r: { code: number; stderr: string; stdout: string }, what: string): void {
  expect(r.code, `${what}\n${r.stderr}`).toBe(2);
  expect(r.stderr, what).not.toContain('internal_error');
  expect(r.stderr, what).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(r.stderr.trim(), what).not.toBe('');
}

// Put back at the end: the next file in this worker's process sees the environment as it was.
let restoreEnv: () => void = () => {};
beforeAll(() => {
  restoreEnv = overrideEnv({ SVC_DATA_DIR: tempDir('svc-fuzz-data-'), SVC_MARKET_DATA: 'fixture', NO_COLOR: '1' });
});
afterAll(() => restoreEnv());

describe('svc fuzzed', () => {
  it('finds the commands from the program itself', () => {
    const names = LEAVES.map((l) => l.words.join(' '));
    for (const n of ['plan', 'bess', 'backtest', 'brief', 'risk', 'prices stats', 'report day', 'serve', 'audit add']) expect(names).toContain(n);
    expect(bookCommands.length).toBeGreaterThan(8);
  });

  it('every command: an unknown flag exits 2 naming it', async () => {
    for (const l of LEAVES) {
      const r = await runCliInProcess([...l.words, '--no-such-flag']);
      expectCleanFailure(r, `${l.words.join(' ')} --no-such-flag`);
      // commander names a missing required option or argument first; then the unknown flag.
      expect(r.stderr).toMatch(/--no-such-flag|required option .* not specified|missing required argument/);
      if (l.args.some((a) => a.required) || l.options.some((o) => o.mandatory)) {
        const full = await runCliInProcess([...baseline(l), '--no-such-flag']);
        expectCleanFailure(full, `${baseline(l).join(' ')} --no-such-flag`);
        expect(full.stderr).toContain('--no-such-flag');
      }
    }
  });

  it('every command that reads a file: a missing path exits 2 naming it', async () => {
    for (const l of LEAVES.filter((x) => PATH_ARG.test(x.args[0]?.name ?? '') && !LONG_RUNNING.has(x.words[0] as string))) {
      const missing = '/no/such/dir/input.csv';
      const r = await runCliInProcess([...l.words, missing, ...needed(l)]);
      expectCleanFailure(r, `${l.words.join(' ')} ${missing}`);
      expect(r.stderr).toContain(missing);
    }
  });

  it('every value flag of every book command: a bad value exits 2 naming the flag (or the value)', async () => {
    const failures: string[] = [];
    for (const l of bookCommands) {
      for (const o of l.options.filter((x) => x.required && x.long && !OUTPUT_FLAGS.has(x.long))) {
        const long = o.long as string;
        const bad = long === '--settings' || long === '--risk-config' || long === '--caps' || long === '--reference' ? '/no/such/dir/x.json' : '%bad%';
        const r = await runCliInProcess([...baseline(l, long), long, bad]);
        const what = `${l.words.join(' ')} ${long} ${bad}`;
        // Free text (a label) may be any value; every other flag names itself (or its field) and the value is refused.
        if (FREE_TEXT.has(long)) {
          if (r.code === 1 || r.stderr.includes('internal_error')) failures.push(`${what} → ${r.code}`);
          continue;
        }
        const field = long.replace(/^--/, '').replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
        if (r.code !== 2 || r.stderr.includes('internal_error') || !(r.stderr.includes(long) || r.stderr.includes(bad) || r.stderr.includes(field))) failures.push(`${what} → ${r.code}: ${r.stderr.trim().split('\n').pop()}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every output flag: an unwritable path exits 2 naming the flag, and a failed run leaves no file', async () => {
    const failures: string[] = [];
    for (const l of bookCommands) {
      for (const o of l.options.filter((x) => x.long && OUTPUT_FLAGS.has(x.long))) {
        const long = o.long as string;
        const r = await runCliInProcess([...baseline(l), long, '/no/such/dir/out.file']);
        if (r.code !== 2 || !r.stderr.includes(long) || r.stderr.includes('internal_error')) failures.push(`${l.words.join(' ')} ${long} /no/such/dir → ${r.code}: ${r.stderr.trim().split('\n').pop()}`);
        // A run that fails on another flag writes nothing at a good path.
        const good = join(tempDir('svc-fuzz-out-'), 'out.file');
        const failed = await runCliInProcess([...baseline(l), long, good, '--dst', '%bad%']);
        if (failed.code !== 2 || existsSync(good)) failures.push(`${l.words.join(' ')} ${long} with a bad --dst → ${failed.code}, file left: ${existsSync(good)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every command with a range: a range with no data exits 2', async () => {
    const failures: string[] = [];
    for (const l of bookCommands.filter((x) => x.options.some((o) => o.long === '--from') && x.options.some((o) => o.long === '--to'))) {
      const r = await runCliInProcess([...baseline(l, '--from').filter((a, i, all) => a !== '--to' && all[i - 1] !== '--to'), '--from', '01.01.2030', '--to', '02.01.2030', ...(l.words[0] === 'report' ? ['-o', join(tempDir('svc-fuzz-out-'), 'r.html')] : [])]);
      if (r.code !== 2 || r.stderr.includes('internal_error')) failures.push(`${l.words.join(' ')} --from 01.01.2030 --to 02.01.2030 → ${r.code}: ${r.stderr.trim().split('\n').pop()}`);
    }
    expect(failures).toEqual([]);
  });

  it('clock-change warnings: shown under -q too (days left out of the book), and none before a flag error', async () => {
    const quiet = await runCliInProcess(['-q', 'prices', 'stats', FIXTURE, '--from', '01.03.2024', '--to', '31.03.2024', '--format', 'json']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toContain('skipped 1 Europe/Kyiv clock-change day');
    const loud = await runCliInProcess(['prices', 'stats', FIXTURE, '--from', '01.03.2024', '--to', '31.03.2024', '--format', 'json']);
    expect(loud.stderr).toContain('clock-change');
    for (const args of [['plan', FIXTURE, '--date', '15.12.2024', '--fee', 'abc'], ['backtest', FIXTURE, '--from', '01.03.2024', '--capacity', 'abc']]) {
      const r = await runCliInProcess(args);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('clock-change');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('brief --receipt into a missing directory exits 2 naming the flag', async () => {
    const r = await runCliInProcess(['brief', WEEK, '--date', '02.12.2024', '--receipt', '/no/dir/r.json']);
    expectCleanFailure(r, 'brief --receipt /no/dir/r.json');
    expect(r.stderr).toContain('--receipt: cannot write /no/dir/r.json');
  });
});
