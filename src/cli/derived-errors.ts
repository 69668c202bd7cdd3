/**
 * An error of a derived command's operation said in the command's terms (derived.ts): a field a
 * flag fills names the flag and what was given, a settings field its flag and range (or the
 * --settings file), a field of a JSON body file the file; the error as it is when nothing names
 * it better.
 */
import { moreIssues, SvcError } from '../domain/errors.js';
import type { AnyOperation } from '../ops/types.js';
import type { CommandSpec } from './derive.js';
import { getField, optionName } from './input-path.js';

type Opts = Record<string, unknown>;

/** An error of the operation said in the command's terms: by its flags (`errors: 'flags'`), else by the binding's own words (`flagErrors`, a body file), else as its `errors` chooses; the error itself when nothing names it better. */
export async function sayOpError(spec: CommandSpec, cli: AnyOperation['cli'], e: unknown, input: Record<string, unknown>, opts: Opts, file: string | undefined): Promise<unknown> {
  if (spec.errors === 'flags') return (await import('./pairs.js')).saidByFlags(e, spec.flags);
  const said = saidByBinding(spec, cli, e, file);
  if (said !== e) return said;
  if (spec.errors === 'op') return spec.settings ? explained(spec, e, input, opts) : e;
  return explained(spec, e, input, opts);
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
  return SvcError.validation(line + moreIssues(named.length), named.map((n) => ({ path: n.f.flag, message: n.message })));
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
