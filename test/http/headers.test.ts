/** headers.ts: the common headers, set once per request, and `connection: close` once the server is closing. */
import { describe, expect, it } from 'vitest';
import { guardPlugin, createGuards } from '../../src/http/guard.js';
import { lifecyclePlugin } from '../../src/http/headers.js';
import { appWith, testKit } from './plugin-kit.js';

describe('common headers and the lifecycle', () => {
  it('sets request id, no-store, API version and nosniff; connection: close once close() has begun', async () => {
    const kit = await testKit();
    const app = await appWith(kit, lifecyclePlugin, guardPlugin);
    const open = createGuards(kit).of({ access: 'public' }, true);
    app.get('/x', { onRequest: open }, async () => ({ ok: true }));
    const res = await app.inject('/x');
    expect(res.headers).toMatchObject({ 'x-request-id': 'req-1', 'cache-control': 'no-store', 'x-svc-api-version': 'v1', 'x-content-type-options': 'nosniff' });
    expect(res.headers.connection).not.toBe('close');
    expect(kit.lifecycle.closing).toBe(false);
    await app.close();
    expect(kit.lifecycle.closing).toBe(true);
  });
});
