/**
 * What the HTTP door derives about a request besides its body: the client address (which proxies
 * to believe), the log line (credentials redacted), and which methods a path answers (405 + Allow).
 */
import type { FastifyRequest } from 'fastify';
import type { SvcConfig } from '../config/config.js';
import type { Operation } from '../ops/types.js';

const CREDENTIAL_PARAM = /(key|token|secret|passw|auth|signature|session|credential)/i;

/** A URL with the values of credential-like query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const redacted = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && CREDENTIAL_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/**
 * Fastify's trustProxy from the setting: a hop count becomes "the first N hops are proxies" (so
 * the address the Nth proxy appended is the client), an address list is passed on (proxy-addr).
 */
export function trustProxyOption(setting: SvcConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** The methods each route path answers (GET implies HEAD), matched with `:param` segments. */
export function methodTable(ops: readonly Operation[], extra: ReadonlyArray<{ method: string; path: string }>): (path: string) => string[] {
  const routes = [...ops.flatMap((op) => (op.http ? [{ method: op.http.method, path: op.http.path }] : [])), ...extra];
  const byPattern = new Map<string, { re: RegExp; methods: Set<string> }>();
  for (const r of routes) {
    let entry = byPattern.get(r.path);
    if (!entry) {
      const re = new RegExp(`^${r.path.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`);
      entry = { re, methods: new Set() };
      byPattern.set(r.path, entry);
    }
    entry.methods.add(r.method);
    if (r.method === 'GET') entry.methods.add('HEAD');
  }
  return (path) => {
    const methods = new Set<string>();
    for (const { re, methods: m } of byPattern.values()) if (re.test(path)) for (const x of m) methods.add(x);
    return [...methods].sort();
  };
}
