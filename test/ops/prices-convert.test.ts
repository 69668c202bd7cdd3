/**
 * `prices.convert` (`svc prices convert`): a lean op whose hand-written validator and zod contract
 * give one verdict; the book's text in each format with the days written; clock-change days kept in
 * long CSV only (`dst_day` otherwise); CLI only (no HTTP route, no tool).
 */
import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/ops/invoke.js';
import { operations } from '../../src/ops/index.js';
import { clockChangeDayHeld, pricesConvert } from '../../src/ops/market/prices-convert.js';
import { PricesConvertRequest } from '../../src/ops/market/prices-convert-contract.js';
import { localCtx } from './helpers.js';

const day = (base: number) => Array.from({ length: 24 }, (_, h) => base + h);
const prices = { '02.12.2024': day(2000), '01.12.2024': day(1000.5) };
const autumn = { date: '27.10.2024', periods: Array.from({ length: 25 }, (_, i) => 500 + i) };

describe('prices.convert', () => {
  it('writes the book in each format, dates ascending, with the days written', async () => {
    const json = await invoke(pricesConvert, localCtx(), { to: 'json', prices });
    expect(json).toMatchObject({ to: 'json', days: 2, clockChangeDays: 0 });
    expect(json.text.indexOf('01.12.2024')).toBeLessThan(json.text.indexOf('02.12.2024'));
    expect(json.text).toContain('{"hour":0,"priceUahMwh":1000.5}');
    const wide = await invoke(pricesConvert, localCtx(), { to: 'wide', prices });
    expect(wide.text.split('\n')[1]).toBe(`01.12.2024,${day(1000.5).join(',')}`);
    const csv = await invoke(pricesConvert, localCtx(), { to: 'csv', prices, clockChangeDays: [autumn] });
    expect(csv).toMatchObject({ days: 3, clockChangeDays: 1 });
    expect(csv.text.split('\n').filter((l) => l.startsWith('27.10.2024'))).toHaveLength(25);
  });

  it('says what it wrote, one clock-change day in the singular', async () => {
    const view = pricesConvert.cli?.view as { says(o: unknown): string };
    const one = await invoke(pricesConvert, localCtx(), { to: 'csv', prices, clockChangeDays: [autumn] });
    expect(view.says(one)).toBe('wrote 3 days (1 of them a clock-change day with its own periods)');
    const two = await invoke(pricesConvert, localCtx(), { to: 'csv', prices, clockChangeDays: [autumn, { date: '31.03.2024', periods: autumn.periods.slice(2) }] });
    expect(view.says(two)).toBe('wrote 4 days (2 of them clock-change days with their own periods)');
    expect(view.says(await invoke(pricesConvert, localCtx(), { to: 'csv', prices: { '01.12.2024': day(1) } }))).toBe('wrote 1 day');
  });

  it('refuses clock-change days where the format cannot hold them, naming them', async () => {
    for (const to of ['json', 'wide'] as const) {
      await expect(invoke(pricesConvert, localCtx(), { to, prices, clockChangeDays: [autumn] })).rejects.toMatchObject({
        code: 'validation_error',
        reason: 'dst_day',
        message: expect.stringContaining('1 clock-change day (27.10.2024: a 25-period day, all 25 periods in the book) cannot be held by a 24-point PriceBook'),
      });
    }
  });

  it("says a clock-change day's count against the day's own, so 24 on the autumn day is not read as a whole day", async () => {
    // The operator's export holds 24 of the autumn day's 25 periods; a spring day has 23.
    const short = { date: '27.10.2024', periods: autumn.periods.slice(0, 24) };
    const spring = { date: '31.03.2024', periods: autumn.periods.slice(0, 23) };
    await expect(invoke(pricesConvert, localCtx(), { to: 'json', prices, clockChangeDays: [spring, short] })).rejects.toMatchObject({
      message: '--to json: 2 clock-change days (31.03.2024: a 23-period day, all 23 periods in the book; 27.10.2024: a 25-period day, 24 periods in the book) cannot be held by a 24-point PriceBook; convert --to csv to keep them, or add --dst skip to leave them out',
    });
    expect(clockChangeDayHeld({ date: '27.10.2024', periods: [1] })).toBe('27.10.2024: a 25-period day, 1 period in the book');
  });

  it('an invalid input (svc op run, the zod contract) counts its other issues as issues, never as one more choice', async () => {
    const registered = operations.find((o) => o.id === 'prices.convert');
    if (!registered) throw new Error('prices.convert is not registered');
    const two = invoke(registered, localCtx(), { to: 'CSV', prices: { '01.12.2024': [1] } });
    await expect(two).rejects.toMatchObject({ code: 'validation_error', message: expect.stringMatching(/^invalid input: to: must be one of json, csv, wide \(got "CSV"\) \(1 more issue\)$/) });
    const three = invoke(registered, localCtx(), { to: 'CSV', prices: { '01.12.2024': [1], '02.12.2024': [1] } });
    await expect(three).rejects.toMatchObject({ message: expect.stringMatching(/ \(2 more issues\)$/) });
  });

  it('a clock-change day must be one (the last Sunday of March or October); its periods 1 up to its own count, as a book may hold fewer', async () => {
    const registered = operations.find((o) => o.id === 'prices.convert');
    if (!registered) throw new Error('prices.convert is not registered');
    for (const op of [pricesConvert, registered]) {
      await expect(invoke(op, localCtx(), { to: 'csv', prices, clockChangeDays: [{ date: '15.03.2024', periods: [1, 2, 3] }] })).rejects.toMatchObject({
        code: 'validation_error',
        issues: [{ path: 'clockChangeDays.0.date', message: 'expected a Europe/Kyiv clock-change day (the last Sunday of March or October: 31.03.2024 or 27.10.2024), got 15.03.2024' }],
      });
      // The operator's December export holds 24 of the autumn day's 25 periods: accepted as read.
      const held = await invoke(op, localCtx(), { to: 'csv', prices, clockChangeDays: [{ date: '27.10.2024', periods: autumn.periods.slice(1) }, { date: '26.03.2023', periods: autumn.periods.slice(2) }] });
      expect(held).toMatchObject({ days: 4, clockChangeDays: 2 });
    }
  });

  it('refuses a clock-change day that is also an hourly day or listed twice, and one longer than its own day', async () => {
    const registered = operations.find((o) => o.id === 'prices.convert');
    if (!registered) throw new Error('prices.convert is not registered');
    for (const op of [pricesConvert, registered]) {
      await expect(invoke(op, localCtx(), { to: 'csv', prices: { '27.10.2024': day(1) }, clockChangeDays: [autumn, autumn] })).rejects.toMatchObject({
        code: 'validation_error',
        issues: expect.arrayContaining([
          { path: 'clockChangeDays.0.date', message: expect.stringContaining('27.10.2024 is also a key of prices') },
          { path: 'clockChangeDays.1.date', message: expect.stringContaining('27.10.2024 is also a key of prices') },
        ]),
      });
      await expect(invoke(op, localCtx(), { to: 'csv', prices, clockChangeDays: [autumn, autumn] })).rejects.toMatchObject({
        issues: [{ path: 'clockChangeDays.1.date', message: '27.10.2024 is listed twice (clockChangeDays.0 and .1)' }],
      });
      await expect(invoke(op, localCtx(), { to: 'csv', prices, clockChangeDays: [{ date: '31.03.2024', periods: day(1) }] })).rejects.toMatchObject({
        issues: [{ path: 'clockChangeDays.0.periods', message: expect.stringMatching(/^expected 1\.\.23 prices/) }],
      });
      // Fewer than the day has stay allowed.
      expect(await invoke(op, localCtx(), { to: 'csv', prices, clockChangeDays: [{ date: '31.03.2024', periods: day(1).slice(1) }] })).toMatchObject({ days: 3 });
    }
  });

  it('the lean validator and the zod contract agree; CLI only', async () => {
    const cases: unknown[] = [
      { to: 'csv', prices },
      { to: 'csv', prices: {} },
      { to: 'CSV', prices },
      { to: 'csv' },
      { to: 'csv', prices: { '31.02.2024': day(1) } },
      { to: 'csv', prices: { '01.12.2024': day(1).slice(1) } },
      { to: 'csv', prices: { '01.12.2024': day(-30) } },
      { to: 'csv', prices, clockChangeDays: [autumn] },
      { to: 'csv', prices, clockChangeDays: [] },
      { to: 'csv', prices, clockChangeDays: [{ date: '27.10.2024', periods: [] }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '27.10.2024', periods: autumn.periods, x: 1 }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '32.10.2024', periods: autumn.periods }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '15.03.2024', periods: [1, 2, 3] }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '27.10.2024', periods: autumn.periods.slice(1) }] },
      { to: 'csv', prices, clockChangeDays: 'x' },
      // A date also a key of prices, or listed twice: duplicate rows and a wrong day count otherwise.
      { to: 'csv', prices: { ...prices, '27.10.2024': day(1) }, clockChangeDays: [autumn] },
      { to: 'csv', prices, clockChangeDays: [autumn, autumn] },
      { to: 'csv', prices, clockChangeDays: [autumn, { date: '27.10.2024', periods: [1] }] },
      // The day's own count: 23 in March, 25 in October.
      { to: 'csv', prices, clockChangeDays: [{ date: '31.03.2024', periods: day(1) }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '31.03.2024', periods: day(1).slice(1) }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '31.03.2024', periods: day(1).slice(2) }] },
      { to: 'csv', prices, clockChangeDays: [{ date: '27.10.2024', periods: [...autumn.periods, 1] }] },
      { to: 'csv', prices, extra: 1 },
      null,
    ];
    for (const input of cases) {
      const lean = await pricesConvert.input['~standard'].validate(input);
      expect(Boolean(lean.issues), JSON.stringify(input)).toBe(!PricesConvertRequest.safeParse(input).success);
    }
    const registered = operations.find((o) => o.id === 'prices.convert');
    expect(registered?.input).toBe(PricesConvertRequest);
    expect(registered?.cli).toBe(pricesConvert.cli);
    expect(registered?.http).toBeUndefined();
    // `svc op list` says what goes in and what comes out.
    expect(registered?.summary).toBe('Convert a price book (hourly prices by date) to the text of a JSON, long CSV or wide CSV file');
    expect(registered?.tool).toBeUndefined();
  });
});
