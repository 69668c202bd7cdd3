/** End-to-end: the built svc runs the transmission-platform and depth commands on the shipped fixtures. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const env = (dir: string, extra: Record<string, string | undefined> = {}) => ({ env: { SVC_DATA_DIR: dir, SVC_TSOPLATFORM_TOKEN: undefined, ...extra } });

describe('svc flows / system / regime', () => {
  it('flows: json carries fixture source and 23 periods on the spring clock change; csv has one row per period', async () => {
    const dir = tempDir('svc-flows-');
    const json = await cli(['flows', '--border', 'HU', '--date', '26.03.2023', '--format', 'json'], env(dir));
    expect(json.exitCode).toBe(0);
    const body = JSON.parse(json.stdout) as { source: string; hours: unknown[] };
    expect(body.source).toBe('fixture');
    expect(body.hours).toHaveLength(23);
    expect(json.stderr).toMatch(/source: fixture/);
    const csv = await cli(['flows', '--border', 'HU', '--date', '26.03.2023', '--format', 'csv'], env(dir));
    expect(csv.stdout.trim().split('\n')).toHaveLength(24);
    const table = await cli(['flows', '--border', 'HU', '--date', '26.03.2023'], env(dir));
    expect(table.stdout).toMatch(/Net flow by hour/);
    const bad = await cli(['flows', '--border', 'XX'], env(dir));
    expect(bad.exitCode).toBe(2);
    // The flag the user typed, not the API's field name.
    expect(bad.stderr).toMatch(/^error: --border: /);
  });

  it('flows says a net export as an export, with its size; an import as an import; the JSON keeps the signed netImportMwh', async () => {
    const dir = tempDir('svc-flows-sign-');
    const hu = await cli(['flows', '--border', 'HU', '--date', '27.03.2023'], env(dir));
    expect(hu.stdout).toMatch(/\nNet export 10,981 MWh over all 24 hours\./);
    expect(hu.stdout).not.toMatch(/Net import -/);
    const json = JSON.parse((await cli(['flows', '--border', 'HU', '--date', '27.03.2023', '--format', 'json'], env(dir))).stdout) as { summary: { netImportMwh: number } };
    expect(json.summary.netImportMwh).toBe(-10981);
    expect((await cli(['flows', '--border', 'MD', '--date', '27.03.2023'], env(dir))).stdout).toMatch(/\nNet import 9,102 MWh over all 24 hours\./);
  });

  it('flows carry `period`, the settlement period of the Kyiv day, so they join a price book by (date, period) on clock-change days too', async () => {
    const dir = tempDir('svc-flows-period-');
    // The price book's long CSV: hour = period - 1 on every day (the autumn day: 24 of its 25 periods in the operator's export).
    const book = await cli(['prices', 'convert', join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv'), '--to', 'csv'], env(dir));
    for (const [border, date, periods] of [['PL', '30.10.2022', 25], ['HU', '26.03.2023', 23]] as const) {
      const json = JSON.parse((await cli(['flows', '--border', border, '--date', date, '--format', 'json'], env(dir))).stdout) as { hours: { hour: number; period: number }[] };
      expect(json.hours.map((h) => h.period)).toEqual(Array.from({ length: periods }, (_, i) => i + 1));
      // The wall-clock hour repeats 03 in autumn and skips 03 in spring: it cannot be the join key.
      expect(json.hours.map((h) => h.hour).join(',')).toBe(periods === 25 ? '0,1,2,3,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23' : '0,1,2,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23');
      const csv = (await cli(['flows', '--border', border, '--date', date, '--format', 'csv'], env(dir))).stdout.trim().split('\n');
      expect(csv[0]).toBe('tradeDate,hour,period,utcStart,fromToMw,toFromMw,netFlowMw');
      const flowPeriods = new Set(csv.slice(1).map((l) => Number(l.split(',')[2])));
      const pricePeriods = book.stdout.split('\n').filter((l) => l.startsWith(`${date},`)).map((l) => Number(l.split(',')[1]) + 1);
      expect(pricePeriods.length).toBe(periods === 25 ? 24 : 23);
      // Every price period has its one flow row.
      expect(pricePeriods.every((p) => flowPeriods.has(p))).toBe(true);
      expect(flowPeriods.size).toBe(periods);
    }
  });

  it('flows names what it lacks: a day without data, the missing days of a range, a missing hour (stderr, table; JSON gaps)', async () => {
    const dir = tempDir('svc-flows-gaps-');
    const none = await cli(['flows', '--border', 'HU', '--date', '15.01.2023'], env(dir));
    expect(none.exitCode).toBe(0);
    expect(none.stdout).toMatch(/No flow data for 15\.01\.2023 \(the shipped hourly flows hold 28\.10–01\.11\.2022 and 25–27\.03\.2023 only\)/);
    expect(none.stdout).not.toMatch(/Net import 0 MWh/);
    // Said once in the table (its body), on stderr for CSV.
    expect(none.stderr).not.toMatch(/no flow data/);
    const noneCsv = await cli(['flows', '--border', 'HU', '--date', '15.01.2023', '--format', 'csv'], env(dir));
    expect(noneCsv.stderr).toMatch(/flows UA ↔ HU: no flow data for 15\.01\.2023/);
    const noneJson = JSON.parse((await cli(['flows', '--border', 'HU', '--date', '15.01.2023', '--format', 'json'], env(dir))).stdout) as { noData: boolean; gaps: { missing: string[] } };
    expect(noneJson).toMatchObject({ noData: true, gaps: { missing: ['15.01.2023'] } });
    const range = await cli(['flows', '--border', 'HU', '--from', '20.10.2022', '--to', '15.11.2022'], env(dir));
    expect(range.stderr).not.toMatch(/no flow data/);
    const rangeCsv = await cli(['flows', '--border', 'HU', '--from', '20.10.2022', '--to', '15.11.2022', '--format', 'csv'], env(dir));
    expect(rangeCsv.stderr).toMatch(/flows UA ↔ HU: no flow data on 22 of 27 days \(20\.10\.2022–27\.10\.2022, 02\.11\.2022–15\.11\.2022\)/);
    expect(range.stdout).toMatch(/Net export 23,401 MWh over the 121 of 649 hours with data; no flow data on 22 of 27 days \(20\.10\.2022–27\.10\.2022, 02\.11\.2022–15\.11\.2022\)\./);
    const ro = await cli(['flows', '--border', 'RO', '--date', '01.11.2022', '--format', 'csv'], env(dir));
    expect(ro.stderr).toMatch(/flows UA ↔ RO: no net flow in 1 of 24 hours \(01\.11\.2022 09\)/);
    // An hour is said in the table's summary line and on stderr.
    expect((await cli(['flows', '--border', 'RO', '--date', '01.11.2022'], env(dir))).stderr).toMatch(/no net flow in 1 of 24 hours \(01\.11\.2022 09\)/);
    const full = await cli(['flows', '--border', 'PL', '--date', '30.10.2022'], env(dir));
    expect(full.stdout).toMatch(/over all 25 hours/);
    expect(full.stderr).not.toMatch(/no net flow|no flow data/);
  });

  it('system serves no synthetic day without a token: exit 1 (the source is not configured, not bad input), saying what to set; regime renders from the fixtures', async () => {
    const dir = tempDir('svc-sys-');
    const sys = await cli(['system', '--date', '01.11.2022'], env(dir));
    expect(sys.exitCode).toBe(1);
    expect(sys.stderr).toMatch(/^error: no load or generation data for 01\.11\.2022 without SVC_TSOPLATFORM_TOKEN: set SVC_TSOPLATFORM_TOKEN to an ENTSO-E Transparency Platform security token to read it from the transmission platform; svc ships none to fall back on/);
    // Fixture mode is not asked either, token or not: the message says to leave it.
    const fixture = await cli(['system', '--date', '01.11.2022'], env(dir, { SVC_MARKET_DATA: 'fixture', SVC_TSOPLATFORM_TOKEN: 'secret-token-x' }));
    expect(fixture.exitCode).toBe(1);
    expect(fixture.stderr).toMatch(/with SVC_MARKET_DATA=fixture \(the network is never asked\): set SVC_MARKET_DATA=auto \(or live\) to read it/);
    expect(fixture.stderr).not.toMatch(/secret-token-x/);
    // A bad date is still bad input.
    expect((await cli(['system', '--date', '31.02.2024'], env(dir))).exitCode).toBe(2);
    const reg = await cli(['regime', '--date', '01.11.2022', '--format', 'json'], env(dir, { SVC_MARKET_DATA: 'fixture' }));
    expect(['scarce', 'balanced', 'surplus']).toContain((JSON.parse(reg.stdout) as { regime: string }).regime);
  });
});

describe('svc depth and svc zones', () => {
  it('imports a book and walks it', async () => {
    const dir = tempDir('svc-depth-');
    expect((await cli(['depth', 'import', join(ROOT, 'examples', 'depth-sample.csv')], env(dir))).exitCode).toBe(0);
    const show = await cli(['depth', 'show', '--date', '02.03.2026', '--sizes', '5,60', '--side', 'buy', '--format', 'json'], env(dir));
    const body = JSON.parse(show.stdout) as { hours: { fills: { fillableMwh: number; risk: string }[] }[] };
    expect(body.hours[0]?.fills.map((f) => [f.fillableMwh, f.risk])).toEqual([[5, 'low'], [35, 'extreme']]);
    // The table's headers say their units, wrapped inside the column.
    const table = await cli(['depth', 'show', '--date', '02.03.2026', '--sizes', '5,60', '--side', 'buy'], env(dir));
    const heads = table.stdout.split('\n').filter((l) => l.startsWith('│')).slice(0, 3).map((l) => l.split('│').map((c) => c.trim()).slice(1, -1));
    expect(heads.map((h) => h.join(' ').replace(/ +/g, ' ').trim())).toEqual(['Side Size, MWh Fillable, VWAP, Slip vs best, Slip vs best, Slip vs Risk', 'MWh UAH/MWh UAH/MWh % clearing,', 'UAH/MWh']);
    expect((await cli(['depth', 'show', '--date', '03.03.2026'], env(dir))).exitCode).toBe(2);
  });

  it('imports regional values and shows licensed zones only', async () => {
    const dir = tempDir('svc-zones-');
    expect((await cli(['zones', 'import', join(ROOT, 'examples', 'zones-sample.csv')], env(dir))).exitCode).toBe(0);
    const lic = { SVC_REGIONAL_LICENSED_ZONES: 'PL', SVC_REGIONAL_LICENCE: 'CC-BY-4.0', SVC_REGIONAL_ATTRIBUTION: 'Sample' };
    const csv = await cli(['zones', 'show', '--date', '01.11.2022', '--format', 'csv'], env(dir, lic));
    expect(csv.stdout.trim().split('\n')).toHaveLength(2);
    expect(csv.stdout).toMatch(/PL,152\.1/);
  });
});
