/**
 * The mktop book served from svc's own fallback (its shipped copy of the operator's prices) is
 * marked as fallback data by svc itself: the risk report's dataSource check asks for review with
 * the reason, and the brief's gate is review with its provenance in the JSON, in fixture mode and
 * in auto mode with the operator unreachable, --source-label or not. Read live, neither is marked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';
import { cli } from './in-process.js';
import { fixtureDays, pricesBody, startReplay, type Replay } from '../providers/mktop/replay.js';

type Check = { id: string; status: string; value: unknown; detail?: string };
type Risk = { report: { overallStatus: string; checks: Check[] }; dataProvenanceUnavailableReason: string | null };
type Brief = { brief: { actionGate: { status: string; reasons: string[] }; summary: string }; dataSource?: { source: string; fallback: boolean; reason?: string } };

const DAY = ['--date', '02.12.2024', '--capacity', '2', '--power', '1', '--fee', '10'];
/** A local port nothing listens on: the connection is refused at once. */
const unreachable = (dataDir: string) => ({ SVC_DATA_DIR: dataDir, SVC_MARKET_DATA: 'auto', SVC_MKTOP_BASE_URL: 'http://127.0.0.1:9', SVC_MKTOP_TIMEOUT_MS: '1000', SVC_MKTOP_RETRIES: '1' });
const fixture = (dataDir: string) => ({ SVC_DATA_DIR: dataDir, SVC_MARKET_DATA: 'fixture' });

async function riskAndBrief(env: Record<string, string>, riskFlags: string[] = []): Promise<{ risk: Risk; brief: Brief; stderr: string }> {
  const r = await cli(['risk', 'mktop', ...DAY, ...riskFlags, '--format', 'json'], { env });
  expect(r.exitCode, r.stderr).toBe(0);
  const b = await cli(['brief', 'mktop', ...DAY, '--caps', 'fixtures/ua-price-caps.csv', '--format', 'json'], { env });
  expect(b.exitCode, b.stderr).toBe(0);
  return { risk: JSON.parse(r.stdout) as Risk, brief: JSON.parse(b.stdout) as Brief, stderr: r.stderr + b.stderr };
}

const dataSource = (risk: Risk): Check => risk.report.checks.find((c) => c.id === 'dataSource') as Check;

describe('mktop from svc\'s fallback is marked as fallback data', () => {
  it('auto mode, operator unreachable: risk dataSource review (even with --source-label mktop), brief review with its provenance', async () => {
    const { risk, brief, stderr } = await riskAndBrief(unreachable(tempDir()), ['--source-label', 'mktop']);
    expect(stderr).toContain('mktop 12.2024: fallback (fixture) — upstream_unreachable');
    expect(dataSource(risk)).toMatchObject({ status: 'review', value: 'mktop' });
    expect(dataSource(risk).detail).toContain('upstream_unreachable');
    expect(risk.report.overallStatus).toBe('needsReview');
    expect(brief.brief.actionGate.status).toBe('review');
    expect(brief.brief.actionGate.reasons.join(' ')).toContain('data source');
    expect(brief.brief.summary).toMatch(/^These prices are fallback data/);
    expect(brief.dataSource).toMatchObject({ source: 'mktop', fallback: true });
    expect(brief.dataSource?.reason).toContain('upstream_unreachable');
  });

  it('fixture mode: the same marking, without any flag', async () => {
    const { risk, brief } = await riskAndBrief(fixture(tempDir()));
    expect(dataSource(risk)).toMatchObject({ status: 'review', value: 'mktop' });
    expect(dataSource(risk).detail).toContain('SVC_MARKET_DATA=fixture');
    expect(risk.dataProvenanceUnavailableReason).toBeNull();
    expect(brief.brief.actionGate.status).toBe('review');
    expect(brief.dataSource).toMatchObject({ source: 'mktop', fallback: true });
  });

  it('report day mktop (fixture mode): its risk status and its brief\'s gate agree (the brief said ready before)', async () => {
    const r = await cli(['report', 'day', 'mktop', '--date', '02.12.2024', '--fee', '10', '--format', 'json'], { env: fixture(tempDir()) });
    expect(r.exitCode, r.stderr).toBe(0);
    const figures = (JSON.parse(r.stdout) as { figures: { key: string; value: unknown }[] }).figures;
    const value = (key: string) => figures.find((f) => f.key === key)?.value;
    expect(value('risk.report.overallStatus')).toBe('needsReview');
    expect(value('brief.actionGate.status')).toBe('review');
  });

  it('a file book is not marked: the brief states no provenance and its gate is unchanged', async () => {
    const b = await cli(['brief', 'fixtures/oree-dam-ips-2022-2024.csv', ...DAY, '--caps', 'fixtures/ua-price-caps.csv', '--format', 'json'], { env: fixture(tempDir()) });
    expect(b.exitCode, b.stderr).toBe(0);
    const brief = JSON.parse(b.stdout) as Brief;
    expect(brief.dataSource).toBeUndefined();
    expect(brief.brief.actionGate.status).toBe('ready');
  });
});

describe('mktop read live is not marked', () => {
  let replay: Replay;
  beforeAll(async () => {
    const days = await fixtureDays();
    replay = await startReplay((hit) => ({ body: pricesBody(days, hit.form.date ?? '') }));
  });
  afterAll(async () => {
    await replay.close();
  });

  it('auto mode, operator answering: risk dataSource passes as mktop, brief ready with fallback false', async () => {
    const env = { SVC_DATA_DIR: tempDir(), SVC_MARKET_DATA: 'auto', SVC_MKTOP_BASE_URL: replay.base, SVC_MKTOP_TIMEOUT_MS: '1000', SVC_MKTOP_RETRIES: '1' };
    const { risk, brief, stderr } = await riskAndBrief(env);
    expect(stderr).not.toContain('fallback');
    expect(dataSource(risk)).toMatchObject({ status: 'pass', value: 'mktop' });
    expect(brief.dataSource).toEqual({ source: 'mktop', fallback: false });
    expect(brief.brief.actionGate.status).toBe('ready');
  });
});
