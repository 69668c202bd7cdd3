/**
 * Commands derived from operations (derive.ts): registered from their specs, with no operation
 * loaded; the action loads the one op, turns flags, the settings (flags over `--settings`) and the
 * price book into its input, runs it through invoke() (env.runOp) and draws the output with the
 * op's table view (render.ts). A gate (`--fail-on`) sets the exit code from the output.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { SvcError, type ErrorCode } from '../domain/errors.js';
import { hourlyPrices } from '../domain/hourly.js';
import type { AnyOperation, DocView, DoorFacts, FailBinding, Remark, StandardIssue, TableView, TextView } from '../ops/types.js';
import { CliExit, type CliEnv } from './cli-env.js';
import { flatSettings, type CommandSpec, type FlagSpec } from './derive.js';
import { getField, optionName, setField } from './input-path.js';
import { addBookOptions, BOOK_ARG_HELP, checkRange, classifyMissing, loadBook, parseDateFlag, pickDay, READ_BACK_FORECAST, sliceBook, type LoadedBook } from './book.js';
import { parseTradeDate } from '../domain/dates.js';
import { renderOutput } from './render.js';
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
    if (spec.book) addBookOptions(cmd);
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
  if (f.choices && !f.choices.includes(f.upper ? text.toUpperCase() : text)) {
    // Three or more said as a list, as the hand-written commands said them (`both, spread or bess`).
    const said = f.choices.length > 2 ? `${f.choices.slice(0, -1).join(', ')} or ${f.choices.at(-1)}` : f.choices.join(' or ');
    throw SvcError.validation(`${f.flag}: expected ${said}, got "${text}"`, [{ path: f.flag, message: `expected ${f.choices.length > 2 ? said : f.choices.join('|')}` }]);
  }
  if (f.kind === 'string') return f.upper ? text.toUpperCase() : text;
  if (f.kind === 'text') return existsSync(text) ? readFileSync(text, 'utf8') : text;
  if (f.kind === 'json') return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw SvcError.validation(`${f.flag}: expected a number, got "${text}"`, [{ path: f.flag, message: 'expected a number' }]);
  return value;
}

/** A validation issue on a field a flag fills, said in the flag's terms: `--from: expected …, got "x"`. */
function flagIssue(spec: CommandSpec, issues: readonly { path: string; message: string }[], opts: Opts): SvcError | undefined {
  // The first issue of each flag: a flag's value is one mistake, however many checks it fails.
  const named = issues.flatMap((i) => {
    const f = spec.flags.find((fl) => !fl.field.startsWith('@') && (i.path === fl.field || i.path.startsWith(`${fl.field}.`)));
    return f ? [{ f, message: i.path === f.field ? i.message : `${i.path.slice(f.field.length + 1)}: ${i.message}` }] : [];
  }).filter((n, k, all) => all.findIndex((m) => m.f === n.f) === k);
  const first = named[0];
  if (!first) return undefined;
  const given: unknown = opts[optionName(first.f.flag)];
  // A flag not given (a field another field's absence makes required) is named without a value.
  const got = given === undefined ? '' : first.f.kind === 'json' ? ` (in ${String(given)})` : `, got ${JSON.stringify(given)}`;
  const line = `${first.f.flag}: ${first.message}${got}`;
  return SvcError.validation(line + (named.length > 1 ? ` (and ${named.length - 1} more)` : ''), named.map((n) => ({ path: n.f.flag, message: n.message })));
}

/**
 * A validation error said in the command's terms: a settings field names its flag and range (or
 * the --settings file), another field its flag; an error naming no flag is passed on as it is.
 */
async function explained(spec: CommandSpec, e: unknown, input: Record<string, unknown>, opts: Opts): Promise<unknown> {
  if (!(e instanceof SvcError) || e.code !== 'validation_error') return e;
  let error: unknown = e;
  if (spec.settings) {
    const { explainSettingsError, asRecordPaths, BESS_FLAGS, TRADING_FLAGS } = await import('./settings.js');
    // Settings as top-level fields: their issues read back as the records' paths, so that they name the flag.
    if (spec.settings.some((s) => s.flat)) error = asRecordPaths(error);
    for (const s of spec.settings) {
      const flags = s.group === 'strategySettings' ? TRADING_FLAGS : BESS_FLAGS;
      error = explainSettingsError(error, s.field, flags, ((s.flat ? input : getField(input, s.field)) ?? {}) as Record<string, unknown>, opts);
    }
  }
  if (error !== e || spec.errors === 'op') return error;
  if (spec.errors === 'words') return (await import('./op-words.js')).saidInOpWords(e, spec.flags);
  return flagIssue(spec, e.issues, opts) ?? e;
}

/**
 * A validation error said by the binding (`flagErrors`: a flag's own words), or, for a command
 * whose argument is a JSON body, an error on a field of that file said as `<file>: …`.
 */
function saidByBinding(spec: CommandSpec, cli: AnyOperation['cli'], e: unknown, file: string | undefined): unknown {
  if (!(e instanceof SvcError) || e.code !== 'validation_error') return e;
  const first = e.issues[0]?.path ?? '';
  const said = cli?.flagErrors?.[first];
  const flag = spec.flags.find((f) => first === f.field || first.startsWith(`${f.field}.`));
  if (said && flag) return SvcError.validation(`${flag.flag}: ${said.says}`, [{ path: flag.flag, message: said.issue }]);
  if (!spec.body || file === undefined || flag) return e;
  const where = file === '-' ? 'stdin' : file;
  return SvcError.validation(`${where}: ${e.message}`, e.issues.map((i) => ({ ...i, path: `${where}${i.path ? `.${i.path}` : ''}` })));
}

const pathOf = (issue: StandardIssue): string => (issue.path ?? []).map((s) => String(typeof s === 'object' ? s.key : s)).join('.');

async function hourlyBook(env: CliEnv, spec: CommandSpec, op: AnyOperation, file: string, opts: Opts, input: Record<string, unknown>): Promise<LoadedBook> {
  const book = spec.book as NonNullable<CommandSpec['book']>;
  const [fromField, toField] = book.range ?? [];
  const from = fromField ? (input[fromField] as string | undefined) : undefined;
  const to = toField ? (input[toField] as string | undefined) : undefined;
  if (from && to && parseTradeDate(from) && parseTradeDate(to)) checkRange(from, to);
  await flagsFirst(spec, op, opts, input);
  // A file is read straight into hourly arrays (no PriceDay objects); mktop's book comes as PriceDays.
  const loaded = sliceBook(env, await loadBook(env, file, opts, { from, to, only: true, hourly: true }), from, to);
  const prices: Record<string, number[]> = {};
  for (const date of loaded.dates) prices[date] = loaded.hourly?.[date] ?? hourlyPrices(loaded.book[date] ?? []);
  input[book.into] = prices;
  return loaded;
}

/** The flags are checked before the book is read: a bad --from fails fast, naming the flag. */
async function flagsFirst(spec: CommandSpec, op: AnyOperation, opts: Opts, input: Record<string, unknown>): Promise<void> {
  const early = await op.input['~standard'].validate({ ...input, [(spec.book as NonNullable<CommandSpec['book']>).into]: {} });
  if (!early.issues) return;
  const invalid = SvcError.validation('invalid input', early.issues.map((i) => ({ path: pathOf(i), message: i.message })));
  const said = saidByBinding(spec, op.cli, invalid, undefined);
  const e = said !== invalid ? said : await explained(spec, invalid, input, opts);
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
  const { loaded, source, classified } = file === undefined ? {} : await readBook(env, spec, op, file, opts, input);
  const mktop = file === 'mktop' ? spec.book?.mktop : undefined;
  for (const [field, value] of Object.entries(mktop?.defaults ?? {})) if (getField(input, field) === undefined) setField(input, field, value);
  if (mktop?.published && loaded) setField(input, mktop.published, true);
  if (cli && steps) await steps.runPreStep(env, cli, opts, input);
  if (cli?.tableInput && env.globals().format === 'table') Object.assign(input, cli.tableInput);
  if (cli?.input) Object.assign(input, cli.input);
  const progress = (cli?.progress as ((i: unknown) => string) | undefined)?.(input);
  const running = progress === undefined ? env.runOp(op, input) : (await import('./op-progress.js')).withProgress(env, progress, () => env.runOp(op, input));
  const output = (await running.catch(async (e: unknown) => {
    if (spec.errors === 'op') throw spec.settings ? await explained(spec, e, input, opts) : e;
    if (spec.errors === 'flags') throw (await import('./pairs.js')).saidByFlags(e, spec.flags);
    const said = saidByBinding(spec, cli, e, file);
    throw said !== e ? said : await explained(spec, e, input, opts);
  })) as Record<string, unknown>;
  const { format, lang } = env.globals();
  const out = env.out();
  const gapsField = spec.book?.gaps;
  const gaps = gapsField ? (output[gapsField] as { missing: string[]; missingDays: number; calendarDays: number; from: string | null; to: string | null }) : undefined;
  // What only the door knows: which missing days were clock-change days, invalid, or absent from the file.
  const files = cli && steps ? steps.sideFilePaths(cli, opts) : {};
  const door: DoorFacts = { ...(source ? { source } : {}), ...(loaded && classified ? { missing: (d: readonly string[]) => classifyMissing(loaded, d) } : {}), switches: switchesOf(cli, opts), files };
  const projected = cli?.json ? (cli.json as (o: unknown, i: unknown, d: DoorFacts) => unknown)(output, input, door) : output;
  const always = spec.book?.gapsSaid === 'always';
  const json = loaded && gapsField && gaps && !always ? { ...output, [gapsField]: { ...gaps, ...classifyMissing(loaded, gaps.missing) } } : projected;
  // A remark may be left out of the JSON (`json: false`: it says what the JSON already holds).
  const remarks = ((cli?.remarks as ((o: unknown, i: unknown) => readonly Remark[]) | undefined)?.(output, input) ?? []).filter((r) => r.json !== false || format !== 'json');
  const sayRemarks = () => remarks.forEach((r) => ('warn' in r ? out.warn(r.warn) : out.info(r.info)));
  const under = cli?.remarksUnder && format === 'table';
  if (!under) sayRemarks();
  if (always && loaded && gaps) for (const line of (await import('./gap-report.js')).gapReport(loaded, gaps, lang)) out.warn(line);
  // An output written to a file (`-o report.html`) is not printed, except as JSON.
  const written = cli && steps ? await steps.writeSideFiles(env, cli, opts, input, output) : false;
  const view = (chosen ?? cli?.view) as TableView<unknown, unknown> | TextView<unknown> | DocView<unknown, unknown> | undefined;
  if (!written || format === 'json') await renderOutput(out, view, output, { format, lang, json, input, ...(source ? { source } : {}), door });
  if (under) sayRemarks();
  if (format === 'table' && loaded && gaps && !always) {
    const { gapReport } = await import('./gap-report.js');
    for (const line of gapReport(loaded, gaps, lang)) out.warn(line);
  }
  const gate = cli?.gate as { levels: Record<string, number>; level(o: unknown): number; says(o: unknown): string; flag: string; exitCode: number; errorCode: string } | undefined;
  const level = gate ? (opts[optionName(gate.flag)] as string | undefined) : undefined;
  if (gate && level !== undefined && gate.level(output) >= (gate.levels[level] ?? Infinity)) {
    throw new CliExit(gate.exitCode, `${gate.says(output)} reaches ${gate.flag} ${level}`, gate.errorCode);
  }
  const fails = cli?.fails as FailBinding<unknown> | undefined;
  const passes = fails?.unless !== undefined && opts[optionName(fails.unless.flag)] === fails.unless.value;
  if (fails?.when(output) && !passes) {
    const final = fails.final?.(output);
    if (final) throw new SvcError(final.errorCode as ErrorCode, final.says, { reason: final.reason });
    if (fails.reason) throw new SvcError(fails.errorCode as ErrorCode, fails.says(output), { reason: fails.reason });
    throw new CliExit(fails.exitCode, fails.says(output), fails.errorCode);
  }
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

/** A document view's switches: true unless its `--no-…` flag was given. */
function switchesOf(cli: AnyOperation['cli'], opts: Opts): Record<string, boolean> {
  const view = cli?.view;
  return Object.fromEntries(Object.keys(view && 'blocks' in view ? (view.switches ?? {}) : {}).map((name) => [name, opts[name] !== false]));
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
