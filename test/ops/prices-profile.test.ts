/**
 * `prices.profile`, a read-only operation added as one file plus its registration (issue 25): served
 * by invoke(), the HTTP route (checked against its OpenAPI entry by the harness), the MCP tool
 * catalog and the CLI command its `cli` binding derives, with no door edited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toolCatalog } from '../../src/mcp/catalog.js';
import { operations } from '../../src/ops/index.js';
import { pricesProfile } from '../../src/ops/market/prices-profile.js';
import { harness, post, type Harness } from '../http/harness.js';
import { FIXTURE, svc } from '../cli/helpers.js';
import { call, localCtx } from './helpers.js';

const day = (base: number) => Array.from({ length: 24 }, (_, h) => base + h * 10);
const prices = { '01.01.2025': day(1000), '02.01.2025': day(3000), '03.01.2025': day(8000) };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('prices.profile', () => {
  it('is the mean, min and max of each hour over the days inside [from, to]', async () => {
    const out = await call(pricesProfile, localCtx(), { prices, to: '02.01.2025' });
    expect(out.days).toBe(2);
    expect(out.hours).toHaveLength(24);
    expect(out.hours[5]).toEqual({ hour: 5, meanUahMwh: 2050, minUahMwh: 1050, maxUahMwh: 3050 });
    expect(await call(pricesProfile, localCtx(), { prices, from: '04.01.2025' })).toEqual({ days: 0, hours: [] });
    await expect(call(pricesProfile, localCtx(), { prices: { '01.01.2025': [1] } })).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('is an HTTP route and an MCP tool, from its bindings alone', async () => {
    h = await harness();
    const res = await h.inject(post('/api/prices/profile', { prices }));
    expect(res.statusCode).toBe(200);
    expect(h.json<{ days: number; hours: Array<{ meanUahMwh: number }> }>(res).hours[0]?.meanUahMwh).toBeCloseTo(4000, 9);
    expect((await h.inject(post('/api/prices/profile', { prices, from: 'x' }))).statusCode).toBe(400);
    expect(toolCatalog(operations).map((t) => t.name)).toContain('get_hourly_price_profile');
  });
});

describe('svc prices profile (the built binary)', () => {
  it('draws the view as a table, CSV and JSON, and names a bad flag', async () => {
    const table = await svc(['prices', 'profile', FIXTURE, '--from', '01.12.2024', '--to', '07.12.2024']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.split('\n').filter((l) => /│ \d\d–\d\d /.test(l))).toHaveLength(24);
    expect(table.stderr).toContain('over 7 days, UAH/MWh');
    const csv = await svc(['prices', 'profile', FIXTURE, '--from', '01.12.2024', '--to', '07.12.2024', '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('hour,meanUahMwh,minUahMwh,maxUahMwh');
    const json = await svc(['prices', 'profile', FIXTURE, '--from', '01.12.2024', '--to', '07.12.2024', '--format', 'json']);
    expect((JSON.parse(json.stdout) as { days: number }).days).toBe(7);
    const bad = await svc(['prices', 'profile', FIXTURE, '--to', '7.12.2024']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--to: ');
    expect(bad.stdout).toBe('');
  }, 60_000);
});
