/**
 * The agent door as `svc serve` mounts it (shape of src/http/door.ts's HttpDoor; a door never imports
 * another door, so the shape is matched structurally and the CLI composes the two).
 */
import { AGENT_ROUTES, registerAgentRoutes } from './http.js';
import { agentOpenApiPaths } from './openapi.js';
import type { Operation } from '../ops/types.js';

type Json = Record<string, unknown>;

export const agentDoor = {
  routes: AGENT_ROUTES,
  register: registerAgentRoutes,
  openApi(kit: { operations: readonly Operation[]; keySecurity: Json[]; headers: Json }) {
    return {
      paths: agentOpenApiPaths(kit.operations, kit.keySecurity, kit.headers),
      tags: { agents: 'Read-only tools for agents: the MCP server (svc-sovereignty) and the narrator registry (docs/mcp.md).' },
    };
  },
};
