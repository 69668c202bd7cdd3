/**
 * The regime's net position never averages fewer hours, or sums fewer borders, silently: a border
 * whose day lacks hours (the shipped hourly RO and MD documents of 01.11.2022; the shipped daily net
 * positions of 01.04.2023, 3 hours or fewer) is named in `missing` and in its input's name.
 */
import { describe, expect, it } from 'vitest';
import { regime } from '../../src/ops/market/regime.js';
import { openMemoryStores } from '../../src/store/sqlite/index.js';
import { call, localCtx } from './helpers.js';

const ctx = () => {
  const stores = openMemoryStores();
  return { ...localCtx(), stores: () => Promise.resolve(stores) };
};

describe('regime over incomplete flows', () => {
  it('names the borders whose hourly day lacks hours, with the hours, and still answers', async () => {
    const r = await call(regime, ctx(), { date: '01.11.2022' });
    expect(r.flow.netImportMw).not.toBeNull();
    expect(r.missing).toEqual([
      { name: 'flows RO', reason: expect.stringMatching(/1 of 24 hours \(01\.11\.2022 09\).*over the 23 hours with data/) as unknown as string },
      { name: 'flows MD', reason: expect.stringMatching(/1 of 24 hours \(01\.11\.2022 15\).*over the 23 hours with data/) as unknown as string },
    ]);
    const flowInputs = r.inputs.filter((i) => i.name.startsWith('flows ')).map((i) => i.name);
    expect(flowInputs).toEqual(['flows PL', 'flows SK', 'flows HU', 'flows RO (23 of 24 hours)', 'flows MD (23 of 24 hours)']);
  });

  it('a complete hourly day names nothing', async () => {
    const r = await call(regime, ctx(), { date: '31.10.2022' });
    expect(r.missing).toEqual([]);
  });

  it('names the borders whose shipped daily net position is over part of the day', async () => {
    const r = await call(regime, ctx(), { date: '01.04.2023' });
    expect(r.missing.map((m) => m.name)).toEqual(['flows PL', 'flows SK', 'flows HU', 'flows RO', 'flows MD']);
    expect(r.missing.find((m) => m.name === 'flows RO')?.reason).toMatch(/over 1 of 24 hours/);
    expect(r.inputs.find((i) => i.name.startsWith('flows RO'))?.name).toMatch(/daily net, 1 of 24 hours/);
  });

  it('says which shipped series covers 01.02.2022–31.03.2023 when a day has no flows', async () => {
    const r = await call(regime, ctx(), { date: '15.01.2024' });
    expect(r.missing).toHaveLength(1);
    expect(r.missing[0]?.reason).toMatch(/daily net positions 01\.02\.2022–31\.03\.2023 in fixtures\/tsoplatform\/flows-daily-net-2022-02_2023-03\.csv, hourly documents 28\.10–01\.11\.2022 and 25–27\.03\.2023/);
  });
});

describe("the regime's inputs table", () => {
  it('says where each input came from in one Source column (no Status column repeating it)', async () => {
    const r = await call(regime, ctx(), { date: '01.11.2022' });
    const view = regime.cli?.view as unknown as { blocks(r: unknown, t: unknown): unknown[] };
    const t = { lang: 'en', bold: (x: string) => x, paint: (_c: string, x: string) => x, money: (v: number) => String(v) };
    const live = { ...r, inputs: [...r.inputs.slice(0, 1), { name: 'x live', date: r.date, source: 'live', status: 'fresh', fetchedAt: '2026-12-06T10:00:00.000Z' }, { name: 'x cached', date: r.date, source: 'cache', status: 'stale', fetchedAt: '2026-12-05T10:00:00.000Z' }] };
    const table = (out: unknown[]) => (out.find((b) => typeof b === 'object' && b !== null && 'table' in b) as { table: { head: string[]; rows: string[][] } }).table;
    const shipped = table(view.blocks(r, t));
    expect(shipped.head).toEqual(['Input', 'Date', 'Source']);
    expect(new Set(shipped.rows.map((row) => row[2]))).toEqual(new Set(['shipped fixture data']));
    expect(table(view.blocks(live, t)).rows.map((row) => row[2])).toEqual(['shipped fixture data', 'live', 'stale cached copy']);
    // The stderr line says the same words.
    const remarks = (regime.cli?.remarks as (x: unknown) => { warn?: string }[])(live);
    expect(remarks[0]?.warn).toMatch(/^regime inputs not live: flows PL \(shipped fixture data\); x cached \(stale cached copy\)$/);
  });
});
