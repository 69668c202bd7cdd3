/**
 * Limits of the HTTP door besides the rate limit (guard.ts) and the body limits (json-body.ts):
 * connections (globally and per peer address), slow headers and bodies, and the rate limiter's
 * lifetime. The request timeout, keep-alive timeout and body size in bytes are fastify options
 * (server.ts), as are the Node server options below (they exist only when the server is created).
 */
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';
import type { ServerOptions } from 'node:http';
import type { SvcConfig } from '../config/config.js';
import type { ServerKit } from './kit.js';
import { rootPlugin } from './plugin.js';

/**
 * Node checks the header and request timeouts only every `connectionsCheckingInterval` (30 s by
 * default), so a 10 s header timeout acted anywhere between 10 s and 40 s (25.6 s in the issue 26
 * probe) and the 30 s request timeout up to 60 s. Checking ten times per shortest timeout (at most
 * once a second, at least every 100 ms) makes both act within a tenth of their value (≤ 1 s late).
 */
export function checkingIntervalMs(config: Pick<SvcConfig, 'headersTimeoutMs' | 'requestTimeoutMs'>): number {
  return Math.min(1_000, Math.max(100, Math.floor(Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 10)));
}

/**
 * Options of the Node HTTP server (fastify's `http`). `requireHostHeader` is off because Node's own
 * answer to a request without Host is a bare 400; client-errors.ts answers it in the one error body.
 */
export function nodeServerOptions(config: Pick<SvcConfig, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  return { connectionsCheckingInterval: checkingIntervalMs(config), requireHostHeader: false };
}

/** `::ffff:10.0.0.1` → `10.0.0.1`, so one client is one key whichever way the socket reports it. */
function peerKey(address: string | undefined): string {
  if (address === undefined) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * The peers the per-address cap leaves alone: the proxies of SVC_TRUST_PROXY (every client of a
 * proxy arrives from its address). A hop count trusts whichever peer connects, so none is capped.
 */
export function trustedPeers(trustProxy: SvcConfig['trustProxy']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    if (type === undefined) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * At most `max` open connections from one peer address: one more is closed at accept, before a
 * byte is read, so one address cannot take every slot of the global cap (issue 26: 1,100 idle
 * sockets from one host left 2 of 218 health checks answered).
 */
export function capPerAddress(server: { on(event: 'connection', listener: (socket: Socket) => void): unknown }, max: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = peerKey(socket.remoteAddress);
    if (key === '' || exempt(key)) return;
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

export const limitsPlugin = rootPlugin<ServerKit>('svc-limits', (app, kit, done) => {
  // Every open socket costs a descriptor: beyond the cap, new connections are closed at accept.
  app.server.maxConnections = kit.config.maxConnections;
  capPerAddress(app.server, kit.config.maxConnectionsPerAddress, trustedPeers(kit.config.trustProxy));
  // Node answers a request whose headers take longer with 408: a slow-header client cannot hold a socket.
  app.server.headersTimeout = kit.config.headersTimeoutMs;
  // A limiter this server opened (Redis with SVC_REDIS_URL) is closed with it; one passed in is the caller's.
  if (kit.ownsLimiter) app.addHook('onClose', async () => kit.limiter.close());
  done();
});
