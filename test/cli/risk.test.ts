import { describe, expect, it } from 'vitest';
import { WEEK, FIXTURE } from './helpers.js';
import { cli } from './in-process.js';

interface RiskBody {
  report: { overallStatus: string; checks: { id: string; status: string }[] };
  bessDegradationUnavailableReason: string | null;
  tradingFeeUnavailableReason: string | null;
  dataProvenanceUnavailableReason: string | null;
}

describe('svc risk', () => {
  it('omitted flags are omitted keys: markers say not-supplied, dataSource still passes', async () => {
    const r = await cli(['risk', WEEK, '--date', '03.12.2024', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout) as RiskBody;
    expect(body.bessDegradationUnavailableReason).toBe('not-supplied');
    expect(body.tradingFeeUnavailableReason).toBe('not-supplied');
    expect(body.dataProvenanceUnavailableReason).toBe('not-supplied');
    expect(body.report.checks.find((c) => c.id === 'dataSource')?.status).toBe('pass');
    expect(body.report.checks.map((c) => c.id)).toEqual(['dataSource', 'dataCoverage', 'priceAnomaly', 'tradeConcentration', 'cashExposure', 'bessCycles', 'humanApproval']);
  });

  it('stated flags clear the markers', async () => {
    const r = await cli(['risk', WEEK, '--date', '03.12.2024', '--fee', '0', '--degradation', '0', '--source-label', 'mktop', '--format', 'json']);
    const body = JSON.parse(r.stdout) as RiskBody;
    expect(body.bessDegradationUnavailableReason).toBeNull();
    expect(body.tradingFeeUnavailableReason).toBeNull();
    expect(body.dataProvenanceUnavailableReason).toBeNull();
  });

  it('renders a table with every check, the score and the status', async () => {
    const r = await cli(['risk', FIXTURE, '--date', '15.12.2024', '--fee', '5']);
    expect(r.exitCode).toBe(0);
    for (const id of ['dataSource', 'dataCoverage', 'priceAnomaly', 'tradeConcentration', 'cashExposure', 'bessCycles', 'humanApproval']) expect(r.stdout).toContain(id);
    expect(r.stdout).toMatch(/Score \d+/);
  });

  it('--fail-on exits 3 when the status reaches the level, 0 otherwise', async () => {
    const fallback = await cli(['risk', WEEK, '--date', '03.12.2024', '--fallback', '--fail-on', 'review', '--format', 'json']);
    const status = (JSON.parse(fallback.stdout) as RiskBody).report.overallStatus;
    expect(status).not.toBe('ready');
    expect(fallback.exitCode).toBe(3);
    const blockedOnly = await cli(['risk', WEEK, '--date', '03.12.2024', '--fallback', '--fail-on', 'blocked', '--format', 'json']);
    expect(blockedOnly.exitCode).toBe(status === 'blocked' ? 3 : 0);
    expect((await cli(['risk', WEEK, '--date', '03.12.2024', '--fail-on', 'never'])).exitCode).toBe(2);
  });
});
