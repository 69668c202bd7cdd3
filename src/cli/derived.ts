/**
 * Commands derived from operations (derive.ts): registered from their specs, with no operation
 * loaded; the action loads the one op, turns flags, the settings (flags over `--settings`) and the
 * price book into its input and runs it through invoke() (env.runOp); derived-output.ts draws the
 * output with the op's view (render.ts), writes its side files and sets the exit code from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { AnyOperation } from '../ops/types.js';
import type { CliEnv } from './cli-env.js';
import { flatSettings, type CommandSpec, type FlagSpec } from './derive.js';
import { getField, optionName, setField } from './input-path.js';
import { sayOpError } from './derived-errors.js';
import { checkRangeOrder } from '../domain/range-order.js';
import { addBookOptions, BOOK_ARG_HELP, dstReading, loadBook, parseDateFlag, pickDay, READ_BACK_FORECAST, sliceBook, type LoadedBook } from './book.js';
import { presentOutput } from './derived-output.js';
import { chosenSpec, commandEntries } from './alternates.js';

/** Loads the operation a spec names (the built module, or the op itself when derived at run time). */
export type OpLoader = (spec: CommandSpec) => Promise<AnyOperation>;

type Opts = Record<string, unknown>;

/** The command at `path` under `program`, made (with no action) where missing. */
function commandAt(program: Command, path: readonly string[]): Command {
  let at = program;
  for (const word of path) at = at.commands.find((c) => c.name() === word) ?? at.command(word);
  return at;
}

export function registerDerived(program: Command, env: CliEnv, specs: readonly CommandSpec[], load: OpLoader): void {
  for (const entry of commandEntries(specs)) {
    const spec = entry.shown;
    const name = spec.command[spec.command.length - 1] as string;
    const parent = commandAt(program, spec.command.slice(0, -1));
    if (spec.parent && parent !== program && !parent.description()) parent.description(spec.parent.description).addHelpText('after', examplesText(spec.parent.examples, spec.parent.helpText));
    // A subcommand registered before it may have made the command already (`forecast evaluate`, then `forecast`).
    const cmd = (parent.commands.find((c) => c.name() === name) ?? parent.command(name)).description(spec.description);
    if (spec.book?.optional) cmd.argument(`[${spec.book.optional.name}]`, spec.book.optional.help);
    else if (spec.book) cmd.argument(`<${spec.book.arg?.name ?? 'file'}>`, spec.book.arg?.help ?? BOOK_ARG_HELP);
    if (spec.body) cmd.argument(`<${spec.body.arg}>`, spec.body.help);
    if (spec.book?.shape === 'day') cmd.requiredOption('--date <DD.MM.YYYY>', 'trade date');
    for (const f of spec.flags) {
      const flags = (f.short ? `${f.short}, ` : '') + (f.value ? (f.optional ? `${f.flag} [${f.value}]` : `${f.flag} <${f.value}>`) : f.flag);
      if (f.hidden) continue;
      if (f.required) cmd.requiredOption(flags, f.help);
      else if (f.repeat) cmd.option(flags, f.help, (v: string, prev: string[] = []) => [...prev, v]);
      else cmd.option(flags, f.help);
    }
    if (spec.book) addBookOptions(cmd, spec.book);
    cmd.addHelpText('after', examplesText(spec.examples, spec.helpText) + (spec.helpFooter ? `\n\n${spec.helpFooter}` : ''));
    cmd.action(async (...args: unknown[]) => {
      const positional = spec.book !== undefined || spec.body !== undefined;
      const file = positional ? (args[0] as string) : undefined;
      const opts = (positional ? args[1] : args[0]) as Opts;
      // Under a command with flags of its own (`forecast evaluate`): imported only there.
      if (parent !== program && (spec.notWith || parent.options.length > 0)) (await import('./subcommand.js')).withParentOpts(cmd, opts, spec.notWith);
      if (file === undefined && spec.book?.optional) throw SvcError.validation(spec.book.optional.says, [{ path: spec.book.optional.name, message: 'required' }]);
      const chosen = chosenSpec(entry, opts);
      await runDerived(env, chosen, await load(chosen), file, opts);
    });
  }
}

const examplesText = (examples: readonly string[], helpText?: string): string =>
  `${helpText ? `\n${helpText}\n` : ''}\nExample${examples.length > 1 ? 's' : ''}:\n${examples.map((e) => `  $ ${e}`).join('\n')}`;

async function coerce(f: FlagSpec, raw: unknown): Promise<unknown> {
  if (f.kind === 'boolean') return raw === true;
  if (f.kind === 'pairs') return (await import('./pairs.js')).parsePairs(raw as string[], f.flag);
  if (f.kind === 'axes') return (await import('./axes-flag.js')).parseAxes(raw as string[], f);
  if (f.date) return parseDateFlag(String(raw), f.flag);
  const text = String(raw);
  const cased = f.upper ? text.toUpperCase() : f.lower ? text.toLowerCase() : text;
  if (f.choices && !f.choices.includes(cased)) {
    // Three or more said as a list, as the hand-written commands said them (`both, spread or bess`).
    const said = f.choices.length > 2 ? `${f.choices.slice(0, -1).join(', ')} or ${f.choices.at(-1)}` : f.choices.join(' or ');
    throw SvcError.validation(`${f.flag}: expected ${said}, got "${text}"`, [{ path: f.flag, message: `expected ${f.choices.length > 2 ? said : f.choices.join('|')}` }]);
  }
  if (f.kind === 'string') return cased;
  if (f.kind === 'text') return existsSync(text) ? readFileSync(text, 'utf8') : text;
  if (f.kind === 'json') return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw SvcError.validation(`${f.flag}: expected a number, got "${text}"`, [{ path: f.flag, message: 'expected a number' }]);
  return value;
}

async function hourlyBook(env: CliEnv, spec: CommandSpec, op: AnyOperation, file: string, opts: Opts, input: Record<string, unknown>): Promise<LoadedBook> {
  const book = spec.book as NonNullable<CommandSpec['book']>;
  const [fromField, toField] = book.range ?? [];
  const from = fromField ? (input[fromField] as string | undefined) : undefined;
  const to = toField ? (input[toField] as string | undefined) : undefined;
  await flagsFirst(spec, op, opts, input);
  // A file is read straight into hourly arrays (no PriceDay objects); mktop's book comes as PriceDays.
  const dst = dstReading(book, opts);
  const loaded = sliceBook(env, await loadBook(env, file, dst.opts, { from, to, only: true, hourly: true, ...dst.scope }), from, to);
  if (book.keepDst && dst.keep && loaded.dstDays.length > 0) input[book.keepDst.into] = loaded.dstDays.map((d) => ({ date: d.date, periods: d.periods }));
  const prices: Record<string, number[]> = {};
  for (const date of loaded.dates) prices[date] = loaded.hourly?.[date] ?? hourlyPrices(loaded.book[date] ?? []);
  input[book.into] = prices;
  return loaded;
}

/**
 * A range's two flags (the book's `range` fields, else `from` / `to`) in order, for every command, before
 * anything is read: `--from 31.12.2024 is after --to 01.12.2024` (domain/range-order.ts, the one
 * wording), whether the op would have said it or not. Ends that are not both dates or both months are
 * left to the op, which says what is wrong with them.
 */
function rangeFlagsInOrder(spec: CommandSpec, input: Record<string, unknown>): void {
  const [fromField, toField] = spec.book?.range ?? ['from', 'to'];
  const fromFlag = spec.flags.find((f) => f.field === fromField);
  const toFlag = spec.flags.find((f) => f.field === toField);
  if (!fromFlag || !toFlag) return;
  const from = getField(input, fromField);
  const to = getField(input, toField);
  if (typeof from === 'string' && typeof to === 'string') checkRangeOrder(from, to, [fromFlag.flag, toFlag.flag]);
}

/** The flags are checked before the book is read: a bad --from fails fast, naming the flag. */
async function flagsFirst(spec: CommandSpec, op: AnyOperation, opts: Opts, input: Record<string, unknown>): Promise<void> {
  const checked = { ...input, [(spec.book as NonNullable<CommandSpec['book']>).into]: {} };
  const early = await op.input['~standard'].validate(checked);
  if (!early.issues) return;
  // The issues as invoke says them (SvcError.fromIssues: an enum's choices and the value given).
  const invalid = SvcError.validation('invalid input', SvcError.fromIssues(early.issues, '', checked).issues);
  const e = await sayOpError(spec, op.cli, invalid, input, opts, undefined);
  if (e !== invalid) throw e;
}

/** One day of the book (`--date`), or with `--plan-on forecast` the forecast's expected path of it. */
async function dayBook(env: CliEnv, spec: CommandSpec, file: string, opts: Opts, input: Record<string, unknown>): Promise<{ source: string; loaded?: LoadedBook }> {
  const book = spec.book as NonNullable<CommandSpec['book']>;
  const date = parseDateFlag(opts.date as string | undefined, '--date') ?? '';
  if (book.date) input[book.date] = date;
  if (book.onForecast && opts.planOn === 'forecast') {
    const onForecast = await (await import('./plan-forecast.js')).forecastPricesFor(env, file, date, opts);
    input[book.into] = onForecast.prices;
    input[book.onForecast] = onForecast.forecast;
    return { source: onForecast.source };
  }
  const loaded = await loadBook(env, file, opts, { from: date, to: date, only: true, ...(book.periods ? { warnDst: false } : {}) });
  const dst = book.periods ? loaded.dstDays.find((d) => d.date === date) : undefined;
  if (book.periods && dst) input[book.periods] = dst.transition;
  input[book.into] = dst ? dst.periods.map((priceUahMwh, hour) => ({ hour, priceUahMwh })) : pickDay(loaded, date);
  if (book.onForecast && loaded.forecast) input[book.onForecast] = { ...READ_BACK_FORECAST };
  return { source: loaded.source, loaded };
}

async function runDerived(env: CliEnv, spec: CommandSpec, op: AnyOperation, file: string | undefined, opts: Opts): Promise<void> {
  const cli = op.cli;
  const input: Record<string, unknown> = {};
  if (spec.body?.text && file !== undefined) {
    input[spec.body.fields[0]] = (await import('./json-input.js')).readTextInput(file, spec.body.what);
    if (spec.body.named) input[spec.body.named] = file;
  } else if (spec.body && file !== undefined) {
    const body = (await import('./json-input.js')).readJsonInput(file, spec.body.what);
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : { [spec.body.fields[0]]: body };
    for (const field of spec.body.fields) input[field] = fields[field];
  }
  for (const f of spec.flags) {
    const raw = opts[optionName(f.flag)] ?? (f.global ? env.globals()[f.global] : undefined);
    // Settings flags are read with the --settings file below (their errors name the range).
    if (raw === undefined || spec.settings?.some((s) => f.field.startsWith(`${s.field}.`))) continue;
    const value = await coerce(f, raw);
    if (f.field.startsWith('@')) continue;
    if (f.kind === 'json') setField(input, f.field, (await import('./json-input.js')).readJsonInput(String(raw), f.flag));
    else setField(input, f.field, value);
  }
  if (spec.settings) await settingsInput(spec, opts, input);
  const axesFlag = spec.settings ? spec.flags.find((f) => f.kind === 'axes') : undefined;
  const axes = axesFlag ? getField(input, axesFlag.field) : undefined;
  if (axesFlag && Array.isArray(axes)) {
    const { TRADING_FLAGS, BESS_FLAGS } = await import('./settings.js');
    (await import('./axes-flag.js')).refuseFlaggedAxes(axes, axesFlag, opts, [...TRADING_FLAGS, ...BESS_FLAGS]);
  }
  const steps = cli?.before || cli?.sideFiles ? await import('./steps.js') : undefined;
  if (cli && steps) steps.checkSteps(cli, opts, input);
  if (cli?.range) (await import('./book-range.js')).rangeInput(spec, cli.range, opts, input);
  const hand = cli?.handOff;
  if (hand && file !== undefined && input[hand.field] === hand.value) {
    return (await import('./plan-forecast.js')).runPlanOnForecast(env, op.id === 'bess.plan' ? 'bess' : 'spread', file, parseDateFlag(opts.date as string, '--date') ?? '', opts);
  }
  const viewName = opts.view as string | undefined;
  const chosen = viewName !== undefined && viewName !== cli?.defaultView ? cli?.views?.[viewName] : undefined;
  if (chosen?.input) Object.assign(input, chosen.input);
  rangeFlagsInOrder(spec, input);
  const { loaded, source, classified } = file === undefined ? {} : await readBook(env, spec, op, file, opts, input);
  const mktop = file === 'mktop' ? spec.book?.mktop : undefined;
  for (const [field, value] of Object.entries(mktop?.defaults ?? {})) if (getField(input, field) === undefined) setField(input, field, value);
  if (mktop?.published && loaded) setField(input, mktop.published, true);
  if ((mktop?.fallback || mktop?.provenance) && loaded) (await import('./market-book.js')).stateMarketProvenance(mktop, loaded, input, spec.book?.date ? getField(input, spec.book.date) : undefined);
  if (cli && steps) await steps.runPreStep(env, cli, opts, input);
  if (cli?.tableInput && env.globals().format === 'table') Object.assign(input, cli.tableInput);
  if (cli?.input) Object.assign(input, cli.input);
  const progress = (cli?.progress as ((i: unknown) => string) | undefined)?.(input);
  const running = progress === undefined ? env.runOp(op, input) : (await import('./op-progress.js')).withProgress(env, progress, () => env.runOp(op, input));
  const output = (await running.catch(async (e: unknown) => {
    throw await sayOpError(spec, cli, e, input, opts, file);
  })) as Record<string, unknown>;
  await presentOutput(env, spec, cli, { opts, input, output, steps, chosen, loaded, source, classified });
}

/**
 * The price book a command reads, by its binding's shape (the input fields it fills are set in
 * `input`): the book as loaded (for the gap report and the JSON's missing days), the source the
 * views name (day, days and whole books), and whether the views classify missing days themselves
 * (DoorFacts.missing: books of days).
 */
async function readBook(env: CliEnv, spec: CommandSpec, op: AnyOperation, file: string, opts: Opts, input: Record<string, unknown>): Promise<{ loaded?: LoadedBook | undefined; source?: string | undefined; classified?: true }> {
  const book = spec.book;
  const kinds = op.cli?.book?.kinds;
  if (book && (book.shape === 'book' || kinds)) await flagsFirst(spec, op, opts, input);
  if (kinds && (await (await import('./book-kind.js')).readBookKind(kinds, file, opts, input))) return { source: file };
  switch (book?.shape) {
    case undefined:
      return {};
    case 'hourly':
      return { loaded: await hourlyBook(env, spec, op, file, opts, input) };
    case 'day':
      return dayBook(env, spec, file, opts, input);
    case 'days': {
      const loaded = await (await import('./book-days.js')).daysBook(env, book, file, opts, input);
      return { loaded, source: loaded.source, classified: true };
    }
    case 'book': {
      const loaded = await (await import('./book-range.js')).wholeBook(env, spec, file, opts, input, op.cli?.book);
      return { loaded, source: loaded?.source };
    }
  }
}

/** Each settings record: its defaults, the --settings file, then its flags (src/cli/settings.ts); an optional record only when given. */
async function settingsInput(spec: CommandSpec, opts: Opts, input: Record<string, unknown>): Promise<void> {
  const { resolveSettings, settingsFileStates, anyFlagGiven, BESS_FLAGS, TRADING_FLAGS } = await import('./settings.js');
  const groups = spec.settings ?? [];
  const flatAs = flatSettings(groups);
  const resolved = resolveSettings(opts, flatAs);
  for (const s of groups) {
    const flags = s.group === 'strategySettings' ? TRADING_FLAGS : BESS_FLAGS;
    const given = anyFlagGiven(opts, flags) || (typeof opts.settings === 'string' && (flatAs === s.group || settingsFileStates(opts.settings, s.group)));
    if (s.flat) Object.assign(input, resolved[s.group]);
    else if (s.required || given) setField(input, s.field, resolved[s.group]);
  }
}
