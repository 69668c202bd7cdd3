/**
 * Response bodies: fastify's own serialiser compiler, fast-json-stringify, given the op's output
 * schema as JSON Schema (z.toJSONSchema, io 'output': the same schema the OpenAPI document
 * publishes). Measured on the real plan, battery and price routes it is the fastest of the
 * three candidates — JSON.stringify, the writer this module used to generate with `new Function`,
 * and this (bench/serialize.bench.ts, docs/benchmarks.md).
 *
 * What it writes, against JSON.stringify of the same value:
 * - a value of the schema's shape: the same JSON; keys in the schema's order (the ops build their
 *   outputs in that order, so on the real routes the bytes are the same too: the bench checks);
 * - keys the schema does not name are not written (the output contract is the schema);
 * - numbers as JSON writes them: `integer` is given to the compiler as `number`, so a non-integer
 *   is never truncated; NaN and ±Infinity are null, as in JSON;
 * - if the compiled writer refuses a value (a required key missing, a type it cannot coerce), the
 *   body is JSON.stringify's, never an error; a schema it cannot compile uses JSON.stringify.
 * A schema with a union (anyOf, oneOf, allOf) is written by JSON.stringify: fast-json-stringify
 * picks a union's branch by validating the value with ajv on every call, which made the forecast
 * (74 KB) 3× slower than JSON.stringify (2.2 against 0.7 ms), while the plan, battery and price
 * outputs have none.
 * test/http/serialize.test.ts holds these on real and broken outputs and on arbitrary values.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';

type Stringify = (value: unknown) => string;
// fastify's own dependency and version (the compiler behind its route response schemas).
const fastJsonStringify = createRequire(import.meta.url)('fast-json-stringify') as (schema: object) => Stringify;

export type Serializer = (output: unknown) => string;

/** `integer` → `number` everywhere in a JSON Schema (fast-json-stringify would truncate a non-integer). */
function integersAsNumbers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(integersAsNumbers);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && value === 'integer') out[key] = 'number';
    else if (key === 'type' && Array.isArray(value)) out[key] = value.map((t) => (t === 'integer' ? 'number' : t));
    else out[key] = integersAsNumbers(value);
  }
  return out;
}

function compile(schema: z.core.$ZodType): Serializer {
  let write: Stringify;
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any', cycles: 'ref' });
    if (/"(anyOf|oneOf|allOf)"/.test(JSON.stringify(json))) return (output) => JSON.stringify(output);
    write = fastJsonStringify(integersAsNumbers(json) as object);
  } catch {
    return (output) => JSON.stringify(output);
  }
  return (output) => {
    try {
      return write(output);
    } catch {
      return JSON.stringify(output);
    }
  };
}

const cache = new WeakMap<z.core.$ZodType, Serializer>();

/** The serializer for an output schema, compiled once per schema. */
export function serializerFor(schema: z.core.$ZodType): Serializer {
  let serializer = cache.get(schema);
  if (serializer === undefined) {
    serializer = compile(schema);
    cache.set(schema, serializer);
  }
  return serializer;
}
