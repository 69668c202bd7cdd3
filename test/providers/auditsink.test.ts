import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditWriteOutcome, transportFailureOf } from '../../src/domain/audit.js';
import { SvcError } from '../../src/domain/errors.js';
import { auditEventsUrl, writeAuditToPlatform, type PlatformAuditOptions } from '../../src/providers/auditsink/transport.js';

const API_KEY = 'svc_live_SECRET_4f9a1c0e7d';
const EVENT_ID = '6f1c1c2e-1d2b-4c8e-9a6f-0a1b2c3d4e5f';
const LOCAL_ID = '00000000-0000-4000-8000-0000000000aa';
const NOW = new Date('2025-03-01T10:00:00.000Z');
const request = { type: 'csv_imported' as const, tradeDate: '01.03.2025', source: 'prices.csv', metadata: { rows: 24 } };

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A local platform on 127.0.0.1 whose answer is decided by `handler`; records what it received. */
async function platform(handler: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s = { method: req.method, url: req.url, headers: req.headers, body };
      seen.push(s);
      handler(req, res, s);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function echoOf(seen: Seen): Record<string, unknown> {
  return { event: { id: EVENT_ID, createdAt: '2025-03-01T10:00:00.500Z', ...(JSON.parse(seen.body) as object) } };
}

function opts(apiBase: string | undefined, extra: Partial<PlatformAuditOptions> = {}): PlatformAuditOptions {
  return { apiBase, apiKey: API_KEY, now: () => NOW, newId: () => LOCAL_ID, ...extra };
}

/** Every outcome must match the schema and must never carry the key. */
function checked(outcome: AuditWriteOutcome): AuditWriteOutcome {
  expect(AuditWriteOutcome.safeParse(outcome).success).toBe(true);
  expect(JSON.stringify(outcome)).not.toContain(API_KEY);
  return outcome;
}

describe('writeAuditToPlatform', () => {
  it('no-platform: without an API base nothing is sent and a local receipt is returned', async () => {
    const outcome = checked(await writeAuditToPlatform(request, opts(undefined)));
    expect(outcome).toMatchObject({ persisted: false, status: 202, durability: 'local-only', reason: 'no-platform', localId: LOCAL_ID, recordedAt: NOW.toISOString() });
    expect(checked(await writeAuditToPlatform(request, opts('  '))).persisted).toBe(false);
  });

  it('persisted: a 2xx answer echoing a valid event confirms the write', async () => {
    const p = await platform((_req, res, seen) => json(res, 201, echoOf(seen)));
    const outcome = checked(await writeAuditToPlatform(request, opts(p.base)));
    expect(outcome).toEqual({
      persisted: true,
      status: 201,
      event: { id: EVENT_ID, createdAt: '2025-03-01T10:00:00.500Z', type: 'csv_imported', actor: 'local-user', tradeDate: '01.03.2025', source: 'prices.csv', metadata: { rows: 24 } },
    });
    expect(p.seen).toHaveLength(1);
    const [seen] = p.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/audit/events');
    expect(seen?.headers['x-svc-api-key']).toBe(API_KEY);
    expect(seen?.headers['content-type']).toBe('application/json');
    // Defaults are applied before sending.
    expect(JSON.parse(seen?.body ?? '')).toEqual({ ...request, actor: 'local-user' });
  });

  it('persisted: a base path prefix is kept', async () => {
    const p = await platform((_req, res, seen) => json(res, 201, { ...echoOf(seen), persisted: true }));
    const outcome = checked(await writeAuditToPlatform(request, opts(`${p.base}/tenant-x/`)));
    expect(outcome).toMatchObject({ persisted: true, status: 201 });
    expect(p.seen[0]?.url).toBe('/tenant-x/api/audit/events');
  });

  it.each([
    ['a 200 with a valid echo', 200, {}],
    ['a 202 local receipt of a relaying platform', 202, { persisted: false }],
    ['a 201 that says persisted: false', 201, { persisted: false }],
  ])('unparseable: %s is not a confirmation', async (_what, status, extra) => {
    const p = await platform((_req, res, seen) => json(res, status, { ...echoOf(seen), ...extra }));
    const outcome = checked(await writeAuditToPlatform(request, opts(p.base)));
    expect(outcome).toMatchObject({ persisted: false, status: 202, durability: 'local-only', reason: 'unparseable', httpStatus: status });
  });

  it.each([400, 401, 429, 500, 503, 302])('rejected: HTTP %i is not a confirmation', async (status) => {
    const p = await platform((_req, res) => json(res, status, { code: 'x', message: `echo ${API_KEY}` }));
    const outcome = checked(await writeAuditToPlatform(request, opts(p.base)));
    expect(outcome).toMatchObject({ persisted: false, status: 202, durability: 'local-only', reason: 'rejected', httpStatus: status, localId: LOCAL_ID });
  });

  it.each([
    ['not JSON', 'OK'],
    ['JSON without event', JSON.stringify({ ok: true })],
    ['event without id', JSON.stringify({ event: { createdAt: '2025-03-01T10:00:00Z', type: 'x', actor: 'a', tradeDate: 'd', source: 's', metadata: {} } })],
    ['event with a non-uuid id', JSON.stringify({ event: { id: '42', createdAt: '2025-03-01T10:00:00Z', type: 'x', actor: 'a', tradeDate: 'd', source: 's', metadata: {} } })],
    ['empty body', ''],
  ])('unparseable: 2xx with %s', async (_label, body) => {
    const p = await platform((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const outcome = checked(await writeAuditToPlatform(request, opts(p.base)));
    expect(outcome).toMatchObject({ persisted: false, status: 202, reason: 'unparseable', httpStatus: 200 });
  });

  it('unparseable: an echo larger than the cap is not read to the end', async () => {
    const p = await platform((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"event":{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}}`);
    });
    expect(checked(await writeAuditToPlatform(request, opts(p.base))).persisted).toBe(false);
  });

  it('timeout: a platform that does not answer in time, with the default 1500 ms limit', async () => {
    const p = await platform(() => undefined); // never answers
    const outcome = checked(await writeAuditToPlatform(request, opts(p.base)));
    expect(outcome).toMatchObject({ persisted: false, status: 202, durability: 'local-only', reason: 'timeout' });
    expect(outcome.persisted === false && outcome.detail).toContain('1500 ms');
    expect(p.seen).toHaveLength(1);
  });

  it('timeout: headers sent but the body stalls', async () => {
    const p = await platform((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.write('{"event":');
    });
    const outcome = checked(await writeAuditToPlatform(request, opts(p.base, { timeoutMs: 200 })));
    expect(outcome).toMatchObject({ persisted: false, reason: 'timeout' });
  });

  it('timeout: a refused connection is a transport failure', async () => {
    const p = await platform(() => undefined);
    const base = p.base;
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    const outcome = checked(await writeAuditToPlatform(request, opts(base)));
    expect(outcome).toMatchObject({ persisted: false, status: 202, reason: 'timeout' });
    expect(outcome.persisted === false && outcome.detail).toContain('ECONNREFUSED');
    expect(transportFailureOf(outcome)).toBe('ECONNREFUSED');
  });

  it('timeout: a host that does not resolve is a transport failure, said by transportFailureOf; a real timeout is not', async () => {
    // .invalid never resolves (RFC 6761): the lookup fails here, no query leaves the machine.
    const outcome = checked(await writeAuditToPlatform(request, opts('https://svc.invalid')));
    expect(outcome).toMatchObject({ persisted: false, status: 202, reason: 'timeout' });
    expect(transportFailureOf(outcome)).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
    const p = await platform(() => undefined);
    expect(transportFailureOf(checked(await writeAuditToPlatform(request, opts(p.base, { timeoutMs: 100 }))))).toBeUndefined();
  });

  it('never reaches a real host under the test runner (the providers\' guard)', async () => {
    await expect(writeAuditToPlatform(request, opts('https://svc.example.org'))).rejects.toThrow(/tests never reach real hosts/);
  });

  it('rejects an invalid request before sending anything', async () => {
    const p = await platform((_req, res, seen) => json(res, 201, echoOf(seen)));
    const bad = { ...request, type: 'plan_exported' as const };
    await expect(writeAuditToPlatform(bad, opts(p.base))).rejects.toBeInstanceOf(SvcError);
    expect(p.seen).toHaveLength(0);
  });

  it('rejects a non-http base address without echoing it', async () => {
    const error = await writeAuditToPlatform(request, opts('ftp://user:pw@host')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_error' });
    expect((error as SvcError).issues.map((i) => i.path)).toEqual(['apiBase']);
    expect(JSON.stringify((error as SvcError).toJSON())).not.toContain('pw@host');
  });

  it('builds the endpoint URL from the base', () => {
    expect(auditEventsUrl('https://a.test').href).toBe('https://a.test/api/audit/events');
    expect(auditEventsUrl('https://a.test/p//').href).toBe('https://a.test/p/api/audit/events');
    expect(auditEventsUrl('http://127.0.0.1:9/x?y=1#z').href).toBe('http://127.0.0.1:9/x/api/audit/events');
  });
});
