import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';
import { cli } from './in-process.js';

interface Event {
  id: string;
  createdAt: string;
  type: string;
  actor: string;
  tradeDate: string;
  source: string;
  metadata: Record<string, unknown>;
}
interface Page {
  events: Event[];
  nextBefore: string | null;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** svc with one shared data dir, as a user running several commands in a row. */
function journal(): { dir: string; run: (args: string[], env?: Record<string, string | undefined>) => ReturnType<typeof cli> } {
  const dir = join(tempDir('svc-audit-'), 'data');
  return { dir, run: (args, env = {}) => cli(args, { env: { SVC_DATA_DIR: dir, SVC_API_BASE: undefined, ...env } }) };
}

const ADD = ['audit', 'add', '--type', 'prices_loaded', '--trade-date', '15.12.2024', '--source', 'fixtures/x.csv'];

describe('svc audit add (local)', () => {
  it('--trade-date must be a real DD.MM.YYYY date (31.02.2024 and 2024-12-15 are refused, exit 2)', async () => {
    for (const bad of ['31.02.2024', '2024-12-15']) {
      const r = await cli(['audit', 'add', '--type', 'prices_loaded', '--trade-date', bad, '--source', 'x'], { env: { SVC_DATA_DIR: tempDir('svc-audit-') } });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('--trade-date');
    }
  });

  it('records an event in <data dir>/svc.db and prints the op body with --format json', async () => {
    const j = journal();
    const r = await j.run([...ADD, '--actor', 'ops-bot', '--meta', 'rows=24', 'ok=true', 'ratio=-1.5e2', 'name=abc', 'expr=a=b', 'zip=007x', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as { event: Event; persisted: boolean };
    expect(body.persisted).toBe(true);
    expect(body.event).toMatchObject({ type: 'prices_loaded', actor: 'ops-bot', tradeDate: '15.12.2024', source: 'fixtures/x.csv' });
    expect(body.event.metadata).toEqual({ rows: 24, ok: true, ratio: -150, name: 'abc', expr: 'a=b', zip: '007x' });
    expect(statSync(j.dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(j.dir, 'svc.db')).isFile()).toBe(true);

    const listed = JSON.parse((await j.run(['audit', 'list', '--format', 'json'])).stdout) as Page;
    expect(listed.events).toEqual([body.event]);
  });

  it('renders a summary table by default', async () => {
    const r = await journal().run([...ADD, '--meta', 'rows=24']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Recorded in the local journal');
    expect(r.stdout).toContain('prices_loaded');
    expect(r.stdout).toContain('rows=24');
  });

  it('names the flag for bad input and exits 2', async () => {
    const j = journal();
    const t = await j.run(['audit', 'add', '--type', 'order_sent', '--trade-date', '15.12.2024', '--source', 's']);
    expect(t.exitCode).toBe(2);
    expect(t.stderr).toContain('--type');
    const p = await j.run(['audit', 'add', '--type', 'plan_exported', '--trade-date', '15.12.2024', '--source', 's', '--meta', 'decision_package_id=x']);
    expect(p.exitCode).toBe(2);
    expect(p.stderr).toContain('--meta decision_package_id');
    expect(p.stderr).toContain('--meta human_approval_required');
    const m = await j.run([...ADD, '--meta', 'novalue']);
    expect(m.exitCode).toBe(2);
    expect(m.stderr).toContain('--meta');
    const missing = await j.run(['audit', 'add', '--type', 'prices_loaded', '--source', 's']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--trade-date');
    // Nothing was recorded by the failed attempts.
    expect((JSON.parse((await j.run(['audit', 'list', '--format', 'json'])).stdout) as Page).events).toEqual([]);
  });

  it('accepts a full decision package for plan_exported', async () => {
    const r = await journal().run([
      'audit', 'add', '--type', 'plan_exported', '--trade-date', '15.12.2024', '--source', 'svc-plan',
      '--meta', 'decision_package_id=svc-rdn-15.12.2024', 'human_approval_required=true', 'no_auto_submit=true', 'risk_score=12',
      '--format', 'json',
    ]);
    expect(r.exitCode).toBe(0);
    expect((JSON.parse(r.stdout) as { event: Event }).event.metadata).toEqual({
      decision_package_id: 'svc-rdn-15.12.2024', human_approval_required: true, no_auto_submit: true, risk_score: 12,
    });
  });
});

describe('svc audit list and export', () => {
  it('pages newest first with a cursor, as json and as a table', async () => {
    const j = journal();
    for (const s of ['a', 'b', 'c']) expect((await j.run([...ADD.slice(0, -1), s])).exitCode).toBe(0);
    const first = JSON.parse((await j.run(['audit', 'list', '--limit', '2', '--format', 'json'])).stdout) as Page;
    expect(first.events.map((e) => e.source)).toEqual(['c', 'b']);
    expect(first.nextBefore).toEqual(expect.any(String));
    const second = JSON.parse((await j.run(['audit', 'list', '--limit', '2', '--before', first.nextBefore ?? '', '--format', 'json'])).stdout) as Page;
    expect(second.events.map((e) => e.source)).toEqual(['a']);
    expect(second.nextBefore).toBeNull();

    const table = await j.run(['audit', 'list', '--limit', '2']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain('Created (UTC)');
    expect(table.stdout).toContain(`--before ${first.nextBefore}`);
  });

  it('rejects a malformed cursor and a bad limit on their flags (exit 2)', async () => {
    const j = journal();
    const b = await j.run(['audit', 'list', '--before', 'garbage']);
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toContain('--before');
    const l = await j.run(['audit', 'list', '--limit', '0']);
    expect(l.exitCode).toBe(2);
    expect(l.stderr).toContain('--limit');
  });

  it('exports every event oldest first as csv and json', async () => {
    const j = journal();
    for (const s of ['a', 'b']) await j.run([...ADD.slice(0, -1), s, '--meta', `tag=${s}`]);
    const csv = await j.run(['audit', 'export', '--format', 'csv']);
    expect(csv.exitCode).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('id,createdAt,type,actor,tradeDate,source,metadata');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',a,');
    expect(lines[1]).toContain('"{""tag"":""a""}"');
    const json = JSON.parse((await j.run(['audit', 'export', '--format', 'json'])).stdout) as { events: Event[] };
    expect(json.events.map((e) => e.source)).toEqual(['a', 'b']);
  });

  it('has help with an example for each subcommand', async () => {
    for (const sub of ['add', 'list', 'export']) {
      const r = await cli(['audit', sub, '--help']);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain('Example');
      expect(r.stdout).toContain(`svc audit ${sub}`);
    }
  });
});

describe('svc audit add --api-base', () => {
  async function platform(status: number): Promise<{ base: string; bodies: string[]; keys: (string | undefined)[] }> {
    const bodies: string[] = [];
    const keys: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        keys.push(req.headers['x-svc-api-key'] as string | undefined);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ event: { id: '6f1c1c2e-1d2b-4c8e-9a6f-0a1b2c3d4e5f', createdAt: '2025-03-01T10:00:00Z', ...(JSON.parse(body) as object) } }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, keys };
  }

  it('posts to the platform and prints the confirmed outcome; nothing is written locally', async () => {
    const p = await platform(201);
    const j = journal();
    const r = await j.run([...ADD, '--meta', 'rows=24', '--api-base', p.base, '--format', 'json'], { SVC_PLATFORM_API_KEY: 'k-secret-123', SVC_API_KEY: 'local-master-key' });
    expect(r.exitCode).toBe(0);
    const outcome = JSON.parse(r.stdout) as { persisted: boolean; status: number; event: Event };
    expect(outcome).toMatchObject({ persisted: true, status: 201, event: { id: '6f1c1c2e-1d2b-4c8e-9a6f-0a1b2c3d4e5f', metadata: { rows: 24 } } });
    expect(p.keys).toEqual(['k-secret-123']); // never the local master key
    expect(r.stdout + r.stderr).not.toContain('k-secret-123');
    expect((JSON.parse((await j.run(['audit', 'list', '--format', 'json'])).stdout) as Page).events).toEqual([]);
  });

  it('takes the base from SVC_API_BASE and exits 1 with the outcome when the platform rejects', async () => {
    const p = await platform(500);
    const r = await journal().run([...ADD, '--format', 'json'], { SVC_API_BASE: p.base });
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ persisted: false, status: 202, durability: 'local-only', reason: 'rejected', httpStatus: 500 });
    expect(r.stderr).toContain('not confirmed');
    expect(p.bodies).toHaveLength(1);
  });

  it('says a refused connection or an unknown host is a transport failure (the spec\'s reason timeout beside it), a real timeout a timeout', async () => {
    const p = await platform(201);
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    const r = await journal().run([...ADD, '--api-base', p.base]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain('Not confirmed by the platform: transport failure ECONNREFUSED, reason timeout');
    expect(r.stdout).toContain('local-only');
    expect(r.stderr.trim()).toBe('error: the audit write was not confirmed (transport failure ECONNREFUSED, reason timeout); nothing was queued or retried');
    // .invalid never resolves (RFC 6761): no query leaves the machine.
    const dns = await journal().run([...ADD, '--api-base', 'https://svc.invalid', '--format', 'json']);
    expect(dns.exitCode).toBe(1);
    expect(JSON.parse(dns.stdout)).toMatchObject({ persisted: false, reason: 'timeout', detail: expect.stringMatching(/^transport failure \((ENOTFOUND|EAI_AGAIN)\)/) });
    expect(dns.stderr).toMatch(/not confirmed \(transport failure (ENOTFOUND|EAI_AGAIN), reason timeout\)/);
    const silent = createServer(() => undefined);
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = await journal().run([...ADD, '--api-base', `http://127.0.0.1:${(silent.address() as AddressInfo).port}`]);
    expect(slow.exitCode).toBe(1);
    expect(slow.stdout).toContain('Not confirmed by the platform: timeout\n');
    expect(slow.stdout).toContain('no complete answer within 1500 ms');
  });
});
