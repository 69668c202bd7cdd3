/**
 * `prices.stats`, the lean operation behind `svc prices stats` (issue 11: the CLI imports no
 * engine): served by `svc op run`, access-checked and validated by invoke() like every op, with
 * the same 400 shape, and equal to the engines it composes.
 */
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { gapReport } from '../../src/engines/gaps.js';
import { hourlyBookStats } from '../../src/engines/stats.js';
import { invoke } from '../../src/ops/invoke.js';
import { presentOutput, roundTo } from '../../src/ops/present.js';
import { cliOperations, operations } from '../../src/ops/index.js';
import { pricesStats } from '../../src/ops/market/prices-stats.js';
import { strategyPlan } from '../../src/ops/strategy/plan.js';
import type { LeanContext, OpContext } from '../../src/ops/types.js';
import { svc } from '../cli/helpers.js';
import { localCtx } from './helpers.js';

const day = (base: number) => Array.from({ length: 24 }, (_, h) => base + h * 10 + (h >= 8 && h < 20 ? 1000 : 0));
const prices = { '03.01.2025': day(3000), '01.01.2025': day(1000), '05.01.2025': day(5000) };

/** A CLI-style context without configuration, as the CLI door gives a lean op. */
function leanCtx(roles: OpContext['caller']['roles'] = ['owner']): LeanContext {
  const { config: _config, ...rest } = localCtx();
  return { ...rest, caller: { ...rest.caller, roles } };
}

async function failure(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SvcError);
  return error as SvcError;
}

describe('prices.stats', () => {
  it('equals the stats and gaps engines on the same days, ascending, inside [from, to]', async () => {
    const out = await invoke(pricesStats, leanCtx(), { prices, from: '01.01.2025', to: '04.01.2025' });
    const book = { '01.01.2025': prices['01.01.2025'] ?? [], '03.01.2025': prices['03.01.2025'] ?? [] };
    const { daily, total } = hourlyBookStats(book);
    expect(out).toEqual({ days: daily, total, gaps: gapReport(Object.keys(book), { from: '01.01.2025', to: '04.01.2025' }) });
    expect(out.days.map((d) => d.tradeDate)).toEqual(['01.01.2025', '03.01.2025']);
    expect(out.gaps).toMatchObject({ calendarDays: 4, daysWithPrices: 2, missing: ['02.01.2025', '04.01.2025'] });
    // The figures are UAH/MWh, rounded to 0.01 like every price (README "Bounds and output
    // precision"; they were printed full precision, 6477.162499999996, before): day 1 + 1/3.
    const thirds = { '01.01.2025': day(1000).map((p, h) => p + (h % 3) / 3), '02.01.2025': day(2000).map((p) => p + 0.004) };
    const exact = hourlyBookStats(thirds);
    expect(exact.daily[0]?.base).not.toBe(Math.round((exact.daily[0]?.base ?? 0) * 100) / 100);
    const fractional = await invoke(pricesStats, leanCtx(), { prices: thirds });
    for (const row of [...fractional.days, fractional.total]) {
      for (const k of ['base', 'peak', 'offPeak', 'min', 'max'] as const) expect(String(row?.[k]).split('.')[1]?.length ?? 0, k).toBeLessThanOrEqual(2);
    }
    expect(fractional.days[0]).toMatchObject({ base: roundTo(exact.daily[0]?.base ?? 0, 2), min: 1000, max: 2190.33 });
    expect(fractional.days[1]).toMatchObject({ min: 2000, max: 3190 }); // 2000.004, 3190.004
    expect(fractional.total).toMatchObject({ days: 2, base: roundTo(exact.total?.base ?? 0, 2), offPeak: roundTo(exact.total?.offPeak ?? 0, 2) });
    // Rounded once: presenting again changes nothing.
    expect(presentOutput(structuredClone(fractional), pricesStats.outputUnits)).toEqual(fractional);
    const none = await invoke(pricesStats, leanCtx(), { prices: {} });
    expect(none).toEqual({ days: [], total: null, gaps: { from: null, to: null, calendarDays: 0, daysWithPrices: 0, missingDays: 0, missing: [] } });
  });

  it('is access-checked: a role without decision.plan is refused, with or without a configuration', async () => {
    const ctx = localCtx();
    const auditor = { ...ctx, caller: { ...ctx.caller, roles: ['auditor' as const] } };
    expect(await failure(invoke(pricesStats, { ...auditor, config: { ...ctx.config, enforceRbac: true } }, { prices }))).toMatchObject({ code: 'forbidden' });
    // Enforcement off: the permission is not enforced, as for every op.
    await expect(invoke(pricesStats, { ...auditor, config: { ...ctx.config, enforceRbac: false } }, { prices })).resolves.toMatchObject({ total: { days: 3 } });
    // No configuration (the CLI's lean context): the roles alone decide.
    expect(await failure(invoke(pricesStats, leanCtx(['auditor']), { prices }))).toMatchObject({ code: 'forbidden' });
    await expect(invoke(pricesStats, leanCtx(['analyst']), { prices })).resolves.toMatchObject({ total: { days: 3 } });
  });

  it.each([
    ['not an object', [1], ''],
    ['an unknown key', { prices, fee: 1 }, ''],
    ['no prices', {}, 'prices'],
    ['a key that is not a date', { prices: { '31.02.2025': day(1) } }, 'prices.31.02.2025'],
    ['23 prices', { prices: { '01.01.2025': day(1).slice(1) } }, 'prices.01.01.2025'],
    ['a negative price', { prices: { '01.01.2025': day(1).map((p, h) => (h === 7 ? -1 : p)) } }, 'prices.01.01.2025.7'],
    ['a price as text', { prices: { '01.01.2025': day(1).map((p, h) => (h === 3 ? String(p) : p)) } }, 'prices.01.01.2025.3'],
    ['a bad from', { prices, from: '2025-01-01' }, 'from'],
    ['from after to', { prices, from: '05.01.2025', to: '01.01.2025' }, 'from'],
  ])('%s is a 400 naming the path', async (_what, input, path) => {
    const error = await failure(invoke(pricesStats, leanCtx(), input));
    expect(error).toMatchObject({ code: 'validation_error' });
    expect(error.issues.map((i) => i.path)).toContain(path);
    expect(error.message).toMatch(/^invalid input: /);
  });

  it('a zod op validated through the Standard Schema interface fails exactly as through safeParse', async () => {
    const bad = { tradeDate: '31.02.2025', prices: [{ hour: 0, priceUahMwh: -1 }], settings: {}, extra: true };
    const viaInvoke = await failure(invoke(strategyPlan, localCtx(), bad));
    const parsed = strategyPlan.input.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(viaInvoke.toJSON()).toEqual(SvcError.fromZod(parsed.error as never).toJSON());
  });

  it('is registered for every door it binds: the registry holds it with its zod contract, the CLI runs the lean module', () => {
    const registered = operations.find((o) => o.id === 'prices.stats');
    expect(registered).toBeDefined();
    expect((registered as { lean?: boolean }).lean).toBeUndefined();
    expect(registered?.http).toEqual(pricesStats.http);
    expect(registered?.tool).toEqual(pricesStats.tool);
    expect(registered?.cli).toBe(pricesStats.cli);
    expect(cliOperations.map((o) => o.id)).toContain('prices.stats');
    expect(pricesStats.lean).toBe(true);
  });
});

describe('svc op run prices.stats (the built binary)', () => {
  it('runs it, and a bad input gives the same error shape as any other op', async () => {
    const ok = await svc(['op', 'run', 'prices.stats', '--input', JSON.stringify({ prices, to: '06.01.2025' }), '--format', 'json']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const out = JSON.parse(ok.stdout) as { days: unknown[]; total: { days: number }; gaps: { missing: string[] } };
    expect(out.days).toHaveLength(3);
    expect(out.total.days).toBe(3);
    expect(out.gaps.missing).toEqual(['02.01.2025', '04.01.2025', '06.01.2025']);
    expect((await svc(['op', 'list', '--format', 'json'])).stdout).toContain('"prices.stats"');

    const shape = (stderr: string) => {
      const { error } = JSON.parse(stderr) as { error: { code: string; message: string; issues: Array<Record<string, unknown>> } };
      return { code: error.code, message: error.message.replace(/:.*/, ''), keys: Object.keys(error), issueKeys: Object.keys(error.issues[0] ?? {}) };
    };
    const bad = await svc(['op', 'run', 'prices.stats', '--input', '{"prices":{"01.01.2025":[1]}}', '--format', 'json']);
    const other = await svc(['op', 'run', 'strategy.plan', '--input', '{"prices":1}', '--format', 'json']);
    expect([bad.exitCode, other.exitCode]).toEqual([2, 2]);
    expect(shape(bad.stderr)).toEqual(shape(other.stderr));
    expect(shape(bad.stderr)).toEqual({ code: 'validation_error', message: 'invalid input', keys: ['code', 'message', 'issues'], issueKeys: ['path', 'message'] });
  }, 60_000);
});
