/**
 * OpenAPI 3.1 description generated from the registry: the same zod schemas that validate a
 * request describe it (JSON Schema 2020-12, `io: 'input'` for parameters and bodies, `io: 'output'`
 * for responses). Error statuses are the op's listed ones plus those the door itself can answer
 * (401/429 on guarded routes, 403 with a permission, 413/415 on bodies, 503 service token or an
 * unreachable remote key set, 500).
 * Security per operation follows the running configuration, so the document is true to it.
 */
import { z } from 'zod';
import type { SvcConfig } from '../config/config.js';
import type { HttpBinding, Operation } from '../ops/types.js';
import { authRequiredOf } from '../ops/account/access.js';
import { ErrorResponse } from './errors.js';
import { API_VERSION, OPENAPI_PATH } from './headers.js';
import type { HttpDoor } from './door.js';

export const OPENAPI_VERSION = '1.0.0';
type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Validation error (invalid query, path parameter or body; malformed JSON)',
  401: 'Credentials missing or invalid',
  403: 'The caller\'s roles do not grant the permission this operation needs',
  404: 'Not found',
  413: 'Request body larger than the configured limit',
  415: 'Request body is not application/json',
  429: 'Rate limit exceeded, or (heavy operations) the caller already has SVC_HEAVY_PER_CALLER heavy requests running or waiting; see Retry-After',
  500: 'Unexpected server error (generic message, no details)',
  502: 'Upstream market-data error',
  503: 'Unavailable (degraded dependency, a guarded route whose secret is not configured, the heavy-work queue full, or no answer within the request deadline); see Retry-After',
};

/** Statuses other than successStatus that `statusOf` may return with the op's output body. */
function outputStatuses(http: HttpBinding): number[] {
  return http.outputStatuses ?? [];
}

/** zod → JSON Schema; any `$defs` are hoisted to components so `$ref`s resolve in the document. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  const defs = json.$defs as Json | undefined;
  delete json.$defs;
  if (defs) for (const [name, def] of Object.entries(defs)) components[name] = rewriteRefs(def);
  return rewriteRefs(json) as Json;
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, '#/components/schemas/') : rewriteRefs(v);
  }
  return out;
}

function errorStatuses(op: Operation, remoteKeys: boolean): number[] {
  const http = op.http as HttpBinding;
  const set = new Set(http.errors);
  if (op.access !== 'public') {
    set.add(401);
    set.add(429);
    // A guarded route reads the key store and the limiter: 503 store_unavailable while the database is away.
    set.add(503);
  }
  // A remote key set that cannot be fetched is 503 identity_provider_unavailable.
  if (remoteKeys && (op.access === 'key' || op.access === 'tenant')) set.add(503);
  if (op.permission) set.add(403);
  if (http.inputFrom === 'body') {
    set.add(400);
    set.add(413);
    set.add(415);
  }
  if (op.access === 'serviceToken') set.add(503);
  if (http.addressRateLimit) set.add(429);
  // Heavy work is admitted under concurrency limits: 429 heavy_concurrency, 503 heavy_queue_full (admission.ts).
  if (op.cost !== undefined && op.cost !== 'light') {
    set.add(429);
    set.add(503);
  }
  set.add(500);
  for (const s of outputStatuses(http)) set.delete(s);
  return [...set].sort((a, b) => a - b);
}

function securityOf(op: Operation, authRequired: boolean): Json[] {
  if (op.access === 'public') return [];
  if (op.access === 'serviceToken') return [{ ServiceToken: [] }, { BearerAuth: [] }];
  const schemes: Json[] = [{ ApiKeyHeader: [] }, { BearerAuth: [] }];
  // Public-demo deployments accept uncredentialed calls as the local tenant: `{}` marks that.
  return authRequired ? schemes : [...schemes, {}];
}

const COMMON_HEADERS = {
  'x-request-id': { $ref: '#/components/headers/RequestId' },
  'cache-control': { $ref: '#/components/headers/CacheControl' },
  'x-svc-api-version': { $ref: '#/components/headers/ApiVersion' },
};

function headersFor(op: Operation, status: number): Json {
  const headers: Json = { ...COMMON_HEADERS };
  if (op.http?.path !== '/api/health') headers['x-svc-security-mode'] = { $ref: '#/components/headers/SecurityMode' };
  if (status === 429 || (status === 503 && op.http?.path !== '/api/health')) headers['retry-after'] = { $ref: '#/components/headers/RetryAfter' };
  if (status < 400 && op.http?.headers) {
    for (const [name, value] of Object.entries(op.http.headers)) {
      headers[name.toLowerCase()] = { description: `Always \`${value}\`.`, schema: { type: 'string', const: value } };
    }
  }
  if (status < 400 && op.http?.headerDocs) {
    for (const [name, description] of Object.entries(op.http.headerDocs)) headers[name] = { description, schema: { type: 'string' } };
  }
  return headers;
}

function parametersOf(op: Operation, inputSchema: Json): Json[] {
  const http = op.http as HttpBinding;
  const pathParams = new Set([...http.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string));
  const props = (inputSchema.properties ?? {}) as Record<string, Json>;
  const required = new Set((inputSchema.required ?? []) as string[]);
  const params: Json[] = [];
  for (const [name, schema] of Object.entries(props)) {
    const inPath = pathParams.has(name);
    const { description, ...rest } = schema;
    params.push({
      name,
      in: inPath ? 'path' : 'query',
      required: inPath || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    });
  }
  return params;
}

export function buildOpenApi(operations: readonly Operation[], config: SvcConfig, doors: readonly HttpDoor[] = []): Json {
  const authRequired = authRequiredOf(config);
  const schemas: Json = { ErrorResponse: schemaOf(ErrorResponse, 'output', {}) };
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();

  for (const op of operations) {
    const http = op.http;
    if (!http) continue;
    op.tags.forEach((t) => tags.add(t));
    const oasPath = http.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const input = schemaOf(op.input, 'input', schemas);
    const output = schemaOf(op.output, 'output', schemas);
    const responses: Json = {};
    for (const status of [http.successStatus, ...outputStatuses(http)]) {
      responses[String(status)] = {
        description: status === http.successStatus ? op.summary : `${op.summary} (status ${status}; same body)`,
        headers: headersFor(op, status),
        content: http.media ? { [http.media.type.split(';')[0] as string]: { schema: { type: 'string' } } } : { 'application/json': { schema: output } },
      };
    }
    for (const status of errorStatuses(op, authRequired && Boolean(config.auth.jwksUrl))) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error',
        headers: headersFor(op, status),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
      };
    }
    const operation: Json = {
      operationId: op.id,
      summary: op.summary,
      description: op.description + (op.permission ? `\n\nNeeds permission \`${op.permission}\`.` : ''),
      tags: op.tags,
      security: securityOf(op, authRequired),
      responses,
    };
    if (http.inputFrom === 'body') {
      const required = Array.isArray(input.required) && input.required.length > 0;
      operation.requestBody = { required, content: { 'application/json': { schema: input } } };
    } else {
      const params = parametersOf(op, input);
      if (params.length) operation.parameters = params;
    }
    const entry = paths[oasPath] ?? {};
    entry[http.method.toLowerCase()] = operation;
    paths[oasPath] = entry;
  }

  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      description: 'Generated from the operation registry at start; reflects the running security configuration.',
      tags: ['meta'],
      security: [],
      responses: {
        '200': { description: 'OpenAPI document', headers: { ...COMMON_HEADERS }, content: { 'application/json': { schema: { type: 'object' } } } },
        '500': {
          description: STATUS_TEXT[500],
          headers: { ...COMMON_HEADERS },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
        },
      },
    },
  };
  tags.add('meta');
  // Further doors (the MCP server and the narrator registry, src/mcp) onto the same operations.
  const keySecurity = authRequired ? [{ ApiKeyHeader: [] }, { BearerAuth: [] }] : [{ ApiKeyHeader: [] }, { BearerAuth: [] }, {}];
  const doorTags: Record<string, string> = {};
  for (const door of doors) {
    const part = door.openApi({ operations, keySecurity, headers: COMMON_HEADERS });
    Object.assign(paths, part.paths);
    Object.assign(doorTags, part.tags);
    Object.keys(part.tags).forEach((t) => tags.add(t));
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'svc decision-support API',
      version: OPENAPI_VERSION,
      summary: 'Decision support for the Ukrainian day-ahead and intraday power markets. Never submits orders.',
      description: DESCRIPTION,
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...tags].sort().map((name) => {
      const description = TAG_TEXT[name] ?? doorTags[name];
      return description ? { name, description } : { name };
    }),
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-svc-api-key', description: 'Master key (SVC_API_KEY) or a tenant key (`svck_…`).' },
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'Same API key as a Bearer token, or a JWT from the configured identity provider (three dot-separated parts).' },
        ServiceToken: { type: 'apiKey', in: 'header', name: 'x-svc-service-token', description: 'Service token (SVC_SERVICE_TOKEN) for guarded internal routes.' },
      },
      headers: {
        RequestId: { description: 'Id generated for this request: 128 random bits as 32 lower-case hex digits (the form of a W3C trace-id); also in error bodies.', schema: { type: 'string' } },
        CacheControl: { description: 'Always `no-store`.', schema: { type: 'string', const: 'no-store' } },
        ApiVersion: { description: `Surface major, always \`${API_VERSION}\` (this document's version is ${OPENAPI_VERSION}).`, schema: { type: 'string', const: API_VERSION } },
        SecurityMode: { description: 'Deployment security mode. Omitted by health and this document.', schema: { type: 'string', enum: ['public-demo', 'api-key', 'external-auth'] } },
        RetryAfter: { description: 'Whole seconds until the rate-limit window resets (429, at least 1), or to wait before retrying while a dependency such as the data store is unavailable (503 error).', schema: { type: 'integer', minimum: 1 } },
      },
    },
  };
}

const TAG_TEXT: Record<string, string> = {
  meta: 'Readiness and this description.',
  billing: 'Subscription catalog (from prices; agreed in a pilot contract; no checkout).',
  decision: 'Spread plans, battery plans and backtests on supplied prices: exact engines, for human review.',
  risk: 'Risk guardrail reports.',
  ai: 'Deterministic trading briefs (svc-rules-v1, no external model) and no-egress receipts.',
  audit: 'Tenant audit journal.',
  profiles: 'Strategy profiles of the signed-in tenant and user.',
  notifications: 'Web-push subscription contracts (nothing is delivered yet).',
  account: 'Tenant API keys (owner only).',
};

const DESCRIPTION = [
  'Plans, explanations, risk reports and audit records for human review. svc never submits market orders.',
  '',
  '**Errors.** Every error status returns `ErrorResponse`: `{ error: { code, message, reason?, issues?, requestId } }`.',
  '`issues` lists each failing input path on validation errors; `requestId` equals the `x-request-id` header.',
  'Malformed JSON is 400 `invalid_json`; a non-JSON body is 415; a body over the limit (SVC_BODY_LIMIT_BYTES, default 1 MiB) is 413.',
  '',
  '**Query parameters.** One rule on every read: a parameter the route does not declare is ignored, never a 400, and named in the',
  'response header `X-Svc-Ignored-Query` (comma-separated, URL-encoded) so that a typo does not pass unnoticed; a declared parameter',
  'with a bad value is 400 naming it. The exchange-index read, for which the interface lists no 400, answers an unsupported `lang` in `uk`.',
  '',
  '**Authentication.** With SVC_REQUIRE_API_KEY=true every non-public route needs a key in `x-svc-api-key` or `Authorization: Bearer`.',
  'A presented credential is always verified, even where none is required. With external auth configured a Bearer JWT',
  '(issuer, audience, exp verified) names the tenant in `tenant_id` (else `tid`, else `org_id`), the user in `sub` and roles in `roles`.',
  'Without a credential in public-demo mode the caller is tenant `local`, user `local-user`.',
  'Service-token routes need `x-svc-service-token`; when no token is configured they answer 503 `service_token_not_configured`.',
  '',
  '**Rate limit.** Per caller (key, user, or address) on every non-public route: SVC_RATE_LIMIT_PER_MINUTE requests per',
  'SVC_RATE_LIMIT_WINDOW_MS fixed window; then 429 with `Retry-After`. Failed authentication counts against the address.',
  '',
  '**Heavy work and deadlines.** Operations that fit forecasts (GET /api/forecast, plans with `planOn: "forecast"`, plan-ahead, the reports),',
  'backtests over more than 366 days, and receipt verifications of bodies over 16 KiB are heavy: at most SVC_HEAVY_CONCURRENCY run at once,',
  'each caller may have SVC_HEAVY_PER_CALLER running or waiting (then 429 `heavy_concurrency`), and at most SVC_HEAVY_QUEUE wait (then 503',
  '`heavy_queue_full`), both with `Retry-After`. A request not answered within SVC_REQUEST_TIMEOUT_MS gets 503 `deadline_exceeded` with',
  '`Retry-After` and its work is cancelled. Light routes (health among them) never wait behind heavy work.',
].join('\n');
