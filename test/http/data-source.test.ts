/**
 * Price provenance over HTTP: the brief's svc extension `context.dataSource` and the risk report's
 * `fallbackReason`. A caller who sends neither gets the answer it always got (no `dataSource` key,
 * the spec's `unknown` label); a stated fallback makes the risk dataSource check, and so the
 * brief's gate, a review with the reason, and the brief echoes the provenance. Every answer is
 * checked against the OpenAPI document, which documents both fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, post, PRICES, SETTINGS, type Harness } from './harness.js';
import { OpenApiChecker } from './openapi-check.js';

const BESS = { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, degradationCostUahMwh: 150 };
let h: Harness;
let checker: OpenApiChecker;
let doc: unknown;
beforeAll(async () => {
  h = await harness();
  doc = h.json(await h.inject('/api/openapi.json'));
  checker = new OpenApiChecker(doc as never);
});
afterAll(async () => {
  await h.close();
});

type Check = { id: string; status: string; value: unknown; detail?: string };
type Brief = { brief: { actionGate: { status: string; reasons: string[] }; summary: string; auditTrail: { limitations: string[] } }; dataSource?: unknown };
type Risk = { report: { checks: Check[] }; dataProvenanceUnavailableReason: string | null };

async function send<T>(url: string, body: unknown): Promise<{ status: number; out: T }> {
  const res = await h.inject(post(url, body));
  checker.check('POST', url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
  return { status: res.statusCode, out: h.json<T>(res) };
}

const briefBody = (context?: Record<string, unknown>) => ({ tradeDate: '15.12.2024', prices: PRICES, settings: { ...SETTINGS, feeUahPerMwh: 10 }, locale: 'en', ...(context ? { context } : {}) });
const dataSourceCheck = (checks: Check[]): Check => checks.find((c) => c.id === 'dataSource') as Check;

describe('context.dataSource of the brief', () => {
  it('not sent: no dataSource in the answer, the risk label unknown (as before)', async () => {
    const { status, out } = await send<Brief>('/api/ai/trading-brief', briefBody());
    expect(status).toBe(200);
    expect(out).not.toHaveProperty('dataSource');
    expect(out.brief.actionGate.reasons.join(' ')).not.toContain('data source');
  });

  it('fallback: the gate is review for the data source, the summary says so first, the answer echoes it', async () => {
    const dataSource = { source: 'mktop', fallback: true, reason: 'the operator could not be read' };
    const plain = await send<Brief>('/api/ai/trading-brief', briefBody({ dataSource: { source: 'mktop', fallback: false } }));
    expect(plain.status).toBe(200);
    expect(plain.out.dataSource).toEqual({ source: 'mktop', fallback: false });
    expect(plain.out.brief.actionGate.reasons.join(' ')).not.toContain('data source');
    const { status, out } = await send<Brief>('/api/ai/trading-brief', briefBody({ dataSource }));
    expect(status).toBe(200);
    expect(out.dataSource).toEqual(dataSource);
    expect(out.brief.actionGate.status).not.toBe('ready');
    expect(out.brief.actionGate.reasons.join(' ')).toContain('data source');
    expect(out.brief.summary).toMatch(/^These prices are fallback data \(mktop\), not read from their source now: the operator could not be read\./);
    expect(out.brief.auditTrail.limitations[0]).toContain('fallback data');
  });

  it('a malformed dataSource is a 400 naming its path; the OpenAPI document describes it', async () => {
    const { status, out } = await send<{ error: { issues: { path: string }[] } }>('/api/ai/trading-brief', briefBody({ dataSource: { source: 'mktop' } }));
    expect(status).toBe(400);
    expect(out.error.issues.map((i) => i.path)).toEqual(['context.dataSource.fallback']);
    const text = JSON.stringify(doc);
    expect(text).toContain('svc extension: where the prices come from');
    expect(text).toContain('svc extension: why the prices are fallback data');
  });
});

describe('fallbackReason of the risk report', () => {
  const body = { tradeDate: '15.12.2024', prices: PRICES, strategySettings: SETTINGS, bessSettings: BESS };

  it('without it the answer is as before; with it the review says why', async () => {
    const before = await send<Risk>('/api/risk/report', { ...body, isFallbackData: true });
    expect(dataSourceCheck(before.out.report.checks)).toMatchObject({ status: 'review', value: 'unknown' });
    expect(dataSourceCheck(before.out.report.checks).detail).toContain('the request marks the prices as fallback data');
    const why = await send<Risk>('/api/risk/report', { ...body, sourceLabel: 'mktop', isFallbackData: true, fallbackReason: 'svc used its shipped sample' });
    expect(why.status).toBe(200);
    expect(dataSourceCheck(why.out.report.checks)).toMatchObject({ status: 'review', value: 'mktop' });
    expect(dataSourceCheck(why.out.report.checks).detail).toContain('the prices are fallback data: svc used its shipped sample');
    // A reason alone states no fallback: the check passes.
    const alone = await send<Risk>('/api/risk/report', { ...body, sourceLabel: 'mktop', fallbackReason: 'x' });
    expect(dataSourceCheck(alone.out.report.checks).status).toBe('pass');
  });
});
