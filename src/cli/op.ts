/**
 * `svc op`: the CLI door onto every operation of the registry, including those with no
 * hand-written subcommand. `svc op list` names them; `svc op run <id> --input JSON|@file|-` runs
 * one through invoke() exactly as the HTTP door does (same schema, same access check, same
 * rounding) and prints its output: JSON, or a table when every top-level field is a plain value.
 * A new operation is served here the day it is added to the registry, with no CLI code; the lean
 * operations (types.ts) too, which no other door serves.
 */
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import type { AnyOperation } from '../ops/types.js';
import type { CliEnv } from './cli-env.js';
import { readJsonInput } from './json-input.js';
import { keyValueTable } from './table.js';

/** Where the operations come from: the registry, or (tests) a registry with more in it. */
export type OperationSource = () => Promise<readonly AnyOperation[]>;

const registry: OperationSource = async () => (await import('../ops/index.js')).cliOperations;

export function registerOp(program: Command, env: CliEnv, source: OperationSource = registry): void {
  const op = program.command('op').description('any operation of the registry by its id, as the HTTP API runs it (list, run)');
  op.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc op list\n' +
      '  $ svc op run billing.plans --input \'{"lang":"en"}\'',
  );
  op.command('list')
    .description('the operations: id, HTTP route, summary')
    .action(async () => {
      const ops = await source();
      const out = env.out();
      if (env.globals().format === 'json') return out.json({ operations: ops.map((o) => ({ id: o.id, summary: o.summary, access: o.access, http: o.http ? `${o.http.method} ${o.http.path}` : null })) });
      out.print(keyValueTable(ops.map((o) => [o.id, `${o.http ? `${o.http.method} ${o.http.path} · ` : ''}${o.summary}`]), out.c));
    });
  const run = op
    .command('run')
    .description('run one operation with a JSON input (its HTTP body or query), through the same checks as the API')
    .argument('<id>', 'operation id (svc op list)')
    .option('--input <json|@file|->', 'the input as JSON text, @file.json, or - for stdin (default {})');
  run.addHelpText('after', "\nExamples:\n  $ svc op list\n  $ svc op run billing.plans --input '{\"lang\":\"en\"}'\n  $ svc op run strategy.plan --input @examples/plan-request.json --format json");
  run.action(async (id: string, opts: { input?: string }) => {
    const ops = await source();
    const found = ops.find((o) => o.id === id);
    if (!found) {
      throw SvcError.validation(`no operation "${id}"; svc op list names them`, [{ path: '<id>', message: 'unknown operation' }]);
    }
    const output = await env.runOp(found, opts.input === undefined ? {} : readJsonInput(opts.input, '--input', { inline: true }));
    const out = env.out();
    // A table only where it reads as one (every top-level field a plain value); otherwise JSON.
    const flat = output !== null && typeof output === 'object' && !Array.isArray(output) && Object.values(output).every((v) => v === null || typeof v !== 'object');
    if (env.globals().format === 'table' && flat) {
      out.print(keyValueTable(Object.entries(output as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]), out.c));
      return;
    }
    out.json(output);
  });
}
