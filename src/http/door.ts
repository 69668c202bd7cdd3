/**
 * Further doors served inside `svc serve` (the MCP server and the narrator registry, src/mcp). A
 * door never imports another door (the layering lint rule), so the composition happens in the CLI:
 * `svc serve` passes the agent door to `buildServer`, which hands it this kit: the HTTP door's own
 * guard, request context and JSON body limits, so its routes are authenticated, rate limited and
 * bounded exactly like the operation routes.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Access, OpContext, Operation } from '../ops/types.js';

type Json = Record<string, unknown>;

export interface DoorKit {
  operations: readonly Operation[];
  /** The guard of an access rule: auth, then rate limit (as for the operation routes). */
  guard(access: Access): onRequestHookHandler;
  /** The request's OpContext for the caller the guard admitted. */
  context(request: FastifyRequest): OpContext;
  /** Throws the HTTP door's 400 when a parsed JSON value breaks the body limits. */
  checkBody(value: unknown): void;
  /** A raw body's text; throws the HTTP door's 415 (a Content-Encoding) or 400 (not UTF-8). */
  bodyText(request: FastifyRequest, body: Buffer): string;
}

export interface OpenApiKit {
  operations: readonly Operation[];
  /** Security requirements of a key-mode route in the running configuration. */
  keySecurity: Json[];
  /** The document's common response headers. */
  headers: Json;
}

export interface HttpDoor {
  /** Each route's method and path (fastify style), for the 405 table. */
  routes: ReadonlyArray<{ method: string; path: string }>;
  register(app: FastifyInstance, kit: DoorKit): void;
  /** Path items and tag descriptions for the OpenAPI document. */
  openApi(kit: OpenApiKit): { paths: Record<string, Json>; tags: Record<string, string> };
}
