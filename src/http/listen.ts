/** `svc serve`: the HTTP door listening on a TCP port, with a bounded graceful close. */
import type { FastifyInstance } from 'fastify';
import { SvcError } from '../domain/errors.js';
import { buildServer, type BuildServerOptions } from './server.js';

/** What a user can fix about the address (taken, not allowed, not on this machine): bad input naming --port/--host. */
const ADDRESS_FAULTS: Record<string, string> = {
  EADDRINUSE: 'is already in use; stop what holds it or pick another --port (0 picks a free one)',
  EACCES: 'is not allowed for this user (ports below 1024 need privileges); pick another --port',
  EADDRNOTAVAIL: 'is not an address of this machine; check --host',
};

export interface StartedServer {
  server: FastifyInstance;
  /** e.g. http://127.0.0.1:8787 */
  url: string;
  /** Stops accepting, lets in-flight requests finish for at most config.shutdownGraceMs, then closes what remains. Stores stay open (the caller owns them). */
  close(): Promise<void>;
}

/** Builds and listens on config.host:config.port (port 0 picks a free port). Used by `svc serve`. */
export async function startServer(options: BuildServerOptions): Promise<StartedServer> {
  const server = await buildServer(options);
  try {
    await server.listen({ host: options.config.host, port: options.config.port });
  } catch (error) {
    await server.close();
    const fault = ADDRESS_FAULTS[(error as NodeJS.ErrnoException).code ?? ''];
    if (!fault) throw error;
    const where = `${options.config.host}:${options.config.port}`;
    throw SvcError.validation(`cannot listen on ${where}: the address ${fault}`, [{ path: '--port', message: `${where} ${fault}` }]);
  }
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  return {
    server,
    url,
    // A bounded drain: in-flight requests get the grace period, then every remaining connection
    // (a client stalled mid-upload, say) is closed, so shutdown always ends.
    close: async () => {
      const force = setTimeout(() => server.server.closeAllConnections(), options.config.shutdownGraceMs);
      force.unref();
      try {
        await server.close();
      } finally {
        clearTimeout(force);
      }
    },
  };
}
