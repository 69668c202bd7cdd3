/**
 * `svc op`: the CLI door onto every operation of the registry, including those with no
 * hand-written subcommand. `svc op list` names them; `svc op show <id>` says one (summary,
 * description, access, HTTP route, command) with its input as JSON Schema, read from its schema
 * through the Standard JSON Schema interface as the derived CLI reads flags (a lean op's zod
 * contract in the registry: the schema OpenAPI and MCP derive theirs from, which an op with no
 * HTTP route or tool has nowhere else); `svc op run <id> --input JSON|@file|-` runs
 * one through invoke() exactly as the HTTP door does (same schema, same access check, same
 * rounding) and prints its output: JSON, or a table when every top-level field is a plain value.
 * `svc op list` also prints CSV; show and run refuse `--format csv` (exit 2).
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

async function find(source: OperationSource, id: string): Promise<AnyOperation> {
  const found = (await source()).find((o) => o.id === id);
  if (!found) throw SvcError.validation(`no operation "${id}"; svc op list names them`, [{ path: '<id>', message: 'unknown operation' }]);
  return found;
}

/** `svc op show` and `svc op run` print a table or JSON: `--format csv` is refused (exit 2), not printed as something else. */
function noCsv(env: CliEnv, command: string): void {
  if (env.globals().format !== 'csv') return;
  throw SvcError.validation(`--format csv: svc op ${command} prints table or json; use --format table or --format json`, [{ path: '--format', message: 'expected table|json' }]);
}

/** An op's input as JSON Schema (draft 2020-12), from its schema's Standard JSON Schema interface; null where it has none. */
function inputSchema(op: AnyOperation): Record<string, unknown> | null {
  const json = op.input['~standard'].jsonSchema?.input({ target: 'draft-2020-12' });
  if (!json) return null;
  const { $schema: _drop, ...schema } = json;
  return schema;
}

export function registerOp(program: Command, env: CliEnv, source: OperationSource = registry): void {
  const op = program.command('op').description('any operation of the registry by its id, as the HTTP API runs it (list, show, run)');
  op.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc op list\n' +
      '  $ svc op show prices.convert\n' +
      '  $ svc op run billing.plans --input \'{"lang":"en"}\'',
  );
  op.command('list')
    .description('the operations: id, HTTP route, summary')
    .action(async () => {
      const ops = await source();
      const out = env.out();
      const rows = ops.map((o) => ({ id: o.id, summary: o.summary, access: o.access, http: o.http ? `${o.http.method} ${o.http.path}` : null }));
      if (env.globals().format === 'json') return out.json({ operations: rows });
      if (env.globals().format === 'csv') return out.raw(await (await import('./csv.js')).toCsv(rows, ['id', 'http', 'access', 'summary']));
      out.print(keyValueTable(ops.map((o) => [o.id, `${o.http ? `${o.http.method} ${o.http.path} · ` : ''}${o.summary}`]), out.c));
    });
  op.command('show')
    .description('one operation: summary, description, access, HTTP route, command, and its input as JSON Schema')
    .argument('<id>', 'operation id (svc op list)')
    .addHelpText('after', '\nExamples:\n  $ svc op show prices.convert\n  $ svc op show strategy.plan --format json')
    .action(async (id: string) => {
      noCsv(env, 'show');
      const found = await find(source, id);
      const out = env.out();
      const http = found.http ? `${found.http.method} ${found.http.path}` : null;
      const command = found.cli ? `svc ${found.cli.command.join(' ')}` : null;
      const input = inputSchema(found);
      if (env.globals().format === 'json') {
        return out.json({ id: found.id, summary: found.summary, description: found.description, access: found.access, ...(found.permission ? { permission: found.permission } : {}), http, command, input });
      }
      const rows: [string, string][] = [
        ['id', found.id],
        ['summary', found.summary],
        ['access', `${found.access}${found.permission ? ` (${found.permission})` : ''}`],
        // No route: `none`, naming the op's command where it has one (svc op run is never its only door then).
        ['http', http ?? (command ? `none (CLI: ${command})` : 'none')],
        ...(command ? [['command', command] as [string, string]] : []),
      ];
      out.print(`${keyValueTable(rows, out.c)}\n\n${found.description}\n\ninput (JSON Schema, the value of svc op run --input):\n${JSON.stringify(input, null, 2)}`);
    });
  const run = op
    .command('run')
    .description('run one operation with a JSON input (its HTTP body or query), through the same checks as the API')
    .argument('<id>', 'operation id (svc op list)')
    .option('--input <json|@file|->', 'the input as JSON text, @file.json, or - for stdin (default {}); its JSON Schema: svc op show <id>');
  run.addHelpText('after', "\nThe input's shape (JSON Schema), summary and description: svc op show <id>.\n\nExamples:\n  $ svc op list\n  $ svc op show prices.convert\n  $ svc op run billing.plans --input '{\"lang\":\"en\"}'\n  $ svc op run strategy.plan --input @examples/plan-request.json --format json");
  run.action(async (id: string, opts: { input?: string }) => {
    noCsv(env, 'run');
    const found = await find(source, id);
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
