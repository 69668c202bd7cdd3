/**
 * An operation's CLI command as plain data (`CommandSpec`), derived from its `cli` binding and its
 * input's JSON Schema (Standard JSON Schema: zod's schemas and a lean op's validator both give
 * one): each top-level input field the price book does not fill is a flag, kebab-case, with its
 * help, default, choices and bounds from the schema; a field made of settings is one flag per
 * settings field, from the one settings table (src/domain/settings-fields.ts). Plain data so that
 * the build can write every command into dist/cli/commands.json (manifest.ts) and a cold start
 * registers them without loading a single operation.
 */
import { MONTH_PATTERN, TRADE_DATE_PATTERN } from '../domain/dates.js';
import { SETTINGS_FIELDS, type SettingsGroup } from '../domain/settings-fields.js';
import type { AlternateBinding, AnyOperation, BodyBinding, BookBinding, NotWithBinding } from '../ops/types.js';
import { nestedFields, sideFileFlags, stepFlags } from './derive-steps.js';

export interface FlagSpec {
  /**
   * The input field it fills (`settings.volumeMwh` for a settings field); a door's own flag starts
   * with `@` and fills no field (`@settings`: the settings file, `@view`, `@gate`, `@planOn`).
   */
  field: string;
  /** `--max-trades`. */
  flag: string;
  /** json: a JSON file's content; text: a file's text, or the value itself; axes: repeatable `name=v1,v2,…` (axes-flag.ts). */
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'json' | 'text' | 'pairs' | 'axes';
  /** `<DD.MM.YYYY>`; absent for a boolean. */
  value?: string;
  help: string;
  required?: boolean;
  choices?: string[];
  /** The value upper-cased (or lower-cased) before it is checked and goes to the op. */
  upper?: boolean;
  lower?: boolean;
  /** Checked as a real date DD.MM.YYYY (`--trade-date: expected a real date …`). */
  date?: boolean;
  /** Given more than once, each value kept. */
  repeat?: boolean;
  /** kind axes: the names an axis may take, and what a name is said to be. */
  names?: string[];
  noun?: string;
  /** The value may be left out (`--caps [caps.csv]`). */
  optional?: boolean;
  /** Unset, the global option's value (`--locale`: `--lang`). */
  global?: 'lang';
  /** Not a flag of the command's own: the global option's value only. */
  hidden?: boolean;
  /** A one-letter alias (`-o`). */
  short?: `-${string}`;
}

export interface CommandSpec {
  id: string;
  command: string[];
  description: string;
  book?: BookBinding;
  body?: BodyBinding;
  /** The command group's line and examples (`svc receipt`). */
  parent?: { description: string; examples: string[]; helpText?: string };
  flags: FlagSpec[];
  examples: string[];
  /** A paragraph of help above the examples. */
  helpText?: string;
  /** How validation errors are said (CliBinding.errors). */
  errors?: 'op' | 'flags' | 'words';
  /** A paragraph of help under the examples. */
  helpFooter?: string;
  /** The settings records among the input fields (each flag of theirs is read with `--settings`, src/cli/settings.ts). */
  settings?: { field: string; group: SettingsGroup; required: boolean; flat?: boolean }[];
  /** Run by the command at the same path when this field's flag is given (CliBinding.alternate). */
  alternate?: AlternateBinding;
  /** Flags of the command above refused with this subcommand (CliBinding.notWith). */
  notWith?: NotWithBinding;
  /** Where the build found the op (path under dist/ and export name); absent when derived at run time. */
  module?: string;
  exportName?: string;
}

type Json = Record<string, unknown>;

export const kebab = (name: string): string => name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);

function valueName(schema: Json): string {
  if (Array.isArray(schema.enum)) return schema.enum.join('|');
  if (schema.pattern === TRADE_DATE_PATTERN.source) return 'DD.MM.YYYY';
  if (schema.pattern === MONTH_PATTERN.source) return 'MM.YYYY';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  return 'value';
}

function rangeOf(schema: Json): string {
  const { minimum: min, maximum: max } = schema;
  if (typeof min === 'number' && typeof max === 'number') return `${min}..${max}`;
  if (typeof min === 'number') return `≥ ${min}`;
  if (typeof max === 'number') return `≤ ${max}`;
  return '';
}

/** A property that may be absent or null (zod's `.nullable()` is an anyOf with null). */
function plain(schema: Json): Json {
  const anyOf = schema.anyOf as Json[] | undefined;
  const one = anyOf?.filter((s) => s.type !== 'null');
  return one?.length === 1 ? { ...schema, ...one[0], anyOf: undefined } : schema;
}

const SETTINGS_KEYS = new Set<string>(SETTINGS_FIELDS.map((f) => f.key));

/** The settings record a field holds, if it is one. */
function settingsGroup(schema: Json): SettingsGroup | undefined {
  const props = schema.properties as Json | undefined;
  const keys = Object.keys(props ?? {}).filter((k) => SETTINGS_KEYS.has(k));
  // A settings record: mostly keys of the table (a battery's `unavailableHours` is an array, read from --settings only).
  if (schema.type !== 'object' || !props || keys.length < Object.keys(props).length / 2) return undefined;
  // A key in both records (lotMwh) has one flag per record: the record is the one holding every key.
  return 'volumeMwh' in props ? 'strategySettings' : 'bessSettings';
}

function settingsFlags(field: string, schema: Json, group: SettingsGroup): FlagSpec[] {
  const props = schema.properties as Json;
  return SETTINGS_FIELDS.filter((f) => f.group === group && f.key in props).map((f) => ({
    field: `${field}.${f.key}`,
    flag: f.flag,
    kind: (props[f.key] as Json).type === 'integer' ? 'integer' : 'number',
    value: 'number',
    help: f.help,
  }));
}

const GROUP_NAMES: Record<SettingsGroup, string> = { strategySettings: 'TradingSettings', bessSettings: 'BessSettings' };

/** `--settings <file.json>`: a base the settings flags override (src/cli/settings.ts resolveSettings). */
function settingsFileFlag(flat: SettingsGroup | undefined): FlagSpec {
  const nested = 'JSON { "strategySettings": {...}, "bessSettings": {...} }; flags override it';
  const help = flat ? `JSON file with ${GROUP_NAMES[flat]}, or { "strategySettings": {...}, "bessSettings": {...} }; flags override it` : nested;
  return { field: '@settings', flag: '--settings', kind: 'string', value: 'file.json', help };
}

function flagOf(field: string, schema: Json, required: boolean, help: string | undefined): FlagSpec | undefined {
  const s = plain(schema);
  const type = s.type;
  if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') return undefined;
  // A switch that is on unless said otherwise: `--no-probe` (commander's negatable option; the field gets false when given).
  const negated = type === 'boolean' && s.default === true;
  const described = typeof s.description === 'string' ? s.description : field;
  const text = [help ?? (negated ? `turn off: ${described}` : described)];
  const range = rangeOf(s);
  if (range) text.push(range);
  if (s.default !== undefined && !negated) text.push(`default ${JSON.stringify(s.default)}`);
  return {
    field,
    flag: `--${negated ? 'no-' : ''}${kebab(field)}`,
    kind: type,
    ...(type === 'boolean' ? {} : { value: valueName(s) }),
    help: text.join('; '),
    ...(required && s.default === undefined ? { required: true } : {}),
    ...(Array.isArray(s.enum) ? { choices: s.enum.map(String) } : {}),
  };
}

/**
 * What a flat `--settings` file (no `strategySettings`/`bessSettings` keys) holds: the one settings
 * record, or the one required among several (`svc brief`: the plan's; its battery is optional).
 */
export function flatSettings(settings: readonly { group: SettingsGroup; required: boolean }[]): SettingsGroup | undefined {
  if (settings.length === 1) return settings[0]?.group;
  const required = settings.filter((s) => s.required);
  return required.length === 1 ? required[0]?.group : undefined;
}

/** The command of an op with a `cli` binding. */
export function commandSpec(op: AnyOperation): CommandSpec {
  const cli = op.cli;
  if (!cli) throw new Error(`operation ${op.id} has no cli binding`);
  const json = op.input['~standard'].jsonSchema?.input({ target: 'draft-2020-12' }) ?? {};
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  const flags: FlagSpec[] = [];
  const settings: NonNullable<CommandSpec['settings']> = [];
  const jsonFiles = new Set<string>(cli.jsonFiles ?? []);
  const textFiles = new Set<string>(cli.textFiles ?? []);
  const bodyFields = new Set<string>([...(cli.body?.fields ?? []), ...(cli.body?.named ? [cli.body.named] : [])]);
  // The settings as top-level fields (as an HTTP query holds them: the report ops): both records' flags, their values spread.
  const flat = SETTINGS_FIELDS.every((f) => f.key in props);
  if (flat) {
    for (const group of ['strategySettings', 'bessSettings'] as const) {
      settings.push({ field: group, group, required: true, flat: true });
      flags.push(...settingsFlags(group, { properties: Object.fromEntries(SETTINGS_FIELDS.filter((f) => f.group === group).map((f) => [f.key, props[f.key]])) }, group));
    }
  }
  for (const [field, schema] of [...Object.entries(props), ...nestedFields(cli, props)]) {
    const named = cli.flags?.[field];
    if (field === cli.book?.into || field === cli.book?.date || field === cli.book?.onForecast || field === cli.book?.periods || field === cli.book?.keepDst?.into || bodyFields.has(field) || named === false || (flat && SETTINGS_KEYS.has(field))) continue;
    const group = settingsGroup(plain(schema));
    if (group) {
      settings.push({ field, group, required: required.has(field) });
      flags.push(...settingsFlags(field, plain(schema), group));
      continue;
    }
    const help = cli.flagHelp?.[field];
    if (jsonFiles.has(field)) {
      flags.push({ field, flag: named?.flag ?? `--${kebab(field)}`, kind: 'json', value: 'file.json', help: help ?? field });
      continue;
    }
    if (named && named.verbatim) {
      const must = required.has(field) && plain(schema).default === undefined;
      flags.push({ field, flag: named.flag ?? `--${kebab(field)}`, kind: 'string', value: named.value ?? 'value', help: help ?? field, ...(must ? { required: true } : {}), ...(named.upper ? { upper: true } : {}), ...(named.date ? { date: true } : {}) });
      continue;
    }
    if (named && named.axes) {
      const names = ((plain(schema).items as Json | undefined)?.properties as Record<string, Json> | undefined)?.name?.enum as string[] | undefined;
      flags.push({ field, flag: named.flag ?? `--${kebab(field)}`, kind: 'axes', value: named.value ?? 'name=v1,v2,...', help: help ?? field, repeat: true, names: names ?? [], noun: named.axes });
      continue;
    }
    if (named && named.pairs) {
      flags.push({ field, flag: named.flag ?? `--${kebab(field)}`, kind: 'pairs', value: named.value ?? 'key=value...', help: help ?? field });
      continue;
    }
    if (textFiles.has(field)) {
      flags.push({ field, flag: named?.flag ?? `--${kebab(field)}`, kind: 'text', value: named?.value ?? 'value', help: help ?? field });
      continue;
    }
    const flag = flagOf(field, schema, required.has(field), help);
    const global = named && named.global ? { global: named.global, help: help ?? field, ...(named.hidden ? { hidden: true } : {}) } : {};
    if (flag) flags.push({ ...flag, ...(named?.flag ? { flag: named.flag } : {}), ...(named?.value ? { value: named.value } : {}), ...(named && named.upper ? { upper: true } : {}), ...(named && named.lower ? { lower: true } : {}), ...(named && named.date ? { date: true } : {}), ...global });
  }
  flags.push(...stepFlags(cli));
  if (settings.length > 0) flags.push(settingsFileFlag(flatSettings(settings)));
  flags.push(...sideFileFlags(cli));
  const order = cli.order ?? [];
  const rank = (f: FlagSpec) => (order.includes(f.field) ? order.indexOf(f.field) : order.length);
  flags.sort((a, b) => rank(a) - rank(b));
  if (cli.book?.onForecast) {
    flags.push({ field: '@planOn', flag: '--plan-on', kind: 'string', value: 'actual|forecast', choices: ['actual', 'forecast'], help: cli.flagHelp?.['@planOn'] ?? 'forecast: on the forecast of --date from the days before it (a day without prices)' });
  }
  if (cli.views) {
    const names = [cli.defaultView ?? 'default', ...Object.keys(cli.views)];
    flags.push({ field: '@view', flag: '--view', kind: 'string', value: names.join('|'), choices: names, help: cli.viewHelp ?? `the view: ${names.join(' | ')}` });
  }
  if (cli.gate) {
    const levels = Object.keys(cli.gate.levels);
    flags.push({ field: '@gate', flag: cli.gate.flag, kind: 'string', value: 'level', choices: levels, help: cli.gate.help });
  }
  return {
    id: op.id,
    command: [...cli.command],
    description: cli.description ?? op.summary,
    ...(cli.book ? { book: cli.book } : {}),
    ...(cli.body ? { body: cli.body } : {}),
    ...(cli.parent ? { parent: { description: cli.parent.description, examples: [...cli.parent.examples], ...(cli.parent.helpText ? { helpText: cli.parent.helpText } : {}) } } : {}),
    flags,
    ...(settings.length > 0 ? { settings } : {}),
    examples: [...cli.examples],
    ...(cli.helpText ? { helpText: cli.helpText } : {}),
    ...(cli.errors ? { errors: cli.errors } : {}),
    ...(cli.helpFooter ? { helpFooter: cli.helpFooter } : {}),
    ...(cli.alternate ? { alternate: cli.alternate } : {}),
    ...(cli.notWith ? { notWith: cli.notWith } : {}),
  };
}
