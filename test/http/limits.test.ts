/** limits.ts: connection caps, header timeout and its checking interval, and a limiter the server opened is closed with it. */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { capPerAddress, checkingIntervalMs, limitsPlugin, nodeServerOptions, trustedPeers } from '../../src/http/limits.js';
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

  it('checks the header and request timeouts ten times per the shorter, between every 100 ms and every second; Host is checked by the door', () => {
    expect(checkingIntervalMs({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 })).toBe(1_000);
    expect(checkingIntervalMs({ headersTimeoutMs: 5_000, requestTimeoutMs: 3_000 })).toBe(300);
    expect(checkingIntervalMs({ headersTimeoutMs: 500, requestTimeoutMs: 500 })).toBe(100);
    expect(nodeServerOptions({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 })).toEqual({ connectionsCheckingInterval: 1_000, requireHostHeader: false });
  });

  it('trusted peers: none, every peer with a hop count, the listed addresses and subnets', () => {
    expect(trustedPeers(false)('10.0.0.2')).toBe(false);
    expect(trustedPeers(1)('203.0.113.1')).toBe(true);
    const listed = trustedPeers(['10.0.0.2', '192.168.0.0/16', '::1']);
    expect(['10.0.0.2', '192.168.7.9', '::1'].map(listed)).toEqual([true, true, true]);
    expect(['10.0.0.3', '203.0.113.1', '::2'].map(listed)).toEqual([false, false, false]);
  });

  it('caps connections per peer address (IPv4-mapped counted as IPv4), exempts trusted peers, and frees a slot on close', () => {
    const server = new EventEmitter();
    capPerAddress(server as never, 2, (address) => address === '10.0.0.2');
    const open = (remoteAddress: string) => {
      const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false, destroy() { this.destroyed = true; } });
      server.emit('connection', socket as unknown as Socket);
      return socket;
    };
    const [a, b] = [open('203.0.113.1'), open('::ffff:203.0.113.1')];
    expect(open('203.0.113.1').destroyed).toBe(true);
    expect(open('203.0.113.2').destroyed).toBe(false);
    expect(Array.from({ length: 5 }, () => open('10.0.0.2').destroyed)).toEqual([false, false, false, false, false]);
    expect([a.destroyed, b.destroyed]).toEqual([false, false]);
    a.emit('close');
    expect(open('203.0.113.1').destroyed).toBe(false);
  });
});
