/**
 * A property-based fuzzer of the HTTP door, driven by the OpenAPI document: for every operation
 * it builds a valid-looking input from the documented schema (body or query), then fast-check
 * mutates it (wrong types, missing and extra fields, huge and non-finite numbers, deep nesting,
 * long and odd unicode, prototype keys, wrong content types, empty and broken bodies, header abuse).
 *
 * Invariants checked on every response: never a 5xx (but a market-data read's documented 502 upstream_error); every error is the one documented error body;
 * every 2xx body validates against the route's declared schema; no stack trace or filesystem path
 * in any body. Routes come from the document, so a route added later is fuzzed from its first day.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { OpenApiChecker } from '../http/openapi-check.js';

type Json = Record<string, unknown>;

export interface FuzzRoute {
  method: string;
  template: string;
  from: 'body' | 'query';
  schema: Json;
  pathParams: string[];
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  failures: string[];
  routes: number;
}

/** Routes of the document with the schema of their input. */
export function routesOf(doc: Json, checker: OpenApiChecker): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, opRaw] of Object.entries(item)) {
      const op = checker.resolve(opRaw) as Json;
      const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
      const params = (op.parameters as Json[] | undefined) ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => String(p.name));
      if (body) routes.push({ method: method.toUpperCase(), template, from: 'body', schema: body.schema as Json, pathParams });
      else {
        const properties: Json = {};
        const required: string[] = [];
        for (const p of params.filter((x) => x.in === 'query')) {
          properties[String(p.name)] = p.schema as Json;
          if (p.required) required.push(String(p.name));
        }
        routes.push({ method: method.toUpperCase(), template, from: 'query', schema: { type: 'object', properties, required }, pathParams });
      }
    }
  }
  return routes;
}

const SAMPLE_STRINGS: Record<string, string> = { 'date-time': '2026-03-02T10:00:00.000Z', uuid: '0f6c3c1e-8a0b-4a1e-9f3a-2b1c4d5e6f70', uri: 'https://push.example/abc', email: 'a@b.example' };

/** A plausible valid value of a schema (first enum value, a date for DD.MM.YYYY patterns, hours by index). */
export function sample(schema: Json, index = 0): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants?.length) return sample(variants.find((v) => v.type !== 'null') ?? (variants[0] as Json), index);
  if (Array.isArray(schema.allOf) && schema.allOf.length) return sample(schema.allOf[0] as Json, index);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') as string) : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const out: Json = {};
      const props = (schema.properties as Record<string, Json> | undefined) ?? {};
      for (const [k, v] of Object.entries(props)) {
        if (k === 'hour') out[k] = index % 24;
        else out[k] = sample(v, index);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(Number(schema.minItems ?? 1), 1);
      return Array.from({ length: Math.min(n, 24) }, (_, i) => sample((schema.items as Json | undefined) ?? {}, i));
    }
    case 'string': {
      const pattern = String(schema.pattern ?? '');
      if (pattern.includes('\\d{2}\\.\\d{2}\\.\\d{4}')) return '15.12.2024';
      if (pattern.includes('\\d{2}\\.\\d{4}')) return '12.2024';
      if (pattern.startsWith('^svc-')) return 'svc-rdn-1';
      if (typeof schema.format === 'string' && SAMPLE_STRINGS[schema.format]) return SAMPLE_STRINGS[schema.format];
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 10;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    default:
      return {};
  }
}

const ODD_STRINGS = ['', ' ', '\u0000', '\ud800', '\u202e\u0645', '😀'.repeat(100), 'x'.repeat(70_000), '../../etc/passwd', '%00', '<script>', "' OR 1=1 --", '01.13.2024', '31.02.2024'];
const ODD_VALUES: unknown[] = [null, true, false, 0, -1, -0.5, 1e308, -1e308, 2 ** 53 + 1, 5e-324, '1e308', 'NaN', 'Infinity', [], {}, [null], { a: { b: { c: {} } } }, ...ODD_STRINGS];

/** One mutation of a sample value: a structural path and what to put there. */
type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'deep'; levels: number }
  | { kind: 'rawBody'; text: string }
  | { kind: 'contentType'; value: string };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Mutation>({ kind: 'none' }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(...ODD_VALUES), fc.anything({ maxDepth: 2 }), fc.double(), fc.string({ unit: 'grapheme', maxLength: 50 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), key: fc.constantFrom('extra', '__proto__', 'constructor', 'x'.repeat(300), ''), value: fc.constantFrom<unknown>(1, 'x', null, { polluted: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), levels: fc.constantFrom(40, 200, 3000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rawBody' as const), text: fc.constantFrom('', '{', '{"a":1,}', 'null', '[]', '"x"', '1e999', '{"__proto__":{"x":1}}', '\u0000', 'x'.repeat(5000)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('contentType' as const), value: fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', '') }) },
);

export const headerAbuseArb = fc.dictionary(
  fc.constantFrom('x-forwarded-for', 'x-svc-api-key', 'authorization', 'accept', 'x-request-id', 'user-agent', 'x-odd'),
  fc.constantFrom('', 'x'.repeat(4000), 'Bearer ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', '1.2.3.4, 5.6.7.8, garbage', '\t', 'svck_' + 'A'.repeat(43)),
  { maxKeys: 3 },
);

/** The paths of every leaf and container of a value (for replace/delete by index). */
function slots(value: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = [...path, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      slots(v, p, out);
    }
  }
  return out;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown, remove: boolean): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The request a route, a mutation and some abused headers make. */
export function buildRequest(route: FuzzRoute, mutation: Mutation, extraHeaders: Record<string, string>): BuiltRequest {
  const value = sample(route.schema);
  let rawText: string | undefined;
  let contentType = 'application/json';
  switch (mutation.kind) {
    case 'replace':
    case 'delete': {
      const all = slots(value);
      const path = all[mutation.at % Math.max(1, all.length)];
      if (path) setAt(value, path, mutation.kind === 'replace' ? mutation.value : undefined, mutation.kind === 'delete');
      break;
    }
    case 'extra':
      if (mutation.key === '__proto__' || mutation.key === 'constructor') rawText = `{"${mutation.key}":${JSON.stringify(mutation.value)},${JSON.stringify(value).slice(1)}`;
      else (value as Json)[mutation.key] = mutation.value;
      break;
    case 'deep':
      rawText = `${'{"a":'.repeat(mutation.levels)}1${'}'.repeat(mutation.levels)}`;
      break;
    case 'rawBody':
      rawText = mutation.text;
      break;
    case 'contentType':
      contentType = mutation.value;
      break;
    default:
      break;
  }
  let path = route.template;
  for (const p of route.pathParams) path = path.replace(`{${p}}`, '0f6c3c1e-8a0b-4a1e-9f3a-2b1c4d5e6f70');
  const headers: Record<string, string> = { ...extraHeaders };
  if (route.from === 'query' || route.method === 'GET' || route.method === 'DELETE') {
    const q = new URLSearchParams();
    const v = value as Json;
    for (const [k, x] of Object.entries(typeof v === 'object' && v !== null ? v : {})) q.set(k, typeof x === 'string' ? x : JSON.stringify(x) ?? '');
    if (rawText !== undefined) q.set('raw', rawText.slice(0, 2000));
    const qs = q.toString();
    return { method: route.method, url: qs ? `${path}?${qs}` : path, headers };
  }
  if (contentType) headers['content-type'] = contentType;
  return { method: route.method, url: path, headers, payload: rawText ?? JSON.stringify(value) };
}

const LEAK = /(at [\w.<>]+ \(|\/work\/|\/home\/|node_modules|\.ts:\d+|\.js:\d+|Maximum call stack)/;

/** Sends one request and checks the invariants; returns a failure line or null. */
export async function probe(app: FastifyInstance, checker: OpenApiChecker, req: BuiltRequest): Promise<{ status: number; failure: string | null }> {
  const res = await app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
  const label = `${req.method} ${req.url.slice(0, 120)} -> ${res.statusCode}`;
  // A service-token route answers 503 `service_token_not_configured` by design when no token is set, and the system-operations
  // route 503 `tsoplatform_not_configured` without a platform token (or in fixture mode): a configuration state, not a fault.
  const configured503 = res.statusCode === 503 && /"reason":"(service_token_not_configured|tsoplatform_not_configured)"/.test(res.body);
  // A market-data read with nothing to serve (fixture mode, a day the fixtures lack) is a documented 502 `upstream_error`, not a fault.
  const upstream502 = res.statusCode === 502 && res.body.includes('"code":"upstream_error"') && /^\/api\/(mktop|exch|forecast|regime)/.test(req.url);
  // Heavy work past its deadline or a full heavy queue is a documented 503 with Retry-After (src/http/admission.ts), not a fault.
  const admission503 = res.statusCode === 503 && /"reason":"(deadline_exceeded|heavy_queue_full)"/.test(res.body);
  if (res.statusCode >= 500 && !configured503 && !upstream502 && !admission503 && !(req.url.startsWith('/api/health') && res.statusCode === 503)) return { status: res.statusCode, failure: `${label}: server error ${res.body.slice(0, 300)}` };
  // The interface description names source files on purpose; every other body must not.
  if (!req.url.startsWith('/api/openapi.json') && LEAK.test(res.body)) return { status: res.statusCode, failure: `${label}: body leaks a stack or a path: ${res.body.slice(0, 300)}` };
  if (req.method === 'HEAD') return { status: res.statusCode, failure: null };
  // Routes with bodies of their own (MCP: JSON-RPC errors, 202 without a body) are checked against their documentation.
  if (checker.documentsOwnBody(req.method, req.url, res.statusCode)) {
    try {
      checker.check(req.method, req.url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    } catch (e) {
      return { status: res.statusCode, failure: (e as Error).message.slice(0, 500) };
    }
    return { status: res.statusCode, failure: null };
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return { status: res.statusCode, failure: `${label}: body is not JSON: ${res.body.slice(0, 200)}` };
  }
  try {
    if (res.statusCode >= 400 && !(req.url.startsWith('/api/health') && res.statusCode === 503)) checker.checkErrorBody(body, label);
    else if (res.statusCode < 300 && !checker.checkSuccess(req.method, req.url, res.statusCode, body)) return { status: res.statusCode, failure: `${label}: status not documented` };
  } catch (e) {
    return { status: res.statusCode, failure: (e as Error).message.slice(0, 500) };
  }
  return { status: res.statusCode, failure: null };
}

/** Runs `requests` fuzzed requests spread over every route (seeded: the same seed gives the same run). */
export async function fuzz(app: FastifyInstance, requests: number, seed: number): Promise<FuzzReport> {
  const docRes = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = JSON.parse(docRes.body) as Json;
  const checker = new OpenApiChecker(doc);
  const routes = routesOf(doc, checker);
  const report: FuzzReport = { requests: 0, byStatus: {}, failures: [], routes: routes.length };
  const perRoute = Math.max(1, Math.floor(requests / routes.length));
  for (const route of routes) {
    const samples = fc.sample(fc.tuple(mutationArb, headerAbuseArb), { numRuns: perRoute, seed: seed + routes.indexOf(route) });
    for (const [mutation, headers] of samples) {
      const { status, failure } = await probe(app, checker, buildRequest(route, mutation, headers));
      report.requests += 1;
      report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
      if (failure && report.failures.length < 50) report.failures.push(failure);
    }
  }
  // The server keeps answering.
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  if (health.statusCode !== 200 && health.statusCode !== 503) report.failures.push(`health after the run: ${health.statusCode}`);
  return report;
}
