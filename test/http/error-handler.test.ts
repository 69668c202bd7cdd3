/** error-handler.ts: the one error body with the status the code maps to; 404, 405 with Allow; a generic 500. */
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { errorsPlugin } from '../../src/http/error-handler.js';
import { defineOperation } from '../../src/ops/types.js';
import { z } from 'zod';
import { appWith, testKit } from './plugin-kit.js';

const op = defineOperation({
  id: 'test.thing', summary: 's', description: 'd', tags: ['t'], access: 'public',
  input: z.strictObject({}), output: z.strictObject({}),
  http: { method: 'POST', path: '/things/:id', inputFrom: 'body', successStatus: 200, errors: [] },
  async run() { return {}; },
});

describe('errors of the HTTP door', () => {
  it('maps each code to its status through the one table, with the common headers', async () => {
    const kit = await testKit();
    const app = await appWith(kit, errorsPlugin);
    app.get('/conflict', async () => { throw new SvcError('conflict', 'exists', { reason: 'dup' }); });
    app.get('/upstream', async () => { throw new SvcError('upstream_error', 'down'); });
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'exists', reason: 'dup', requestId: 'req-1' } });
    expect(res.headers).toMatchObject({ 'x-request-id': 'req-1', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect((await app.inject('/upstream')).statusCode).toBe(502);
  });

  it('an unexpected failure is a generic 500: no message, no stack', async () => {
    const app = await appWith(await testKit(), errorsPlugin);
    app.get('/boom', async () => { throw new Error('secret-db-password in a stack'); });
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({ error: { code: 'internal_error' } });
  });

  it('404 for an unknown path, 405 with Allow for a known path under another method', async () => {
    const app = await appWith(await testKit({}, { operations: [op] }), errorsPlugin);
    const missing = await app.inject('/nothing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found', reason: 'unknown_route' } });
    const wrong = await app.inject('/things/7');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.headers['x-svc-security-mode']).toBe('public-demo');
  });
});
