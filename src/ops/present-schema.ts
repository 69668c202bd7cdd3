/**
 * The output rounding of present.ts, compiled once per operation from its output schema. The rule
 * is present.ts's (a number is rounded by the unit its key names, an array's numbers by the key the
 * array sits under, a fact `{value, unit}` by its unit, the op's `outputUnits` first); what changes
 * is the cost: the walk by name looked up every key of every object of every response (the plan
 * route's trades × their fields), while the compiled walk knows from the schema which keys can
 * hold a measured number and reads only those, by name, with their decimals found at compile time.
 *
 * An output that matches its schema (the op tests parse every output by it) is rounded exactly as
 * the walk by name rounds it, by construction and by test (test/ops/helpers.ts compares the two on
 * every output the op tests produce; test/ops/present-schema.test.ts on every kind of node):
 * - only a strict object (`z.strictObject`, which allows no other key) is compiled by its keys;
 * - any part of the output the schema does not describe by keys (a record, a union, a loose object,
 *   a transform, a lazy schema), and an array where the schema has an object or the reverse, is
 *   walked by name there, as before;
 * - an operation whose output is not a zod schema is walked by name.
 */
import type { z } from 'zod';
import { decimalsOfFact, decimalsOfKey, namedDecimals, presentIn, presentOutput, roundTo, type OutputUnits } from './present.js';

interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  out?: z.core.$ZodType;
  values?: unknown[];
}
const defOf = (schema: unknown): Def | undefined => (typeof schema === 'object' && schema !== null ? (schema as { _zod?: { def?: Def } })._zod?.def : undefined);

/** Kinds that never hold a number. */
const NO_NUMBER = new Set(['string', 'boolean', 'enum', 'null', 'undefined', 'void', 'never', 'date', 'template_literal', 'symbol', 'nan']);
/** Wrappers whose output is their inner type's. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch', 'success']);

/**
 * The generated source. Every strict object becomes a function of its own that reads its keys by
 * name (a key is written as a JSON string literal, so V8 gives each read its own inline cache,
 * where a read by a variable key over every object of every output goes through the megamorphic
 * cache, which costs more than the walk by name it replaces).
 */
class Source {
  readonly functions: string[] = [];
  private names = 0;
  constructor(private readonly named: ReadonlyMap<string, number> | undefined) {}

  fresh(prefix: string): string {
    this.names += 1;
    return `${prefix}${this.names}`;
  }

  /** Statements that round the value at `place` (an assignable expression) under a key with decimals `d`, at `depth`. */
  place(schema: unknown, place: string, d: number | undefined, depth: number): string {
    const def = defOf(schema);
    if (def === undefined || depth > 64) return this.byName(place, String(d), depth);
    if (NO_NUMBER.has(def.type)) return '';
    if (WRAPPERS.has(def.type) && def.innerType) return this.place(def.innerType, place, d, depth);
    if (def.type === 'pipe' && def.out && defOf(def.out)?.type !== 'transform') return this.place(def.out, place, d, depth);
    if (def.type === 'number' || (def.type === 'literal' && def.values?.some((v) => typeof v === 'number'))) return d === undefined ? '' : this.byName(place, String(d), depth);
    if (def.type === 'literal') return '';
    if (def.type === 'array' && def.element) {
      const v = this.fresh('a');
      const i = this.fresh('i');
      const item = this.place(def.element, `${v}[${i}]`, d, depth + 1);
      if (item === '') return '';
      return `{ const ${v} = ${place}; if (Array.isArray(${v})) { for (let ${i} = 0; ${i} < ${v}.length; ${i} += 1) { ${item} } } else { ${this.byName(v, String(d), depth, place)} } }`;
    }
    if (def.type === 'object' && def.shape && defOf(def.catchall)?.type === 'never') {
      const fn = this.object(def.shape, depth);
      if (fn === null) return '';
      const v = this.fresh('o');
      return `{ const ${v} = ${place}; if (${v} !== null && typeof ${v} === 'object' && !Array.isArray(${v})) ${fn}(${v}); else { ${this.byName(v, String(d), depth, place)} } }`;
    }
    return this.byName(place, String(d), depth);
  }

  /** The walk by name at a place: a number rounded by `d` (an expression), an object walked with `d` inherited. */
  byName(value: string, d: string, depth: number, place = value): string {
    const v = this.fresh('v');
    const rounding = `const r = roundTo(${v}, ${d}); if (r !== ${v}) ${place} = r;`;
    const round = d === 'undefined' ? '' : /^\d+$/.test(d) ? rounding : `if (${d} !== undefined) { ${rounding} }`;
    return `{ const ${v} = ${value}; if (typeof ${v} === 'number') { ${round} } else if (${v} !== null && typeof ${v} === 'object') presentIn(${v}, ${d}, ${depth}, named); }`;
  }

  /** The name of a function rounding a strict object of `shape` at `depth` in place, or null when it holds no number. */
  object(shape: Record<string, z.core.$ZodType>, depth: number): string | null {
    const fact = 'value' in shape && 'unit' in shape;
    const parts: string[] = [];
    for (const key of Object.keys(shape)) {
      if (fact && key === 'value') continue;
      const code = this.place(shape[key], `o[${JSON.stringify(key)}]`, decimalsOfKey(key, this.named), depth + 1);
      if (code !== '') parts.push(code);
    }
    if (fact) {
      // A fact {value, unit}: its value by its unit, else by its name (present.ts).
      const byName = decimalsOfKey('value', this.named);
      parts.push(`{ const d = (typeof o.unit === 'string' && typeof o.value === 'number' ? decimalsOfFact(o.unit) : undefined) ?? ${String(byName)}; ${this.byName('o.value', `d`, depth + 1)} }`);
    }
    if (parts.length === 0) return null;
    const name = this.fresh('f');
    this.functions.push(`function ${name}(o) { ${parts.join(' ')} }`);
    return name;
  }
}

/** The rounding of one schema's outputs (`outputUnits` the op's named units), compiled once. */
export function compilePresenter(schema: z.core.$ZodType | undefined, units?: OutputUnits): <T>(value: T) => T {
  const named = units ? namedDecimals(units) : undefined;
  const source = new Source(named);
  const root = schema === undefined ? source.byName('holder[0]', 'undefined', 0) : source.place(schema, 'holder[0]', undefined, 0);
  if (root === '') return (value) => value;
  const body = `${source.functions.join('\n')}\nreturn function present(holder) { ${root} };`;
  // Generated from the schema's keys, each written as a JSON string literal.
  const present = new Function('roundTo', 'presentIn', 'decimalsOfFact', 'named', body)(roundTo, presentIn, decimalsOfFact, named) as (holder: unknown[]) => void;
  return <T>(value: T): T => {
    if (value !== null && typeof value === 'object') present([value]);
    return value;
  };
}

const PRESENTERS = new WeakMap<object, (<T>(value: T) => T) | null>();

/**
 * The rounding of an operation's outputs: walked by name on its first call, compiled from its output
 * schema on its second (a one-shot CLI command does not pay the ≈ 1 ms of compiling the plan's
 * schema; a server compiles each op once, on its second request).
 */
export function presenterOf(op: { output?: unknown; outputUnits?: OutputUnits }): <T>(value: T) => T {
  const presenter = PRESENTERS.get(op);
  if (presenter) return presenter;
  if (presenter === undefined) {
    PRESENTERS.set(op, null);
    return <T>(value: T): T => presentOutput(value, op.outputUnits);
  }
  const compiled = compilePresenter(op.output as z.core.$ZodType | undefined, op.outputUnits);
  PRESENTERS.set(op, compiled);
  return compiled;
}
