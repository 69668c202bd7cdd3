/**
 * `svc backtest --strategy both|spread|bess` (issue 34): only the chosen plan runs, the settings in
 * force are in the table header and in JSON (`settings`), and capture is per strategy. Runs the
 * CLI in this process: the test is about the logic, not the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, WEEK, tempDir } from './helpers.js';
import { overrideEnv, runCliInProcess } from './in-process.js';

interface Body {
  settings: { strategy: string; strategySettings?: Record<string, number>; bessSettings?: Record<string, number> };
  summary: { totalDays: number; strategyNetPnlUah: number; bessNetProfitUah: number; combinedNetPnlUah: number; totalTrades: number; totalBessCycles: number; hitRate: number };
  analytics: { capture: { spreadCaptureUahMwh: number | null; bessCaptureUahMwh: number | null }; bessCarryOver?: unknown };
}

// Put back at the end: the next file in this worker's process sees the environment as it was.
let restoreEnv: () => void = () => {};
beforeAll(() => {
  restoreEnv = overrideEnv({ SVC_DATA_DIR: tempDir('svc-data-') });
});
afterAll(() => restoreEnv());

const json = async (...args: string[]): Promise<Body> => {
  const r = await runCliInProcess(['backtest', FIXTURE, '--from', '01.11.2024', '--to', '30.11.2024', '--capacity', '2', '--power', '1', '--fee', '10', '--format', 'json', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Body;
};

describe('svc backtest --strategy', () => {
  it('both (the default) adds the two plans; spread and bess run one plan each, the same numbers as in both', async () => {
    // One after the other: in-process runs share this process's stdout.
    const both = await json();
    const spread = await json('--strategy', 'spread');
    const bess = await json('--strategy', 'bess');
    const explicit = await json('--strategy', 'both');
    expect(explicit.summary).toEqual(both.summary);
    expect(both.settings.strategy).toBe('both');
    expect(both.settings.strategySettings).toMatchObject({ feeUahPerMwh: 10 });
    expect(both.settings.bessSettings).toMatchObject({ capacityMwh: 2, powerMw: 1 });

    expect(spread.settings).toEqual({ strategy: 'spread', strategySettings: both.settings.strategySettings });
    expect(spread.summary.bessNetProfitUah).toBe(0);
    expect(spread.summary.totalBessCycles).toBe(0);
    expect(spread.summary.strategyNetPnlUah).toBeCloseTo(both.summary.strategyNetPnlUah, 6);
    expect(spread.summary.combinedNetPnlUah).toBeCloseTo(both.summary.strategyNetPnlUah, 6);
    expect(spread.analytics.capture.spreadCaptureUahMwh).toBe(both.analytics.capture.spreadCaptureUahMwh);
    expect(spread.analytics.capture.bessCaptureUahMwh).toBeNull();

    expect(bess.settings).toEqual({ strategy: 'bess', bessSettings: both.settings.bessSettings });
    expect(bess.summary.strategyNetPnlUah).toBe(0);
    expect(bess.summary.totalTrades).toBe(0);
    expect(bess.summary.bessNetProfitUah).toBeCloseTo(both.summary.bessNetProfitUah, 6);
    expect(bess.summary.combinedNetPnlUah).toBeCloseTo(both.summary.bessNetProfitUah, 6);
    expect(bess.analytics.capture.bessCaptureUahMwh).toBe(both.analytics.capture.bessCaptureUahMwh);
    expect(bess.analytics.capture.spreadCaptureUahMwh).toBeNull();
  });

  it('the table header echoes the settings in force as flags; a plan that did not run has no rows', async () => {
    const r = await runCliInProcess(['--lang', 'en', 'backtest', WEEK, '--strategy', 'bess', '--capacity', '2', '--power', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('settings: --strategy bess · battery: --capacity 2 --power 1');
    expect(r.stdout).not.toContain('Spread strategy, UAH');
    expect(r.stdout).not.toContain('Spread capture');
    expect(r.stdout).toContain('Battery, UAH');
    const both = await runCliInProcess(['--lang', 'en', 'backtest', WEEK, '--fee', '10']);
    expect(both.stdout).toMatch(/settings: --strategy both · spread: .*--fee 10.* · battery: --capacity/);
    // In Ukrainian the three words too; the flags stay as they are typed.
    const uk = await runCliInProcess(['--lang', 'uk', 'backtest', WEEK, '--fee', '10']);
    expect(uk.stdout).toMatch(/налаштування: --strategy both · спред: .*--fee 10.* · УЗЕ: --capacity/);
  });

  it('groups the counts as it groups the money beside them, in either language', async () => {
    const args = ['backtest', FIXTURE, '--to', '31.12.2023', '--no-color'];
    const en = await runCliInProcess(['--lang', 'en', ...args]);
    expect(en.code, en.stderr).toBe(0);
    const json = JSON.parse((await runCliInProcess([...args, '--format', 'json'])).stdout) as { summary: { totalDays: number; totalTrades: number; profitableDays: number } };
    const group = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    expect(json.summary.totalTrades).toBeGreaterThan(999);
    expect(en.stdout).toContain(`${group(json.summary.profitableDays, ',')} of ${group(json.summary.totalDays, ',')}`);
    expect(en.stdout).toContain(`${group(json.summary.totalTrades, ',')} / `);
    const uk = await runCliInProcess(['--lang', 'uk', ...args]);
    expect(uk.stdout).toContain(`${group(json.summary.profitableDays, '\u00a0')} з ${group(json.summary.totalDays, '\u00a0')}`);
    expect(uk.stdout).toContain(`${group(json.summary.totalTrades, '\u00a0')} / `);
  });

  it('a sweep runs the chosen plan only and echoes the settings', async () => {
    const r = await runCliInProcess(['backtest', WEEK, '--strategy', 'bess', '--sweep', 'capacityMwh=1,2', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { settings: { strategy: string }; combinations: { strategyNetPnlUah: number; bessNetProfitUah: number; combinedNetPnlUah: number }[] };
    expect(body.settings.strategy).toBe('bess');
    for (const row of body.combinations) {
      expect(row.strategyNetPnlUah).toBe(0);
      expect(row.combinedNetPnlUah).toBe(row.bessNetProfitUah);
    }
  });

  it('--strategy bess: the summary and the monthly table show only the battery, the carry-over columns labelled and explained; uk labels', async () => {
    const r = await runCliInProcess(['--lang', 'en', 'backtest', WEEK, '--strategy', 'bess', '--capacity', '2', '--power', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Battery charge→discharge pairs\s*│\s*\d+/);
    expect(r.stdout).not.toContain('Trades /');
    const head = r.stdout.split('\n').find((l) => l.includes('Month')) ?? '';
    expect(head).toMatch(/Month.*Days.*Battery, UAH.*Hit rate.*Battery carried, UAH.*Carry-over gain, UAH/);
    expect(head).not.toMatch(/Strategy|Combined/);
    // The note says what the carried columns are: a second run beside the main one, which starts each day afresh (docs/backtest.md).
    expect(r.stdout).toContain('Battery carried: a second battery run beside the main one. The main run (Battery and every total above) starts each day afresh');
    expect(r.stdout).toContain('this one keeps its charge from one day to the next');
    expect(r.stdout).toContain('Carry-over gain = carried − Battery. Energy still stored at a month’s end is sold in the next month');
    const uk = await runCliInProcess(['--lang', 'uk', 'backtest', WEEK, '--strategy', 'spread']);
    const ukHead = uk.stdout.split('\n').find((l) => l.includes('Місяць')) ?? '';
    expect(ukHead).toMatch(/Місяць.*Днів.*Стратегія, грн.*Частка прибуткових/);
    expect(ukHead).not.toMatch(/УЗЕ|carried|carry/);
    expect(uk.stdout).toMatch(/Угод\s*│\s*\d+/);
  });

  it("a sweep's settings line shows the swept values, not the base it replaces", async () => {
    const r = await runCliInProcess(['--lang', 'en', 'backtest', WEEK, '--strategy', 'bess', '--sweep', 'capacityMwh=1,2,4', '--sweep', 'powerMw=0.5,1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/battery: --capacity 1\|2\|4 --power 0\.5\|1 --efficiency/);
  });

  it('an unknown strategy is bad input (exit 2) naming the choices', async () => {
    const r = await runCliInProcess(['backtest', WEEK, '--strategy', 'battery']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--strategy: expected both, spread or bess, got "battery"');
    expect(r.stdout).toBe('');
  });
});
