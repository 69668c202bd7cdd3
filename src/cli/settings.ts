/**
 * Settings flags shared by plan, bess, backtest, risk and brief. A flag that is not given is a key
 * that is not sent (so risk markers can say `not-supplied`); `--settings file.json` provides a base
 * that flags override. Errors name the flag and its allowed range.
 */
import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readJsonInput } from './json-input.js';
import { optionName } from './input-path.js';
import type { Command } from 'commander';
import { moreIssues, SvcError, type FailingPath } from '../domain/errors.js';
import { fileErrorCode, fileErrorWords } from '../domain/file-errors.js';
import { DEFAULT_BESS_REQUIRED, DEFAULT_TRADING_REQUIRED } from '../domain/defaults.js';
import { BESS_SETTING_KEYS, SETTINGS_FIELDS, settingsFields, type SettingsField, type SettingsGroup } from '../domain/settings-fields.js';

/** A settings flag: flag name, range, help default and unit all come from SETTINGS_FIELDS (src/domain/settings-fields.ts). */
export type FlagSpec = SettingsField;

export const TRADING_FLAGS: readonly FlagSpec[] = settingsFields('strategySettings');
export const BESS_FLAGS: readonly FlagSpec[] = settingsFields('bessSettings');

/** True when any of these flags was given on the command line. */
export function anyFlagGiven(opts: Record<string, unknown>, specs: readonly FlagSpec[]): boolean {
  return specs.some((s) => opts[optionName(s.flag)] !== undefined);
}

export function addFlags(cmd: Command, specs: readonly FlagSpec[]): Command {
  for (const s of specs) cmd.option(`${s.flag} <number>`, s.help);
  return cmd;
}

export function addSettingsFile(cmd: Command, what: string): Command {
  return cmd.option('--settings <file.json>', `JSON file with ${what}, or { "strategySettings": {...}, "bessSettings": {...} }; flags override it`);
}

/** Reads flag values that were given; a non-number is an error naming the flag. */
export function flagValues(opts: Record<string, unknown>, specs: readonly FlagSpec[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of specs) {
    const raw = opts[optionName(s.flag)];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(value)) {
      throw SvcError.validation(`${s.flag}: expected a number ${s.range}, got "${String(raw)}"`, [{ path: s.flag, message: `expected ${s.range}` }]);
    }
    out[s.key] = value;
  }
  return out;
}

/**
 * Checks, before any work, that an output file named by a flag can be written where it points: its
 * directory exists and is writable, and the path is not a directory (exit 2 naming the flag). The
 * write itself (writeOutputFile) happens only when the result is complete: no partial file.
 */
export function checkOutputPath(path: string | undefined, flag: string): void {
  if (path === undefined || path === '-') return;
  const fail = (why: string) => SvcError.validation(`${flag}: cannot write ${path}: ${why}`, [{ path: flag, message: `cannot write: ${why}` }]);
  let dir: ReturnType<typeof statSync> | undefined;
  try {
    dir = statSync(dirname(resolve(path)));
  } catch {
    throw fail('its directory does not exist');
  }
  if (!dir.isDirectory()) throw fail('its directory does not exist');
  try {
    if (statSync(path).isDirectory()) throw fail('it is a directory');
  } catch (e) {
    if (e instanceof SvcError) throw e;
  }
  try {
    accessSync(dirname(resolve(path)), constants.W_OK);
  } catch {
    throw fail('permission denied');
  }
}

/** Writes an output file named by a flag; a path that cannot be written is bad input naming the flag (exit 2). */
export function writeOutputFile(path: string, text: string, flag: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    // ENOENT with the directory there (a virtual file system such as /proc): the file cannot be made there.
    const missing = fileErrorCode(e) === 'ENOENT';
    const why = missing ? (existsSync(dirname(resolve(path))) ? 'no file can be created there' : 'its directory does not exist') : fileErrorWords(e);
    throw SvcError.validation(`${flag}: cannot write ${path}: ${why}`, [{ path: flag, message: `cannot write: ${why}` }]);
  }
}

/**
 * Rewrites a validation error on a settings object so that each failing field names its flag and
 * allowed range: "--efficiency: must be > 0 and <= 1 (got 1.2)".
 */
export function explainSettingsError(error: unknown, prefix: string, specs: readonly FlagSpec[], given: Record<string, unknown>, opts: Record<string, unknown> = {}): unknown {
  if (!(error instanceof SvcError) || error.code !== 'validation_error') return error;
  const issues: FailingPath[] = [];
  let first: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.startsWith(`${prefix}.`) ? issue.path.slice(prefix.length + 1) : undefined;
    const spec = specs.find((s) => s.key === key);
    if (spec) {
      // Blame the flag only when the value came from it; otherwise it came from the --settings file.
      const where = opts[optionName(spec.flag)] !== undefined ? spec.flag : `--settings ${prefix}.${spec.key}`;
      // A value within its range failed a rule between fields (whole lots): say that rule, in flags.
      const v = given[spec.key];
      const inRange = typeof v === 'number' && v >= spec.bound.min && v <= spec.bound.max && (!spec.bound.integer || Number.isInteger(v));
      const message = inRange ? issue.message.replace(/\b[a-z][A-Za-z]+\b/g, (k) => specs.find((s) => s.key === k)?.flag ?? k) : `must be ${spec.range}`;
      // A share given as a percentage (--efficiency 90) is said as the share it meant.
      const percent = spec.bound.unit === 'share' && typeof v === 'number' && v >= 10 && v <= 100 ? `; a share: ${v} % is ${Number((v / 100).toPrecision(12))}` : '';
      first ??= inRange ? `${where}: ${message}` : `${where}: must be ${spec.range} (got ${JSON.stringify(v)}${percent})`;
      issues.push({ path: where, message });
    } else {
      issues.push(issue);
    }
  }
  if (!first) return error;
  return SvcError.validation(first + moreIssues(issues.length), issues);
}

export interface SettingsOpts {
  settings?: string;
  [flag: string]: unknown;
}

/**
 * Both settings groups from defaults, then the --settings file, then flags. The file may be the
 * nested `{ "strategySettings": {...}, "bessSettings": {...} }` (any command) or, for a command
 * that needs one group, that group's flat object (`flatAs`).
 */
export function resolveSettings(opts: SettingsOpts, flatAs?: SettingsGroup): Record<SettingsGroup, Record<string, unknown>> {
  const file = opts.settings ? readJsonInput(opts.settings, '--settings') : {};
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw SvcError.validation('--settings: the file must hold a JSON object', [{ path: '--settings', message: 'not an object' }]);
  }
  const f = file as Record<string, unknown>;
  const nested = 'strategySettings' in f || 'bessSettings' in f || flatAs === undefined;
  if (nested) {
    const extra = Object.keys(f).filter((k) => k !== 'strategySettings' && k !== 'bessSettings');
    if (extra.length) {
      throw SvcError.validation(`--settings: unknown key ${extra.join(', ')}; expected { "strategySettings": {...}, "bessSettings": {...} }${flatAs ? ' or a flat settings object' : ''}`, [{ path: '--settings', message: 'unknown key' }]);
    }
  } else {
    // A flat file of the other record's keys (examples/bess-settings.json given to brief): say how to wrap it.
    const [own, other, otherFlags]: [readonly FlagSpec[], SettingsGroup, readonly FlagSpec[]] =
      flatAs === 'strategySettings' ? [TRADING_FLAGS, 'bessSettings', BESS_FLAGS] : [BESS_FLAGS, 'strategySettings', TRADING_FLAGS];
    const theirs = Object.keys(f).filter((k) => !own.some((s) => s.key === k) && otherFlags.some((s) => s.key === k));
    if (theirs.length > 0) {
      throw SvcError.validation(`--settings: ${theirs.join(', ')} ${theirs.length === 1 ? 'is a key' : 'are keys'} of ${other}; this command reads a flat file as ${flatAs}: wrap them as { "${other}": {...} } (with "${flatAs}" beside it if you have both)`, [{ path: '--settings', message: `keys of ${other}` }]);
    }
  }
  const group = (g: SettingsGroup): Record<string, unknown> => {
    const part = nested ? f[g] : g === flatAs ? f : undefined;
    if (part !== undefined && (typeof part !== 'object' || part === null || Array.isArray(part))) {
      throw SvcError.validation(`--settings: ${g} must be an object`, [{ path: `--settings ${g}`, message: 'not an object' }]);
    }
    return (part as Record<string, unknown> | undefined) ?? {};
  };
  return {
    strategySettings: { ...DEFAULT_TRADING_REQUIRED, ...group('strategySettings'), ...flagValues(opts, TRADING_FLAGS) },
    bessSettings: { ...DEFAULT_BESS_REQUIRED, ...group('bessSettings'), ...flagValues(opts, BESS_FLAGS) },
  };
}

/** True when the --settings file has a `group` object (e.g. `bessSettings`). */
export function settingsFileStates(file: string, group: SettingsGroup): boolean {
  const f = readJsonInput(file, '--settings');
  return typeof f === 'object' && f !== null && !Array.isArray(f) && group in f;
}

/** Settings taken as top-level fields (the report ops, as the HTTP query holds them): their errors read back as the records' paths, so that they name the flag. */
export function asRecordPaths(e: unknown): unknown {
  if (!(e instanceof SvcError) || e.code !== 'validation_error') return e;
  const groupOf = (path: string) => (BESS_SETTING_KEYS.has(path) ? 'bessSettings' : SETTINGS_FIELDS.find((f) => f.key === path)?.group);
  if (!e.issues.some((i) => groupOf(i.path))) return e;
  return SvcError.validation(e.message, e.issues.map((i) => ({ ...i, path: groupOf(i.path) ? `${groupOf(i.path)}.${i.path}` : i.path })));
}
