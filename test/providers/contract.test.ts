/**
 * The provider contract's one status: what health and `svc doctor` both render, from settings,
 * the cache's newest fetch, what this process last saw, and (doctor only) a probe.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueStatus, healthEntry, sourceStatus, type SourceSettings } from '../../src/providers/contract.js';
import { forgetSeen, recordSeen } from '../../src/providers/last-seen.js';
import { mktopContract } from '../../src/providers/mktop/index.js';
import { probeSource } from '../../src/providers/probe.js';
import { PROVIDERS } from '../../src/providers/registry.js';
import { tsoplatformContract } from '../../src/providers/tsoplatform/index.js';

const now = new Date('2026-11-25T10:00:00Z');
const mktop = (over: Partial<SourceSettings> = {}): SourceSettings => ({
  mode: 'auto', address: 'http://127.0.0.1:9', defaultAddress: 'https://www.oree.com.ua', tokenSet: false, disabledBecause: null, maxAgeHours: 36, ...over,
});

let server: Server;
let up: string;
beforeAll(async () => {
  server = createServer((_q, res) => res.writeHead(401).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  up = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => forgetSeen());

describe('sourceStatus', () => {
  it('fixture mode is not live: pending, fixture fallback, cannot answer live or from cache', () => {
    const st = sourceStatus(mktopContract, mktop({ mode: 'fixture' }), now, null);
    expect(st).toMatchObject({ live: false, freshness: 'pending', canAnswer: false, tokenSet: false, defaultAddress: false });
    expect(st.fallback).toMatch(/oree-dam-ips-2022-2024\.csv/);
    expect(catalogueStatus(st, false)).toBe('review');
  });

  it('connected only after a live read succeeded; a later failure is what health says', () => {
    const before = sourceStatus(mktopContract, mktop(), now, null);
    expect(catalogueStatus(before, false)).toBe('review');
    expect(healthEntry(before, now)).toMatchObject({ providerId: 'mktop', status: 'pending', latestDataAt: null });
    recordSeen('mktop', { ok: true, at: '2026-11-25T09:00:00.000Z' });
    const fetched = sourceStatus(mktopContract, mktop(), now, { fetchedAt: '2026-11-25T09:00:00.000Z', period: '11.2026' });
    expect(fetched).toMatchObject({ freshness: 'fresh', ageHours: 1, canAnswer: true });
    expect(catalogueStatus(fetched, false)).toBe('connected');
    recordSeen('mktop', { ok: false, at: '2026-11-25T09:30:00.000Z', reason: 'upstream_unreachable' });
    const failed = sourceStatus(mktopContract, mktop(), now, { fetchedAt: '2026-11-25T09:00:00.000Z', period: '11.2026' });
    expect(catalogueStatus(failed, false)).toBe('review');
    expect(healthEntry(failed, now)?.detail).toMatch(/failed live read .* \(upstream_unreachable\)/);
    // The fresh cached copy still answers the brief.
    expect(failed.canAnswer).toBe(true);
  });

  it('stale past the max age; a token-gated source without its token is tokenRequired; a disabled one blocked', () => {
    const old = sourceStatus(mktopContract, mktop(), now, { fetchedAt: '2026-11-23T10:00:00.000Z', period: '11.2026' });
    expect(old).toMatchObject({ freshness: 'stale', ageHours: 48, canAnswer: false });
    const platform = sourceStatus(tsoplatformContract, { ...mktop(), tokenSet: false }, now, null);
    expect(platform).toMatchObject({ live: false, tokenSet: false });
    expect(catalogueStatus(platform, true)).toBe('tokenRequired');
    const off = sourceStatus(mktopContract, mktop({ disabledBecause: 'licence-gated' }), now, null);
    expect(off.freshness).toBe('blocked');
  });

  it('the probe decides whether a live source answers now', async () => {
    const reached = await probeSource(tsoplatformContract, up, 1000);
    expect(reached).toMatchObject({ reachable: true });
    expect(reached.detail).toMatch(/^HTTP 401/);
    const dead = await probeSource(tsoplatformContract, 'http://127.0.0.1:9/api', 1000);
    expect(dead.reachable).toBe(false);
    expect(sourceStatus(mktopContract, mktop(), now, null, dead).canAnswer).toBe(false);
    expect(sourceStatus(mktopContract, mktop(), now, null, reached).canAnswer).toBe(true);
  });
});

describe('the registry', () => {
  it('one contract per source, unique ids, health ids from the spec only', () => {
    const ids = PROVIDERS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(PROVIDERS.filter((p) => p.healthId !== null).map((p) => p.healthId)).toEqual(['mktop', 'exch', 'tsoplatform', 'gridop']);
    expect(PROVIDERS.filter((p) => p.neededByBrief).map((p) => p.id)).toEqual(['mktop']);
  });
});
