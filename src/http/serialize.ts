/**
 * Response bodies: exactly `JSON.stringify(output)`, byte for byte, only cheaper for the common
 * shape (in the server, JSON.stringify of a plan was the largest cost after validation and the
 * engine). From the op's output zod schema a writer is generated once (one function per object,
 * as zod's own compiler and fast-json-stringify do, so every property read stays monomorphic);
 * the moment the value is anything but the plain JSON data it expects, it gives up and the whole
 * body goes to `JSON.stringify`. The schema only picks which writers to try and is never trusted
 * about the value: a wrong or loose schema can cost speed, never a byte. The generated source
 * holds fixed templates and key names quoted by JSON.stringify, never request data.
 *
 * Why each writer matches JSON.stringify:
 * - string: it calls JSON.stringify on the string (escaping is V8's own).
 * - number: only finite numbers, written as `'' + n` (both are Number::toString; -0 gives "0").
 *   NaN and ±Infinity give up (JSON writes them as null; rare enough not to model).
 * - boolean, null: the literals.
 * - array: a real array without `toJSON`, every element written by the element writer (a hole or
 *   undefined element gives up, since JSON writes those as null).
 * - object: a plain object (its prototype is Object.prototype, which has no enumerable keys: checked
 *   before each body) without `toJSON`, walked with for-in, which then visits exactly its own
 *   enumerable string keys, in the order JSON.stringify uses. Each key must be one the schema names,
 *   and its value must be written by that key's writer (an undefined value, which JSON omits, gives
 *   up). The key order written is therefore the value's own, whatever the schema's order is.
 * Values are read once each, in JSON.stringify's order (plain data has no getters anyway).
 * Any other schema node (unions, records, dates, transforms, ...) makes the whole op use
 * JSON.stringify. test/http/serialize.test.ts compares the two on real and broken outputs.
 */
import type { z } from 'zod';

/** What a generated writer returns when the value is not the shape it can write exactly. */
const GIVE_UP = Symbol('give up');

class Unsupported extends Error {}

/** Source of the writer functions, one per schema node; `name` is the node's function. */
interface Source {
  functions: string[];
}

const SCALAR = {
  string: 'function NAME(v) { return typeof v === "string" ? JSON.stringify(v) : G; }',
  number: 'function NAME(v) { return typeof v === "number" && Number.isFinite(v) ? "" + v : G; }',
  boolean: 'function NAME(v) { return v === true ? "true" : v === false ? "false" : G; }',
  // Enum and literal members: strings, finite numbers, booleans or null.
  member:
    'function NAME(v) { return v === null ? "null" : typeof v === "string" ? JSON.stringify(v) : ' +
    'typeof v === "number" ? (Number.isFinite(v) ? "" + v : G) : v === true ? "true" : v === false ? "false" : G; }',
} as const;

function define(source: Source, template: (name: string) => string): string {
  const name = `w${source.functions.length}`;
  source.functions.push(template(name));
  return name;
}

/** Emits the writer of one schema node and returns its function name. */
function writerOf(schema: z.core.$ZodType, source: Source, path: ReadonlySet<z.core.$ZodType>): string {
  // A schema met again below itself is recursive (z.lazy or a getter shape): left to JSON.stringify.
  if (path.has(schema)) throw new Unsupported('recursive');
  const below = new Set(path).add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return define(source, (name) => SCALAR[def.type as 'string' | 'number' | 'boolean'].replace('NAME', name));
    case 'enum':
    case 'literal':
      return define(source, (name) => SCALAR.member.replace('NAME', name));
    case 'nullable': {
      const inner = writerOf(def.innerType as z.core.$ZodType, source, below);
      return define(source, (name) => `function ${name}(v) { return v === null ? "null" : ${inner}(v); }`);
    }
    // The output of these is the inner type's (an optional key that is absent is simply not visited).
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return writerOf(def.innerType as z.core.$ZodType, source, below);
    case 'array': {
      const element = writerOf(def.element as z.core.$ZodType, source, below);
      return define(
        source,
        (name) => `function ${name}(v) {
  if (!Array.isArray(v) || v.toJSON !== undefined) return G;
  let out = "[";
  for (let i = 0; i < v.length; i++) {
    const t = ${element}(v[i]);
    if (t === G) return G;
    out += i === 0 ? t : "," + t;
  }
  return out + "]";
}`,
      );
    }
    case 'object': {
      const cases = Object.entries(def.shape as Record<string, z.core.$ZodType>).map(([key, child]) => {
        const write = writerOf(child, source, below);
        const k = JSON.stringify(key);
        const first = JSON.stringify(`${k}:`);
        const next = JSON.stringify(`,${k}:`);
        return `      case ${k}: t = ${write}(v[${k}]); if (t === G) return G; out += out.length === 1 ? ${first} + t : ${next} + t; break;`;
      });
      return define(
        source,
        (name) => `function ${name}(v) {
  if (typeof v !== "object" || v === null || Object.getPrototypeOf(v) !== OBJECT || v.toJSON !== undefined) return G;
  let out = "{";
  let t;
  for (const key in v) {
    switch (key) {
${cases.join('\n')}
      default: return G;
    }
  }
  return out + "}";
}`,
      );
    }
    default:
      throw new Unsupported(def.type);
  }
}

/** True when no enumerable key was added to Object.prototype (for-in would visit it on every object). */
function prototypeIsClean(): boolean {
  // One key is enough to know.
  for (const _key in Object.prototype) return false;
  return true;
}

export type Serializer = (output: unknown) => string;

function compile(schema: z.core.$ZodType): Serializer {
  const source: Source = { functions: [] };
  const root = writerOf(schema, source, new Set());
  const factory = new Function('G', 'OBJECT', `"use strict";\n${source.functions.join('\n')}\nreturn ${root};`) as (
    giveUp: symbol,
    objectPrototype: object,
  ) => (value: unknown) => string | symbol;
  const write = factory(GIVE_UP, Object.prototype);
  return (output) => {
    const text = prototypeIsClean() ? write(output) : GIVE_UP;
    return typeof text === 'string' ? text : JSON.stringify(output);
  };
}

const cache = new WeakMap<z.core.$ZodType, Serializer>();

/** The serializer for an output schema: a generated writer when the schema allows, else JSON.stringify. */
export function serializerFor(schema: z.core.$ZodType): Serializer {
  let serializer = cache.get(schema);
  if (serializer === undefined) {
    try {
      serializer = compile(schema);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      serializer = (output) => JSON.stringify(output);
    }
    cache.set(schema, serializer);
  }
  return serializer;
}
