/**
 * examples/daily-brief.sh as README documents it (issue 34): offline (fixture mode), with no `svc`
 * on PATH, it finds this checkout's own CLI, writes only into OUT_DIR, and its settled and morning
 * modes produce the files their README paragraph names.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitCacheEnv } from '../temp-data-dir.js';
import { ROOT, tempDir } from './helpers.js';

const built = existsSync(join(ROOT, 'dist/cli/main.js'));
const script = join(ROOT, 'examples/daily-brief.sh');

/**
 * Runs the script without blocking this worker: a synchronous spawn of the ~90 s morning mode kept
 * the worker from answering vitest's RPC (`Timeout calling "onTaskUpdate"` under load).
 */
function runScript(args: string[], extraEnv: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string; work: string; out: string }> {
  const work = tempDir('svc-daily-brief-');
  const out = join(work, 'out');
  // PATH holds node but no `svc`: the script must fall back to the checkout's bin/svc.js. The run's
  // member-fit cache (test/global-setup.ts, outside `work`), as every CLI process of the suite
  // inherits it: the morning mode's forecast of 01.01.2025 reads the fits warmed there.
  const env = { PATH: dirname(process.execPath) + ':/usr/bin:/bin', HOME: work, SVC_MARKET_DATA: 'fixture', SVC_DATA_DIR: join(work, 'data'), OUT_DIR: out, NO_COLOR: '1', ...fitCacheEnv(), ...extraEnv };
  return new Promise((resolve) => {
    execFile('bash', [script, ...args], { cwd: work, env, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ status, stdout, stderr, work, out });
    });
  });
}

describe.skipIf(!built)('examples/daily-brief.sh', () => {
  it('settled mode: risk gate, Ukrainian brief, receipt verified, files only in OUT_DIR', async () => {
    const r = await runScript(['02.12.2024']);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(r.out).sort()).toEqual(['brief-02.12.2024.json', 'fetch-12.2024.json', 'receipt-02.12.2024.json', 'risk-02.12.2024.json']);
    expect(readdirSync(r.work).sort()).toEqual(['data', 'out']);
    const brief = JSON.parse(readFileSync(join(r.out, 'brief-02.12.2024.json'), 'utf8')) as { brief: { aiDisclosure: string; traderChecklist: string[]; marketContext: string[]; dataCoverage: { missing: string[] }; actionGate: { status: string } }; dataSource?: { source: string; fallback: boolean } };
    expect(brief.brief.aiDisclosure).toMatch(/[а-яіїє]/i);
    // Run after the results are published: the checklist compares the submitted bids, it never asks to submit before the closed gate.
    expect(brief.brief.traderChecklist.join(' ')).toContain('Звірте подані заявки');
    expect(brief.brief.traderChecklist.join(' ')).not.toContain('до закриття прийому заявок');
    // The brief's battery is the desk's (examples/settings.json: 1 MW / 2 MWh), as in the risk step; the market is the operator's DAM.
    expect(brief.brief.marketContext.join(' ')).toContain('1 МВт / 2 МВт·год');
    expect(brief.brief.dataCoverage.missing).toEqual([]);
    // Fixture mode: svc marks its shipped copy as fallback data itself, and both files agree: the
    // risk report's dataSource is a review (the script passes no --fallback), the brief's gate is review, never ready.
    const risk = JSON.parse(readFileSync(join(r.out, 'risk-02.12.2024.json'), 'utf8')) as { report: { overallStatus: string; checks: Array<{ id: string; status: string; value: unknown; detail: string }> } };
    const dataSource = risk.report.checks.find((c) => c.id === 'dataSource');
    expect(dataSource).toMatchObject({ value: 'mktop', status: 'review' });
    expect(dataSource?.detail).toContain('SVC_MARKET_DATA=fixture');
    expect(risk.report.overallStatus).toBe('needsReview');
    expect(brief.brief.actionGate.status).toBe('review');
    expect(brief.dataSource).toMatchObject({ source: 'mktop', fallback: true });
    expect(r.stdout).toContain('valid');
  });

  it('checks its date first: a wrong form or an unreal day is exit 2 with one line naming DD.MM.YYYY, and nothing is written', async () => {
    for (const args of [['2024-12-02'], ['1.12.2024'], ['31.02.2024'], ['29.02.2023', 'morning'], ['02.12.2024', 'evening']]) {
      const r = await runScript(args);
      expect(r.status, args.join(' ')).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(args[1] === 'evening' ? /^daily-brief\.sh: mode must be morning or settled/ : /^daily-brief\.sh: the date must be a real day written DD\.MM\.YYYY, two digits .*\(e\.g\. 02\.12\.2024\), got "/);
      expect(existsSync(r.out), args.join(' ')).toBe(false);
      expect(readdirSync(r.work)).toEqual([]);
    }
  });

  it('a day the fixtures do not hold is exit 2 naming the day, no file left; an unreachable operator in live mode stays the retryable exit 1', async () => {
    const r = await runScript(['02.12.2030']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe('daily-brief.sh: the shipped fixtures hold no prices for 02.12.2030 (SVC_MARKET_DATA=fixture reads only their 2022–2024 prices); give a day they cover, e.g. 02.12.2024');
    expect(readdirSync(r.out)).toEqual([]);
    // Port 9 (discard) on this host refuses at once: a real upstream failure, which running again may mend.
    const live = await runScript(['02.12.2030'], { SVC_MARKET_DATA: 'live', SVC_MKTOP_BASE_URL: 'http://127.0.0.1:9', SVC_MKTOP_RETRIES: '0', SVC_MKTOP_TIMEOUT_MS: '2000' });
    expect(live.status, live.stderr).toBe(1);
    expect(live.stderr).toContain('run the same command again to resume');
  });

  it('morning mode: tomorrow\'s plan, bid sheet, risk and brief on the forecast for the day after the fixtures', async () => {
    const r = await runScript(['01.01.2025', 'morning']);
    expect(r.status, r.stderr).toBe(0);
    const files = readdirSync(r.out);
    for (const f of ['plan-forecast-01.01.2025.json', 'bids-01.01.2025.csv', 'risk-forecast-01.01.2025.json', 'brief-forecast-01.01.2025.json']) expect(files, f).toContain(f);
    const bids = readFileSync(join(r.out, 'bids-01.01.2025.csv'), 'utf8').trim().split('\n');
    expect(bids[0]).toMatch(/^date,hour,side,volumeMwh,limitPriceUahMwh,p10,p50,p90/);
    expect(bids.length).toBeGreaterThan(1);
    for (const row of bids.slice(1)) expect(row).toContain('human_approval_required');
  }, 300_000);
});
