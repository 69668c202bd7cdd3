/**
 * examples/daily-brief.sh as README documents it (issue 34): offline (fixture mode), with no `svc`
 * on PATH, it finds this checkout's own CLI, writes only into OUT_DIR, and its settled and morning
 * modes produce the files their README paragraph names.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers.js';

const built = existsSync(join(ROOT, 'dist/cli/main.js'));
const script = join(ROOT, 'examples/daily-brief.sh');

function runScript(args: string[]) {
  const work = tempDir('svc-daily-brief-');
  const out = join(work, 'out');
  // PATH holds node but no `svc`: the script must fall back to the checkout's bin/svc.js.
  const env = { PATH: dirname(process.execPath) + ':/usr/bin:/bin', HOME: work, SVC_MARKET_DATA: 'fixture', SVC_DATA_DIR: join(work, 'data'), OUT_DIR: out, NO_COLOR: '1' };
  const r = spawnSync('bash', [script, ...args], { cwd: work, env, encoding: 'utf8', timeout: 240_000 });
  return { ...r, work, out };
}

describe.skipIf(!built)('examples/daily-brief.sh', () => {
  it('settled mode: risk gate, Ukrainian brief, receipt verified, files only in OUT_DIR', () => {
    const r = runScript(['02.12.2024']);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(r.out).sort()).toEqual(['brief-02.12.2024.json', 'fetch-12.2024.json', 'receipt-02.12.2024.json', 'risk-02.12.2024.json']);
    expect(readdirSync(r.work).sort()).toEqual(['data', 'out']);
    const brief = JSON.parse(readFileSync(join(r.out, 'brief-02.12.2024.json'), 'utf8')) as { brief: { aiDisclosure: string } };
    expect(brief.brief.aiDisclosure).toMatch(/[а-яіїє]/i);
    expect(r.stdout).toContain('valid');
  });

  it('morning mode: tomorrow\'s plan, bid sheet, risk and brief on the forecast for the day after the fixtures', () => {
    const r = runScript(['01.01.2025', 'morning']);
    expect(r.status, r.stderr).toBe(0);
    const files = readdirSync(r.out);
    for (const f of ['plan-forecast-01.01.2025.json', 'bids-01.01.2025.csv', 'risk-forecast-01.01.2025.json', 'brief-forecast-01.01.2025.json']) expect(files, f).toContain(f);
    const bids = readFileSync(join(r.out, 'bids-01.01.2025.csv'), 'utf8').trim().split('\n');
    expect(bids[0]).toMatch(/^date,hour,side,volumeMwh,limitPriceUahMwh,p10,p50,p90/);
    expect(bids.length).toBeGreaterThan(1);
    for (const row of bids.slice(1)) expect(row).toContain('human_approval_required');
  }, 300_000);
});
