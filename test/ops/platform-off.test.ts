/**
 * The one rule of when the transmission platform is asked (platformOff, src/ops/grid/tsoplatform-shared.ts):
 * SVC_MARKET_DATA=fixture first, token or not, then the token. Every phrase that says why it was
 * not asked comes from its answer: the fixture note, the clause of `svc system`'s error and of the
 * regime's `missing`, the ingest's skipped line.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { systemOperations } from '../../src/ops/grid/system-operations.js';
import { couplingFlows } from '../../src/ops/grid/coupling.js';
import { regime } from '../../src/ops/market/regime.js';
import { platformOff, platformLive, tsoDeps } from '../../src/ops/grid/tsoplatform-shared.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { fitCacheEnv, testDataDir } from '../temp-data-dir.js';
import { call, localCtx } from './helpers.js';

const CLOSED = 'http://127.0.0.1:9';
const configOf = (env: Record<string, string>) =>
  loadConfig({ SVC_TSOPLATFORM_BASE: CLOSED, SVC_MKTOP_BASE_URL: CLOSED, SVC_MKTOP_RETRIES: '0', SVC_RATES_BASE_URL: CLOSED, SVC_UARES_BASE_URL: CLOSED, ...fitCacheEnv(), ...env }, { dataDir: testDataDir() });
const ctxOf = (env: Record<string, string>) => {
  const stores = openMemoryStores();
  return { ...localCtx(), config: configOf(env), stores: () => Promise.resolve(stores) };
};

const SET_TOKEN = 'set SVC_TSOPLATFORM_TOKEN to an ENTSO-E Transparency Platform security token';
const FIXTURE = { cause: 'fixture_mode', note: 'SVC_MARKET_DATA=fixture: the network is never asked', clause: 'with SVC_MARKET_DATA=fixture (the network is never asked)' };
const NO_TOKEN = { cause: 'no_token', note: 'No SVC_TSOPLATFORM_TOKEN configured', clause: 'without SVC_TSOPLATFORM_TOKEN', remedy: SET_TOKEN };

describe('platformOff: the one rule, fixture mode before the token', () => {
  it.each([
    ['fixture mode, token set', { SVC_MARKET_DATA: 'fixture', SVC_TSOPLATFORM_TOKEN: 't-1' }, { ...FIXTURE, remedy: 'set SVC_MARKET_DATA=auto (or live)' }],
    ['fixture mode, no token', { SVC_MARKET_DATA: 'fixture' }, { ...FIXTURE, remedy: `${SET_TOKEN} and SVC_MARKET_DATA=auto (or live)` }],
    ['auto, no token', { SVC_MARKET_DATA: 'auto' }, NO_TOKEN],
    ['live, no token', { SVC_MARKET_DATA: 'live' }, NO_TOKEN],
    ['auto, token set', { SVC_MARKET_DATA: 'auto', SVC_TSOPLATFORM_TOKEN: 't-1' }, null],
  ])('%s', (_name, env, want) => {
    expect(platformOff(configOf(env))).toEqual(want);
    expect(platformLive(configOf(env))).toBe(want === null);
  });

  it("the fixture note of a read says platformOff's reason, also in fixture mode without a token", async () => {
    expect(tsoDeps(ctxOf({ SVC_MARKET_DATA: 'fixture' })).offline).toBe(FIXTURE.note);
    const r = await call(couplingFlows, ctxOf({ SVC_MARKET_DATA: 'fixture' }), { border: 'PL', date: '30.10.2022' });
    expect(r.freshness.note).toBe(`${FIXTURE.note}: shipped fixture data.`);
    const auto = await call(couplingFlows, ctxOf({ SVC_MARKET_DATA: 'auto' }), { border: 'PL', date: '30.10.2022' });
    expect(auto.freshness.note).toBe(`${NO_TOKEN.note}: shipped fixture data.`);
  });

  it("svc system's error and the regime's missing flows say the same clause", async () => {
    for (const [env, want] of [[{ SVC_MARKET_DATA: 'fixture' }, FIXTURE], [{ SVC_MARKET_DATA: 'auto' }, NO_TOKEN]] as const) {
      await expect(call(systemOperations, ctxOf(env), { date: '01.11.2022' })).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining(`for 01.11.2022 ${want.clause}: set `) });
      const r = await call(regime, ctxOf(env), { date: '15.01.2024' });
      expect(r.missing.find((m) => m.name === 'cross-border flows')?.reason).toContain(`no real flow data for 15.01.2024 ${want.clause} (`);
    }
  });
});
