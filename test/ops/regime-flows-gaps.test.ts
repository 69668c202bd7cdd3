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
