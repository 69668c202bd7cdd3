/**
 * Checks a received response against the OpenAPI document: the route and status must be documented
 * and the JSON body must satisfy the documented schema (ajv, JSON Schema 2020-12, formats on).
 * Wired into the harness, so every response any HTTP test receives is checked.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type Json = Record<string, unknown>;
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS: the namespace's default is module.exports, whose own `default` is the plugin.
const formatsExport = (addFormatsModule as unknown as { default: FormatsPlugin & { default?: FormatsPlugin } }).default;
const addFormats: FormatsPlugin = formatsExport.default ?? formatsExport;

export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly routes: { method: string; template: string; regex: RegExp }[] = [];

  constructor(private readonly doc: Json) {
    addFormats(this.ajv);
    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      const regex = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const method of Object.keys(item)) this.routes.push({ method: method.toUpperCase(), template, regex });
    }
  }

  /** Undefined for a route the document does not know (e.g. a deliberately unknown path). */
  routeOf(method: string, url: string): string | undefined {
    const path = url.split('?')[0] ?? '';
    return this.routes.find((r) => r.method === method.toUpperCase() && r.regex.test(path))?.template;
  }

  check(method: string, url: string, status: number, contentType: string | undefined, body: string): void {
    // HEAD carries a GET's headers and no body (RFC 9110 9.3.2): there is nothing to validate.
    if (method === 'HEAD' && body === '') return;
    const template = this.routeOf(method, url);
    if (template === undefined) {
      // Unknown routes must still answer with the error body.
      this.validate('ErrorResponse', { $ref: '#/components/schemas/ErrorResponse' }, JSON.parse(body), `${method} ${url} ${status}`);
      return;
    }
    const op = (this.doc.paths as Record<string, Record<string, Json>>)[template]?.[method.toLowerCase()] as Json;
    const response = (op.responses as Record<string, Json>)[String(status)];
    if (!response) throw new Error(`${method} ${template}: status ${status} is not documented (body: ${body.slice(0, 300)})`);
    // A response documented without content (MCP's 202) must have no body.
    if (!response.content) {
      if (body !== '') throw new Error(`${method} ${template} ${status}: documented without a body, got ${body.slice(0, 200)}`);
      return;
    }
    const content = response.content as Json;
    if (!content['application/json']) {
      // A non-JSON response (MCP's SSE stream, an HTML report): the content type must be a documented one.
      if (!Object.keys(content).some((type) => contentType?.startsWith(type))) throw new Error(`${method} ${template} ${status}: content-type ${contentType} not in ${Object.keys(content).join(', ')}`);
      return;
    }
    const schema = (content['application/json'] as Json).schema as Json;
    if (!contentType?.startsWith('application/json')) throw new Error(`${method} ${template} ${status}: content-type ${contentType}`);
    this.validate(`${method} ${template} ${status}`, schema, JSON.parse(body), `${method} ${url} ${status}`);
  }

  /** True when the route documents this status with a body of its own (not the one error body, e.g. MCP's JSON-RPC errors) or none. */
  documentsOwnBody(method: string, url: string, status: number): boolean {
    const template = this.routeOf(method, url);
    if (template === undefined) return false;
    const op = (this.doc.paths as Record<string, Record<string, Json>>)[template]?.[method.toLowerCase()] as Json;
    const response = (op.responses as Record<string, Json>)[String(status)];
    if (!response) return false;
    if (!response.content) return true;
    const json = (response.content as Json)['application/json'] as Json | undefined;
    if (!json) return true;
    const schema = json.schema as Json;
    return schema.$ref !== '#/components/schemas/ErrorResponse';
  }

  /** Throws unless the body is the one error body. */
  checkErrorBody(body: unknown, label: string): void {
    this.validate('ErrorResponse', { $ref: '#/components/schemas/ErrorResponse' }, body, label);
  }

  /** Validates a 2xx body against the route's documented schema; false when the status is not documented. */
  checkSuccess(method: string, url: string, status: number, body: unknown): boolean {
    const template = this.routeOf(method, url);
    if (template === undefined) return false;
    const op = (this.doc.paths as Record<string, Record<string, Json>>)[template]?.[method.toLowerCase()] as Json;
    const response = (op.responses as Record<string, Json>)[String(status)];
    if (!response) return false;
    const json = (response.content as Json)['application/json'] as Json | undefined;
    if (!json) return typeof body === 'string';
    this.validate(`${method} ${template} ${status}`, json.schema as Json, body, `${method} ${url} ${status}`);
    return true;
  }

  /** A $ref resolved against the document's components (other nodes as they are). */
  resolve(node: unknown): unknown {
    return this.deref(node);
  }

  private validate(key: string, schema: Json, value: unknown, label: string): void {
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.ajv.compile(this.deref(schema) as Json);
      this.cache.set(key, fn);
    }
    if (!fn(value)) {
      throw new Error(`${label}: response does not match the OpenAPI schema: ${this.ajv.errorsText(fn.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
    }
  }

  private deref(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.deref(n));
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      return this.deref(((this.doc.components as Json).schemas as Json)[name]);
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) out[k] = this.deref(v);
    return out;
  }
}
