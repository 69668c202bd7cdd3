/** doors.ts: a further door registers its routes with the HTTP door's guard, request context and body limits. */
import { describe, expect, it } from 'vitest';
import { doorsPlugin } from '../../src/http/doors.js';
import type { HttpDoor } from '../../src/http/door.js';
import { errorsPlugin } from '../../src/http/error-handler.js';
import { guardPlugin } from '../../src/http/guard.js';
import { jsonBodyPlugin } from '../../src/http/json-body.js';
import { appWith, testKit } from './plugin-kit.js';

const door: HttpDoor = {
  routes: [{ method: 'POST', path: '/api/door' }],
  openApi: () => ({ paths: {}, tags: {} }),
  register(app, kit) {
    app.post('/api/door', { onRequest: kit.guard('key') }, async (request) => {
      kit.checkBody(request.body);
      return { actor: kit.context(request).caller.actorId };
    });
  },
};

describe('further doors', () => {
  it('get the guard (401 without the key), the caller in the context, and the body limits', async () => {
    const kit = await testKit({ requireApiKey: true, apiKey: 'k-master-123456' }, { doors: [door] });
    const app = await appWith(kit, guardPlugin, errorsPlugin, jsonBodyPlugin, doorsPlugin);
    expect((await app.inject({ method: 'POST', url: '/api/door', payload: {} })).statusCode).toBe(401);
    const headers = { 'x-svc-api-key': 'k-master-123456' };
    const ok = await app.inject({ method: 'POST', url: '/api/door', payload: {}, headers });
    expect(ok.json()).toEqual({ actor: 'local-user' });
    expect(ok.headers['x-ratelimit-limit']).toBeDefined();
    const long = await app.inject({ method: 'POST', url: '/api/door', payload: { s: 'x'.repeat(70_000) }, headers });
    expect(long.json()).toMatchObject({ error: { reason: 'body_limits' } });
  });
});
