/**
 * Request input for an op: taken from the body or from query + path parameters, then validated by
 * the op's zod schema. The schema is the one source of truth; it is compiled once with
 * `z.compile`, zod's own ahead-of-time parser, because the interpreted parser walks a
 * 24-point price day node by node and was the largest single cost of a plan request.
 *
 * Why this cannot change an answer: the compiled parser only ever says "valid, here is the value"
 * or "hand over"; every rejection is re-parsed by the original runtime schema, so error paths and
 * messages are zod's as before. On valid input it runs the same checks, defaults and refinements
 * (ours are pure functions) and builds a fresh value with the shape's key order, as the runtime
 * does. A schema the compiler cannot model (async refinements and the like) is handed back
 * unchanged and keeps the runtime parser. test/http/compiled-input.test.ts compares the two on
 * generated valid and broken bodies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { core, z } from 'zod';
import type { Operation } from '../ops/types.js';

type ParseResult = ReturnType<z.ZodType['safeParse']>;

export interface InputParser {
  /** The parse result; a promise only for schemas with async refinements. */
  parse(raw: unknown): ParseResult | Promise<ParseResult>;
}

/**
 * Compiled once per schema and process, on first use: a server builds in a few milliseconds, and
 * test suites that build many servers, or routes nobody calls, never pay for compiling.
 */
const compiled = new WeakMap<z.ZodType, z.ZodType>();

function compiledOf(schema: z.ZodType): z.ZodType {
  let fast = compiled.get(schema);
  if (fast === undefined) {
    fast = z.compile(schema);
    compiled.set(schema, fast);
  }
  return fast;
}

/** One per route. */
export function inputParser(op: Operation): InputParser {
  let schema: z.ZodType | undefined;
  return {
    parse(raw) {
      schema ??= compiledOf(op.input);
      // Sync parse (cheaper); schemas with async refinements fall back to the async parser.
      try {
        return schema.safeParse(raw);
      } catch (error) {
        if (error instanceof core.$ZodAsyncError) return schema.safeParseAsync(raw);
        throw error;
      }
    },
  };
}

/** The response header that names the query parameters a read ignored (docs/http.md, "Query parameters"). */
export const IGNORED_QUERY_HEADER = 'x-svc-ignored-query';

const queryKeys = new WeakMap<z.ZodType, ReadonlySet<string> | null>();

/** The parameter names an op's query schema declares; null when the schema is not a plain object. */
function declaredKeys(schema: z.ZodType): ReadonlySet<string> | null {
  let keys = queryKeys.get(schema);
  if (keys === undefined) {
    const shape = (schema as { shape?: Record<string, unknown> }).shape;
    keys = shape && typeof shape === 'object' ? new Set(Object.keys(shape)) : null;
    queryKeys.set(schema, keys);
  }
  return keys;
}

/**
 * The op's input from the request. Query rule, the same on every read (docs/http.md): a parameter
 * the route does not declare is ignored, never a 400 (the spec lists no 400 on the exchange-index
 * read, and proxies append their own), but it is named in `X-Svc-Ignored-Query` so a typo such as
 * `markt=IDM` does not pass unnoticed; a declared parameter with a bad value is 400 where the route
 * lists 400.
 */
export function inputOf(op: Operation, request: FastifyRequest, reply?: FastifyReply): unknown {
  if (op.http?.inputFrom === 'body') return request.body ?? {};
  const query = request.query as Record<string, unknown>;
  const declared = declaredKeys(op.input);
  let taken: Record<string, unknown> = query;
  if (declared !== null) {
    let ignored: string[] | undefined;
    for (const key of Object.keys(query)) {
      if (declared.has(key)) continue;
      (ignored ??= []).push(key);
    }
    if (ignored !== undefined) {
      taken = {};
      for (const key of Object.keys(query)) if (declared.has(key)) taken[key] = query[key];
      reply?.header(IGNORED_QUERY_HEADER, ignored.map((k) => encodeURIComponent(k.slice(0, 64))).join(', ').slice(0, 512));
    }
  }
  return { ...taken, ...(request.params as Record<string, unknown>) };
}
