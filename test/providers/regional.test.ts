/**
 * The regional-prices provider: the platform API's answers read into what multizone.prices serves
 * or why not (test/http/multi-zone.test.ts holds the route's reasons), what the client records as
 * last seen, and its status on the contract, switched by SVC_REGIONAL_SOURCE.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sourceStatus, type SourceSettings } from '../../src/providers/contract.js';
import { forgetSeen, lastSeen } from '../../src/providers/last-seen.js';
import { readRegionalPrices, regionalPricesUrl } from '../../src/providers/regional/client.js';
import { regionalContract } from '../../src/providers/regional/index.js';
import { parseRegionalAnswer } from '../../src/providers/regional/parse.js';
import { replayServer, type ReplayServer } from './tsoplatform-server.js';

const DATE = '01.11.2022';
const payload = (over: object = {}): string => JSON.stringify({ tradeDate: DATE, revision: 2, zones: [{ zone: 'pl', valueEurMwh: 99.5 }], ...over });

let api: ReplayServer;
beforeAll(async () => {
  api = await replayServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => forgetSeen());

describe('parseRegionalAnswer', () => {
  it('a 200 with the payload for the date is a group, zones upper-cased', () => {
    expect(parseRegionalAnswer(200, payload(), DATE)).toEqual({ kind: 'group', revision: 2, values: new Map([['PL', 99.5]]) });
  });

  it('a 200 outside the contract or for another date is an invalid payload', () => {
    for (const text of ['<html>', payload({ tradeDate: '02.11.2022' }), payload({ revision: 0 }), payload({ zones: [] })]) {
      expect(parseRegionalAnswer(200, text, DATE), text).toEqual({ kind: 'invalidPayload' });
    }
  });

  it("a 404 keeps one of the spec's reasons, else none; another status is the platform failing", () => {
    expect(parseRegionalAnswer(404, JSON.stringify({ reason: 'no_complete_revision_group' }), DATE)).toEqual({ kind: 'notServable', reason: 'no_complete_revision_group' });
    expect(parseRegionalAnswer(404, JSON.stringify({ reason: 'gone' }), DATE)).toEqual({ kind: 'notServable', reason: null });
    expect(parseRegionalAnswer(404, 'not json', DATE)).toEqual({ kind: 'notServable', reason: null });
    expect(parseRegionalAnswer(500, payload(), DATE)).toEqual({ kind: 'status', status: 500 });
  });
});

describe('readRegionalPrices', () => {
  it('keeps the base path and records what it saw', async () => {
    expect(regionalPricesUrl('http://h/api', DATE).href).toBe('http://h/api/multi-zone/prices?date=01.11.2022');
    expect(regionalPricesUrl('http://h/api/', DATE).href).toBe('http://h/api/multi-zone/prices?date=01.11.2022');
    let path = '';
    api.setHandler((url, _q, res) => {
      path = `${url.pathname}${url.search}`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(payload());
    });
    expect((await readRegionalPrices(`${api.baseUrl}/x`, DATE)).kind).toBe('group');
    expect(path).toBe('/api/x/multi-zone/prices?date=01.11.2022');
    expect(lastSeen('regional')).toMatchObject({ ok: true });
    api.setHandler((_u, _q, res) => res.writeHead(503).end());
    expect(await readRegionalPrices(api.baseUrl, DATE)).toEqual({ kind: 'status', status: 503 });
    expect(lastSeen('regional')).toMatchObject({ ok: false, reason: 'platform_unavailable' });
    expect(await readRegionalPrices('http://127.0.0.1:9', DATE)).toEqual({ kind: 'unreachable' });
  });

  it('never reaches a real host under the test runner', async () => {
    await expect(readRegionalPrices('https://example.org/api', DATE)).rejects.toThrow(/tests never reach real hosts/);
  });
});

describe('its status on the contract', () => {
  const settings = (ownSwitch: SourceSettings['ownSwitch']): SourceSettings => ({
    mode: 'fixture', address: 'http://127.0.0.1:9', defaultAddress: '', tokenSet: false, disabledBecause: null, maxAgeHours: 24, ownSwitch,
  });
  const now = new Date('2026-12-06T10:00:00Z');

  it('its own switch decides, not SVC_MARKET_DATA; off, it says what reads serve', () => {
    const on = sourceStatus(regionalContract, settings({ live: true, why: 'SVC_REGIONAL_SOURCE=api', otherwise: 'unused' }), now, null);
    expect(on).toMatchObject({ live: true, liveWhy: 'SVC_REGIONAL_SOURCE=api', fallback: 'nothing: an upstream error', tokenSet: null });
    const off = sourceStatus(regionalContract, settings({ live: false, why: 'SVC_REGIONAL_SOURCE=store', otherwise: "svc's own store" }), now, null);
    expect(off).toMatchObject({ live: false, fallback: "svc's own store", canAnswer: false });
  });
});
