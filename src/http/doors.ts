/**
 * Further doors served by this server (the MCP server and the narrator registry, src/mcp, passed in
 * by `svc serve`; door.ts): each registers its routes with the HTTP door's own guard, request
 * context and body limits, so they are authenticated, rate limited and bounded exactly like the
 * operation routes. Their routes also join the 405 table (error-handler.ts) and the OpenAPI
 * document (openapi.ts).
 */
import { createGuards } from './guard.js';
import { bodyText, checkJsonLimits } from './json-body.js';
import type { ServerKit } from './kit.js';
import { rootPlugin } from './plugin.js';

export const doorsPlugin = rootPlugin<ServerKit>('svc-doors', (app, kit, done) => {
  const guards = createGuards(kit);
  for (const door of kit.doors) {
    door.register(app, {
      operations: kit.operations,
      guard: guards.access,
      context: kit.contextOf,
      checkBody: (value) => checkJsonLimits(value, kit.jsonLimits),
      bodyText,
    });
  }
  done();
});
