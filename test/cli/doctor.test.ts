/**
 * End-to-end, without network: the regime of a 2024 day from the real shipped series when every
 * host is unreachable (the offline path of SVC_MARKET_DATA=auto), the guard that fails a run
 * pointed at a real default address, and `svc doctor` against a local replay server and a closed
 * local port.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { cli } from './in-process.js';

const DEAD = 'http://127.0.0.1:9';
const offline = {
  SVC_MARKET_DATA: 'auto', SVC_MKTOP_BASE_URL: DEAD, SVC_MKTOP_API_BASE_URL: `${DEAD}/api`, SVC_RATES_BASE_URL: `${DEAD}/rates`, SVC_UARES_BASE_URL: `${DEAD}/uares`,
  SVC_TSOPLATFORM_BASE: `${DEAD}/api`, SVC_MKTOP_RETRIES: '0', SVC_TSOPLATFORM_TOKEN: undefined,
};

/** The basis of a day computed here from the shipped files, independently of svc's code path. */
function expectedBasis(date: string): number {
  const ua = readFileSync(join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv'), 'utf8').split('\n').filter((l) => l.startsWith(`${date},`)).map((l) => Number(l.split(',')[2]));
  const rate = Number(readFileSync(join(ROOT, 'fixtures', 'rates', 'uah-per-eur-nbu-2022-2025.csv'), 'utf8').split('\n').find((l) => l.startsWith(`${date},`))?.split(',')[1]);
  const eu = readFileSync(join(ROOT, 'fixtures', 'eu-dam', 'daily-base-eur-mwh-2022-2025.csv'), 'utf8').split('\n').filter((l) => l.startsWith(`${date},`)).map((l) => Number(l.split(',')[2]));
  expect(ua).toHaveLength(24);
  expect(eu).toHaveLength(4);
  return ua.reduce((s, v) => s + v, 0) / ua.length / rate - eu.reduce((s, v) => s + v, 0) / eu.length;
}

let server: Server;
let up: string;
beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  up = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('svc regime offline', () => {
  it('answers 15.01.2024 from the real shipped series, says so on stderr, and names the missing flows', async () => {
    const r = await cli(['regime', '--date', '15.01.2024', '--format', 'json'], { env: offline });
    expect(r.exitCode, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { basis: { valueEurMwh: number; neighbours: string[] }; rate: { uahPerEur: number; source: string }; flow: { netImportMw: number | null }; missing: { name: string }[]; inputs: { source: string }[] };
    // Rendered to the unit's precision (docs/limits.md): EUR/MWh to 0.001.
    expect(Math.abs(body.basis.valueEurMwh - expectedBasis('15.01.2024'))).toBeLessThanOrEqual(0.0005);
    expect(body.basis.neighbours).toEqual(['HU', 'PL', 'RO', 'SK']);
    expect(body.rate).toMatchObject({ uahPerEur: 41.3879, source: 'fixture fixtures/rates/uah-per-eur-nbu-2022-2025.csv' });
    expect(body.flow.netImportMw).toBeNull();
    expect(body.missing.map((m) => m.name)).toEqual(['cross-border flows']);
    expect(body.inputs.every((i) => i.source === 'fixture')).toBe(true);
    expect(r.stderr).toMatch(/shipped fixture data/);
    expect(r.stderr).toMatch(/cross-border flows missing/);
  });

  it('the table says a missing net position in a short cell; why, once, in the stderr warning', async () => {
    const r = await cli(['regime', '--date', '15.01.2024'], { env: offline });
    expect(r.exitCode, r.stderr).toBe(0);
    const row = r.stdout.split('\n').find((l) => l.includes('net position')) ?? '';
    expect(row).toMatch(/│ net position +│ missing: no flow data for the day \(see the warning\) +│$/);
    expect(row.length).toBeLessThan(120);
    expect(r.stdout).not.toMatch(/no real flow data|\(\(/);
    const why = r.stderr.split('\n').filter((l) => l.includes('no real flow data for 15.01.2024'));
    expect(why).toEqual([expect.stringMatching(/^warning: regime input cross-border flows missing: no real flow data for 15\.01\.2024 /)]);
  });

  it('a 2022 day takes its net position from the real daily flows', async () => {
    const r = await cli(['regime', '--date', '15.06.2022', '--format', 'json'], { env: offline });
    expect(r.exitCode, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { basis: { valueEurMwh: number }; flow: { netImportMw: number | null; borders: { border: string; netImportMw: number | null }[] }; missing: unknown[] };
    const rows = readFileSync(join(ROOT, 'fixtures', 'tsoplatform', 'flows-daily-net-2022-02_2023-03.csv'), 'utf8').split('\n').filter((l) => l.startsWith('15.06.2022,'));
    expect(rows).toHaveLength(5);
    const net = rows.reduce((s, l) => s + Number(l.split(',')[2]), 0);
    expect(Math.abs((body.flow.netImportMw ?? NaN) - net)).toBeLessThanOrEqual(0.01);
    expect(body.missing).toEqual([]);
    expect(Math.abs(body.basis.valueEurMwh - expectedBasis('15.06.2022'))).toBeLessThanOrEqual(0.0005);
  });

  it('a day no real series covers is inputs_missing, never a made-up value', async () => {
    const r = await cli(['regime', '--date', '15.06.2021', '--format', 'json'], { env: offline });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/inputs_missing|regime inputs missing/);
  });

  it('a provider left on its real default address fails the run under the test suite', async () => {
    const r = await cli(['regime', '--date', '15.01.2024'], { env: { SVC_MARKET_DATA: 'auto', SVC_TSOPLATFORM_TOKEN: undefined } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toMatch(/BALANCED|SCARCE|SURPLUS/);
  });
});

describe('svc doctor', () => {
  it('lists every source; exit 0 when the operator answers, 1 when it does not; never a token value', async () => {
    const env = { ...offline, SVC_MKTOP_BASE_URL: up, SVC_TSOPLATFORM_TOKEN: 'secret-token-doctor' };
    const ok = await cli(['doctor', '--format', 'json', '--timeout-ms', '1000'], { env });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stdout).not.toContain('secret-token-doctor');
    const body = JSON.parse(ok.stdout) as { ok: boolean; sources: { id: string; reachable: boolean | null; tokenSet: boolean | null; defaultAddress: boolean; fallback: string; canAnswer: boolean }[] };
    expect(body.ok).toBe(true);
    expect(body.sources.map((s) => s.id)).toEqual(['mktop', 'exch', 'tsoplatform', 'gridop', 'rates', 'eudam', 'uares', 'regional']);
    const by = Object.fromEntries(body.sources.map((s) => [s.id, s]));
    expect(by.mktop).toMatchObject({ reachable: true, tokenSet: false, defaultAddress: false, canAnswer: true });
    expect(by.tsoplatform).toMatchObject({ reachable: false, tokenSet: true });
    expect(by.rates).toMatchObject({ reachable: false, tokenSet: null });
    expect(by.rates?.fallback).toMatch(/uah-per-eur-nbu-2022-2025\.csv/);
    expect(by.exch).toMatchObject({ reachable: null });

    const down = await cli(['doctor'], { env: offline });
    expect(down.exitCode).toBe(1);
    expect(down.stdout).toMatch(/mktop/);
    expect(down.stderr).toMatch(/mktop \(unreachable: .*, and no fresh cached copy\)/);

    // Without the probe nothing is known of the host: said so, not the mode's description.
    const unprobed = await cli(['doctor', '--no-probe'], { env });
    expect(unprobed.exitCode).toBe(1);
    expect(unprobed.stderr).toMatch(/mktop \(not probed \(--no-probe\) and no fresh cached copy\)/);
  });

  it('the table wraps its long cells at spaces, as the risk table does (it was ~355 columns); the CSV keeps every field whole', async () => {
    const env = { SVC_MARKET_DATA: 'fixture' };
    const r = await cli(['doctor'], { env });
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('│') || l.startsWith('┌'));
    // The widest cells left are words that cannot break (the rates address, 60 characters).
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(200);
    const tso = lines.findIndex((l) => l.startsWith('│ tsoplatform '));
    expect(lines[tso]).toMatch(/│ https:\/\/web-api\.tp\.entsoe\.eu\/api +│ no +│/);
    expect(lines[tso + 1]).toMatch(/^│ +│ \(default\) +│ \(SVC_TSOPLATFORM_TOKEN\) │/);
    const csv = await cli(['doctor', '--format', 'csv'], { env });
    expect(csv.stdout.split('\n')[0]).toBe('id,name,address,defaultAddress,tokenEnv,tokenSet,live,liveWhy,reachable,reachableDetail,newestPeriod,newestFetchedAt,ageHours,freshness,lastSeen,fallback,canAnswer,neededByBrief');
    expect(csv.stdout).toContain('hourly documents of 8 days, 28.10–01.11.2022 and 25–27.03.2023, for svc flows; daily net positions for the regime');
  });

  it('fixture mode probes nothing, token or not, and says why the brief cannot answer live', async () => {
    let hits = 0;
    const counting = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
    try {
      const env = { SVC_MARKET_DATA: 'fixture', SVC_MKTOP_BASE_URL: at, SVC_RATES_BASE_URL: at, SVC_UARES_BASE_URL: at, SVC_TSOPLATFORM_BASE: `${at}/api`, SVC_TSOPLATFORM_TOKEN: 'secret-token-fixture' };
      const r = await cli(['doctor', '--format', 'json'], { env });
      const body = JSON.parse(r.stdout) as { sources: { id: string; reachable: boolean | null; liveWhy: string }[] };
      expect(hits).toBe(0);
      expect(body.sources.every((x) => x.reachable === null)).toBe(true);
      expect(body.sources.find((x) => x.id === 'tsoplatform')?.liveWhy).toMatch(/SVC_MARKET_DATA=fixture/);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/mktop \(SVC_MARKET_DATA=fixture: the network is never asked\)/);
      expect(r.stdout + r.stderr).not.toContain('secret-token-fixture');
    } finally {
      await new Promise<void>((resolve) => counting.close(() => resolve()));
    }
  });
});
