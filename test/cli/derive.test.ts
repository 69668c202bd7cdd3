/**
 * The CLI door derived from op bindings (issue 25): a throwaway op with a `cli` binding becomes a
 * command — flags, help, bounds and defaults from its input schema and the settings table, output
 * through the one renderer — and the build's dist/cli/commands.json lists exactly what the registry
 * derives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { commandSpec } from '../../src/cli/derive.js';
import { deriveCommands } from '../../src/cli/manifest.js';
import { cliOperations } from '../../src/ops/index.js';
import { TradingSettings } from '../../src/domain/settings.js';
import { defineOperation, type Operation } from '../../src/ops/types.js';
import { ROOT } from './helpers.js';
import { runCliInProcess } from './in-process.js';

const throwaway = defineOperation({
  id: 'test.split',
  summary: 'Splits an amount into equal parts (a throwaway operation for this test)',
  description: 'Returns each part.',
  tags: ['test'],
  access: 'key',
  permission: 'decision.plan',
  input: z.strictObject({
    amountUah: z.number().min(0).max(1000).describe('the amount to split'),
    parts: z.number().int().min(1).max(10).default(2),
    mode: z.enum(['even', 'odd']).optional(),
    settings: TradingSettings.optional(),
  }),
  output: z.strictObject({ rows: z.array(z.strictObject({ part: z.number().int(), amountUah: z.number() })), totalUah: z.number(), volume: z.number().nullable() }),
  cli: {
    command: ['test', 'split'],
    view: { rows: (o) => o.rows, total: (o) => ({ part: 0, amountUah: o.totalUah }), columns: [{ key: 'part', label: '#' }, { key: 'amountUah', label: { en: 'Amount', uk: 'Сума' }, format: 'money' }] },
    examples: ['svc test split --amount-uah 10 --parts 4'],
  },
  async run(_ctx, input) {
    const each = input.amountUah / input.parts;
    return { rows: Array.from({ length: input.parts }, (_, i) => ({ part: i + 1, amountUah: each })), totalUah: input.amountUah, volume: input.settings?.volumeMwh ?? null };
  },
}) as unknown as Operation;

afterEach(() => vi.restoreAllMocks());

const cli = (args: string[]) => runCliInProcess(args, async () => [...cliOperations, throwaway]);

describe('a command derived from a cli binding', () => {
  it('takes its flags from the input schema and the settings table', () => {
    const spec = commandSpec(throwaway);
    expect(spec.command).toEqual(['test', 'split']);
    const byFlag = Object.fromEntries(spec.flags.map((f) => [f.flag, f]));
    expect(byFlag['--amount-uah']).toMatchObject({ field: 'amountUah', kind: 'number', required: true, help: 'the amount to split; 0..1000' });
    expect(byFlag['--parts']).toMatchObject({ kind: 'integer', help: 'parts; 1..10; default 2' });
    expect(byFlag['--parts']?.required).toBeUndefined();
    expect(byFlag['--mode']).toMatchObject({ value: 'even|odd', choices: ['even', 'odd'] });
    // The settings object is one flag per settings field, named and explained by the one table.
    expect(byFlag['--volume']).toMatchObject({ field: 'settings.volumeMwh', help: expect.stringContaining('MWh per trade') });
    expect(byFlag['--max-trades']).toMatchObject({ field: 'settings.maxTradesPerDay', kind: 'integer' });
  });

  it('runs through invoke() and draws the view as a table (with its total row), CSV and JSON', async () => {
    const table = await cli(['test', 'split', '--amount-uah', '10', '--parts', '4']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('│ Total (4) │');
    expect(table.stdout).toContain('2.50');
    const uk = await cli(['--lang', 'uk', 'test', 'split', '--amount-uah', '1000', '--parts', '1']);
    expect(uk.stdout).toContain('1\u00a0000,00');
    const csv = await cli(['--format', 'csv', 'test', 'split', '--amount-uah', '3', '--parts', '3']);
    expect(csv.stdout.trim().split('\n')).toEqual(['part,amountUah', '1,1', '2,1', '3,1', 'total,3']);
    const json = await cli(['--format', 'json', 'test', 'split', '--amount-uah', '3', '--volume', '2.5', '--min-spread', '0', '--max-trades', '1']);
    expect(JSON.parse(json.stdout)).toMatchObject({ totalUah: 3, volume: 2.5 });
  });

  it('says a bad flag in its own terms, exit 2; an unknown choice and a missing required flag too', async () => {
    const range = await cli(['test', 'split', '--amount-uah', '5000']);
    expect(range.code).toBe(2);
    expect(range.stderr).toMatch(/^error: --amount-uah: .*got "5000"/);
    expect((await cli(['test', 'split', '--amount-uah', 'ten'])).stderr).toContain('--amount-uah: expected a number, got "ten"');
    expect((await cli(['test', 'split', '--amount-uah', '1', '--mode', 'both'])).stderr).toContain('--mode: expected even or odd, got "both"');
    expect((await cli(['test', 'split'])).code).toBe(2);
  });

  it('has help with its example, and is listed by svc --help', async () => {
    const help = await cli(['test', 'split', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Example:\n\s+\$ svc test split --amount-uah 10 --parts 4/);
    expect(help.stdout).toContain('--amount-uah <number>');
    expect((await cli(['--help'])).stdout).toContain('test');
  });
});

describe('the bindings of svc plan, bess and risk', () => {
  it('derive the flags the hand-written commands had: --date, settings from the table with --settings, renames, a JSON file, views and a gate', async () => {
    const { strategyPlan, bessPlan } = await import('../../src/ops/strategy/plan.js');
    const { riskReport } = await import('../../src/ops/strategy/risk.js');
    const flagsOf = (op: Operation) => Object.fromEntries(commandSpec(op).flags.map((f) => [f.flag, f]));
    const risk = flagsOf(riskReport as unknown as Operation);
    expect(commandSpec(riskReport as unknown as Operation).settings).toEqual([
      { field: 'strategySettings', group: 'strategySettings', required: true },
      { field: 'bessSettings', group: 'bessSettings', required: true },
    ]);
    expect(risk['--fallback']).toMatchObject({ field: 'isFallbackData', kind: 'boolean' });
    expect(risk['--risk-config']).toMatchObject({ field: 'riskConfig', kind: 'json' });
    expect(risk['--fail-on']).toMatchObject({ field: '@gate', choices: ['review', 'blocked'] });
    expect(risk['--plan-on']).toMatchObject({ field: '@planOn', choices: ['actual', 'forecast'] });
    for (const flag of ['--settings', '--fee', '--volume', '--capacity', '--degradation', '--lot', '--spread-lot']) expect(risk[flag], flag).toBeDefined();
    expect(risk['--trade-date']).toBeUndefined();
    expect(risk['--forecast']).toBeUndefined();
    const bess = flagsOf(bessPlan as unknown as Operation);
    expect(bess['--view']).toMatchObject({ choices: ['cycles', 'schedule'] });
    expect(bess['--schedule']).toBeUndefined();
    expect(bess['--history']).toBeUndefined();
    expect(bess['--plan-on']).toMatchObject({ field: 'planOn', choices: ['actual', 'forecast'] });
    const plan = flagsOf(strategyPlan as unknown as Operation);
    expect(Object.keys(plan).filter((f) => f !== '--plan-on' && f !== '--settings').sort()).toEqual(['--fee', '--max-trades', '--min-spread', '--spread-lot', '--volume']);
  });
});

describe('dist/cli/commands.json (written by npm run build)', () => {
  it('lists what the registry derives, each with the module the CLI loads it from', async () => {
    const built = (JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'commands.json'), 'utf8')) as { commands: Array<Record<string, unknown>> }).commands;
    const derived = (await deriveCommands(cliOperations)).specs;
    expect(built.map(({ module: _m, exportName: _e, ...spec }) => spec)).toEqual(JSON.parse(JSON.stringify(derived)));
    for (const c of built) expect(c.module).toMatch(/^ops\/.+\.js$/);
    expect(built.find((c) => c.id === 'prices.stats')).toMatchObject({ module: 'ops/market/prices-stats.js', exportName: 'pricesStats' });
  });
});
