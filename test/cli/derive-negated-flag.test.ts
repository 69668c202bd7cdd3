/**
 * A boolean input field that defaults to true is a `--no-…` flag (issue 25, `svc doctor --no-probe`
 * derived), on a throwaway op: the field is true unless the flag is given, its help says what the
 * flag turns off (or the binding's `flagHelp`) without a `default true` that would read as the
 * flag's, `--<field>` itself is no flag; a default-false boolean stays `--<field>`.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commandSpec } from '../../src/cli/derive.js';
import { cliOperations } from '../../src/ops/index.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { runCliInProcess } from './in-process.js';

const ping = defineOperation({
  id: 'test.ping',
  summary: 'Says whether it would probe (a throwaway operation for this test)',
  description: 'Pings.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({
    probe: z.boolean().default(true).describe('send one request to each host'),
    echo: z.boolean().default(true).describe('repeat the answer'),
    verbose: z.boolean().default(false).describe('say more'),
  }),
  output: z.strictObject({ probe: z.boolean(), echo: z.boolean(), verbose: z.boolean() }),
  cli: {
    command: ['test', 'ping'],
    flagHelp: { echo: 'do not repeat the answer' },
    examples: ['svc test ping --no-probe'],
  },
  async run(_ctx, input) {
    return input;
  },
}) as unknown as Operation;

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, ping]);

describe('a boolean field that defaults to true', () => {
  it('is a --no-… flag, its help what it turns off', () => {
    const flags = commandSpec(ping).flags.map((f) => [f.flag, f.kind, f.help]);
    expect(flags).toEqual([
      ['--no-probe', 'boolean', 'turn off: send one request to each host'],
      ['--no-echo', 'boolean', 'do not repeat the answer'],
      ['--verbose', 'boolean', 'say more; default false'],
    ]);
  });

  it('is true unless the flag is given, false when it is', async () => {
    const on = await cli(['--format', 'json', 'test', 'ping']);
    expect(on.code, on.stderr).toBe(0);
    expect(JSON.parse(on.stdout)).toEqual({ probe: true, echo: true, verbose: false });
    const off = await cli(['--format', 'json', 'test', 'ping', '--no-probe', '--verbose']);
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toEqual({ probe: false, echo: true, verbose: true });
    const both = await cli(['--format', 'json', 'test', 'ping', '--no-echo', '--no-probe']);
    expect(JSON.parse(both.stdout)).toEqual({ probe: false, echo: false, verbose: false });
  });

  it('has no --<field> flag, and the help lists the --no-… one', async () => {
    const on = await cli(['test', 'ping', '--probe']);
    expect(on.code).toBe(2);
    expect(on.stderr).toContain("unknown option '--probe'");
    const help = await cli(['test', 'ping', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}--no-probe +turn off: send one request to each host$/m);
    expect(help.stdout).toMatch(/^ {2}--no-echo +do not repeat the answer$/m);
  });
});
