/** limits.ts: connection cap, header timeout, and a limiter the server opened is closed with it. */
import { describe, expect, it } from 'vitest';
import { limitsPlugin } from '../../src/http/limits.js';
import { FixedWindowLimiter } from '../../src/http/rate-limit.js';
import { appWith, testKit } from './plugin-kit.js';

class CountingLimiter extends FixedWindowLimiter {
  closed = 0;
  override async close(): Promise<void> {
    this.closed += 1;
  }
}

describe('server limits', () => {
  it('caps connections and header time from the configuration', async () => {
    const app = await appWith(await testKit({ maxConnections: 77, headersTimeoutMs: 4321 }), limitsPlugin);
    await app.ready();
    expect(app.server.maxConnections).toBe(77);
    expect(app.server.headersTimeout).toBe(4321);
  });

  it('closes the limiter it owns, and not one it was given', async () => {
    for (const ownsLimiter of [true, false]) {
      const limiter = new CountingLimiter(10, 1000);
      const app = await appWith(await testKit({}, { limiter, ownsLimiter }), limitsPlugin);
      await app.close();
      expect(limiter.closed, String(ownsLimiter)).toBe(ownsLimiter ? 1 : 0);
    }
  });
});
