/**
 * Commands derived from operations (derive.ts): registered from their specs, with no operation
 * loaded; the action loads the one op, turns flags and the price book into its input, runs it
 * through invoke() (env.runOp) and draws the output with the op's table view (render.ts).
 */
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { AnyOperation, StandardIssue } from '../ops/types.js';
import type { CliEnv } from './cli-env.js';
import type { CommandSpec, FlagSpec } from './derive.js';
import { addBookOptions, BOOK_ARG_HELP, checkRange, classifyMissing, loadBook, sliceBook, type LoadedBook } from './book.js';
import { parseTradeDate } from '../domain/dates.js';
import { renderOutput } from './render.js';

/** Loads the operation a spec names (the built module, or the op itself when derived at run time). */
export type OpLoader = (spec: CommandSpec) => Promise<AnyOperation>;

const camel = (flag: string): string => flag.replace(/^--/, '').replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());

/** The command at `path` under `program`, made (with no action) where missing. */
function commandAt(program: Command, path: readonly string[]): Command {
  let at = program;
  for (const word of path) at = at.commands.find((c) => c.name() === word) ?? at.command(word);
  return at;
}

export function registerDerived(program: Command, env: CliEnv, specs: readonly CommandSpec[], load: OpLoader): void {
  for (const spec of specs) {
    const name = spec.command[spec.command.length - 1] as string;
    const cmd = commandAt(program, spec.command.slice(0, -1)).command(name).description(spec.description);
    if (spec.book) cmd.argument('<file>', BOOK_ARG_HELP);
    for (const f of spec.flags) {
      const flags = f.value ? `${f.flag} <${f.value}>` : f.flag;
      if (f.required) cmd.requiredOption(flags, f.help);
      else cmd.option(flags, f.help);
    }
    if (spec.book) addBookOptions(cmd);
    cmd.addHelpText('after', `\nExample${spec.examples.length > 1 ? 's' : ''}:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}`);
    cmd.action(async (...args: unknown[]) => {
      const file = spec.book ? (args[0] as string) : undefined;
      const opts = (spec.book ? args[1] : args[0]) as Record<string, unknown>;
      await runDerived(env, spec, await load(spec), file, opts);
    });
  }
}

function coerce(f: FlagSpec, raw: unknown): unknown {
  if (f.kind === 'boolean') return raw === true;
  const text = String(raw);
  if (f.choices && !f.choices.includes(text)) {
    throw SvcError.validation(`${f.flag}: expected ${f.choices.join(' or ')}, got "${text}"`, [{ path: f.flag, message: `expected ${f.choices.join('|')}` }]);
  }
  if (f.kind === 'string') return text;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw SvcError.validation(`${f.flag}: expected a number, got "${text}"`, [{ path: f.flag, message: 'expected a number' }]);
  return value;
}

function setField(input: Record<string, unknown>, field: string, value: unknown): void {
  const [head, ...rest] = field.split('.') as [string, ...string[]];
  if (rest.length === 0) input[head] = value;
  else setField((input[head] ??= {}) as Record<string, unknown>, rest.join('.'), value);
}

/** A validation issue on a field a flag fills, said in the flag's terms: `--from: expected …, got "x"`. */
function flagIssue(spec: CommandSpec, issues: readonly { path: string; message: string }[], opts: Record<string, unknown>): SvcError | undefined {
  // The first issue of each flag: a flag's value is one mistake, however many checks it fails.
  const named = issues.flatMap((i) => {
    const f = spec.flags.find((fl) => i.path === fl.field || i.path.startsWith(`${fl.field}.`));
    return f ? [{ f, message: i.message }] : [];
  }).filter((n, k, all) => all.findIndex((m) => m.f === n.f) === k);
  const first = named[0];
  if (!first) return undefined;
  const line = `${first.f.flag}: ${first.message}, got ${JSON.stringify(opts[camel(first.f.flag)])}`;
  return SvcError.validation(line + (named.length > 1 ? ` (and ${named.length - 1} more)` : ''), named.map((n) => ({ path: n.f.flag, message: n.message })));
}

const pathOf = (issue: StandardIssue): string => (issue.path ?? []).map((s) => String(typeof s === 'object' ? s.key : s)).join('.');

async function bookInput(env: CliEnv, spec: CommandSpec, op: AnyOperation, file: string, opts: Record<string, unknown>, input: Record<string, unknown>): Promise<LoadedBook> {
  const book = spec.book as NonNullable<CommandSpec['book']>;
  const [fromField, toField] = book.range ?? [];
  const from = fromField ? (input[fromField] as string | undefined) : undefined;
  const to = toField ? (input[toField] as string | undefined) : undefined;
  if (from && to && parseTradeDate(from) && parseTradeDate(to)) checkRange(from, to);
  // The flags are checked before the book is read: a bad --from fails fast, naming the flag.
  const early = await op.input['~standard'].validate({ ...input, [book.into]: {} });
  if (early.issues) {
    const e = flagIssue(spec, early.issues.map((i) => ({ path: pathOf(i), message: i.message })), opts);
    if (e) throw e;
  }
  const loaded = sliceBook(env, await loadBook(env, file, opts, { from, to }), from, to);
  const prices: Record<string, number[]> = {};
  for (const date of loaded.dates) prices[date] = hourlyPrices(loaded.book[date] ?? []);
  input[book.into] = prices;
  return loaded;
}

async function runDerived(env: CliEnv, spec: CommandSpec, op: AnyOperation, file: string | undefined, opts: Record<string, unknown>): Promise<void> {
  const input: Record<string, unknown> = {};
  for (const f of spec.flags) {
    const raw = opts[camel(f.flag)];
    if (raw !== undefined) setField(input, f.field, coerce(f, raw));
  }
  const loaded = spec.book && file !== undefined ? await bookInput(env, spec, op, file, opts, input) : undefined;
  const output = (await env.runOp(op, input).catch((e: unknown) => {
    throw (e instanceof SvcError && e.code === 'validation_error' && flagIssue(spec, e.issues, opts)) || e;
  })) as Record<string, unknown>;
  const { format, lang } = env.globals();
  const out = env.out();
  const gapsField = spec.book?.gaps;
  const gaps = gapsField ? (output[gapsField] as { missing: string[]; missingDays: number; calendarDays: number; from: string | null; to: string | null }) : undefined;
  // What only the door knows: which missing days were clock-change days, invalid, or absent from the file.
  const json = loaded && gapsField && gaps ? { ...output, [gapsField]: { ...gaps, ...classifyMissing(loaded, gaps.missing) } } : output;
  await renderOutput(out, op.cli?.view as never, output, { format, lang, json });
  if (format === 'table' && loaded && gaps) {
    const { gapReport } = await import('./backtest-gaps.js');
    for (const line of gapReport(loaded, gaps, lang)) out.warn(line);
  }
}
