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
import { SETTINGS_FIELDS } from '../domain/settings-fields.js';
import type { AnyOperation, BookBinding } from '../ops/types.js';

export interface FlagSpec {
  /** The input field it fills (`settings.volumeMwh` for a settings field). */
  field: string;
  /** `--max-trades`. */
  flag: string;
  kind: 'string' | 'number' | 'integer' | 'boolean';
  /** `<DD.MM.YYYY>`; absent for a boolean. */
  value?: string;
  help: string;
  required?: boolean;
  choices?: string[];
}

export interface CommandSpec {
  id: string;
  command: string[];
  description: string;
  book?: BookBinding;
  flags: FlagSpec[];
  examples: string[];
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

function settingsFlags(field: string, schema: Json): FlagSpec[] | undefined {
  const props = schema.properties as Json | undefined;
  if (schema.type !== 'object' || !props || !Object.keys(props).every((k) => SETTINGS_KEYS.has(k))) return undefined;
  // A key in both records (lotMwh) has one flag per record: the record is the one holding every key.
  const group = 'volumeMwh' in props ? 'strategySettings' : 'bessSettings';
  return SETTINGS_FIELDS.filter((f) => f.group === group && f.key in props).map((f) => ({
    field: `${field}.${f.key}`,
    flag: f.flag,
    kind: (props[f.key] as Json).type === 'integer' ? 'integer' : 'number',
    value: 'number',
    help: `${f.what} (default ${f.default}); ${f.range}`,
  }));
}

function flagOf(field: string, schema: Json, required: boolean, help: string | undefined): FlagSpec | undefined {
  const s = plain(schema);
  const type = s.type;
  if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') return undefined;
  const text = [help ?? (typeof s.description === 'string' ? s.description : field)];
  const range = rangeOf(s);
  if (range) text.push(range);
  if (s.default !== undefined) text.push(`default ${JSON.stringify(s.default)}`);
  return {
    field,
    flag: `--${kebab(field)}`,
    kind: type,
    ...(type === 'boolean' ? {} : { value: valueName(s) }),
    help: text.join('; '),
    ...(required && s.default === undefined ? { required: true } : {}),
    ...(Array.isArray(s.enum) ? { choices: s.enum.map(String) } : {}),
  };
}

/** The command of an op with a `cli` binding. */
export function commandSpec(op: AnyOperation): CommandSpec {
  const cli = op.cli;
  if (!cli) throw new Error(`operation ${op.id} has no cli binding`);
  const json = op.input['~standard'].jsonSchema?.input({ target: 'draft-2020-12' }) ?? {};
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  const flags: FlagSpec[] = [];
  for (const [field, schema] of Object.entries(props)) {
    if (field === cli.book?.into) continue;
    const settings = settingsFlags(field, schema);
    if (settings) {
      flags.push(...settings);
      continue;
    }
    const flag = flagOf(field, schema, required.has(field), cli.flagHelp?.[field]);
    if (flag) flags.push(flag);
  }
  return {
    id: op.id,
    command: [...cli.command],
    description: cli.description ?? op.summary,
    ...(cli.book ? { book: cli.book } : {}),
    flags,
    examples: [...cli.examples],
  };
}
