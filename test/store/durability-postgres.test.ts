/**
 * Audit durability on PostgreSQL, as test/store/durability.test.ts proves it for SQLite: `svc serve`
 * on SVC_DATABASE_URL is killed with SIGKILL while clients write; every event acknowledged 201 is in
 * the database afterwards. Needs SVC_TEST_DATABASE_URL (a server: PGlite is one process only).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStores } from '../../src/store/postgres/index.js';
import { auditBody, call, dropSchema, MASTER, startInstance, TEST_DATABASE_URL, uniqueName } from '../cluster/serve.js';

const KILL_AFTER = 150;
const WRITERS = 4;
const schemas: string[] = [];
afterAll(async () => {
  for (const s of schemas) await dropSchema(s);
});

describe.skipIf(TEST_DATABASE_URL !== undefined)('durability under SIGKILL: postgres', () => {
  it.skip('skipped: SVC_TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test): kill -9 of svc serve on PostgreSQL was not tested', () => {});
});

describe.runIf(TEST_DATABASE_URL !== undefined)('durability under SIGKILL: postgres (svc serve, SVC_DATABASE_URL)', () => {
  it.each([1, 2, 3])('run %i: every event acknowledged 201 survives kill -9 of the server', async () => {
    const schema = uniqueName('svc_durable');
    schemas.push(schema);
    const server = await startInstance({ SVC_DATABASE_URL: TEST_DATABASE_URL ?? '', SVC_DATABASE_SCHEMA: schema, SVC_RATE_LIMIT_PER_MINUTE: '1000000' });
    const acked: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const r = await call<{ event: { id: string } }>(server.url, 'POST', '/api/audit/events', MASTER, auditBody(w * 100_000 + i));
          if (r.status === 201) acked.push(r.body.event.id);
        } catch {
          return;
        }
        // A different moment in each writer's request cycle each time.
        if (acked.length >= KILL_AFTER + Math.floor(Math.random() * 50) && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const stores = await openPostgresStores({ url: TEST_DATABASE_URL ?? '', schema, poolMax: 2 });
    try {
      const tenants = await stores.sql.query<{ tenant_id: string }>('SELECT DISTINCT tenant_id FROM audit_events');
      expect(tenants.rows).toHaveLength(1);
      const tenant = tenants.rows[0]?.tenant_id ?? '';
      const stored = new Set((await stores.audit.all(tenant)).map((e) => e.id));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size - acked.length).toBeGreaterThanOrEqual(0);
      expect(stored.size - acked.length).toBeLessThanOrEqual(WRITERS);
    } finally {
      await stores.close();
    }
  }, 60_000);
});
