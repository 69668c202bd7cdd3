/**
 * Limits of the HTTP door besides the rate limit (guard.ts) and the body limits (json-body.ts):
 * connections and slow headers, and the rate limiter's lifetime. The request timeout, keep-alive
 * timeout and body size in bytes are fastify options (server.ts).
 */
import type { ServerKit } from './kit.js';
import { rootPlugin } from './plugin.js';

export const limitsPlugin = rootPlugin<ServerKit>('svc-limits', (app, kit, done) => {
  // Every open socket costs a descriptor: beyond the cap, new connections are closed at accept.
  app.server.maxConnections = kit.config.maxConnections;
  // Node answers a request whose headers take longer with 408: a slow-header client cannot hold a socket.
  app.server.headersTimeout = kit.config.headersTimeoutMs;
  // A limiter this server opened (Redis with SVC_REDIS_URL) is closed with it; one passed in is the caller's.
  if (kit.ownsLimiter) app.addHook('onClose', async () => kit.limiter.close());
  done();
});
