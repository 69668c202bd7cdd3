/**
 * One verdict per day: the trading brief's risk facts and action gate come from the very report
 * POST /api/risk/report gives for the same day and settings (issue 9). Runs every day of the
 * shipped 2022–2024 fixture through both operations.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BESS_SETTINGS } from '../../src/domain/settings.js';
import { tradingBrief } from '../../src/ops/ai/brief.js';
import { riskReport } from '../../src/ops/strategy/risk.js';
import { call, localCtx } from './helpers.js';
import { realDays } from '../engines/oracle-data.js';

/** Every complete ordinary day of the shipped fixture. */
function fixtureDays(): Map<string, number[]> {
  return new Map(realDays().map((d) => [d.date, d.prices]));
}

const settings = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 4, feeUahPerMwh: 10 };
const points = (prices: readonly number[]) => prices.map((priceUahMwh, hour) => ({ hour, priceUahMwh }));

async function both(tradeDate: string, prices: readonly number[]) {
  const c = localCtx();
  const risk = await call(riskReport, c, { tradeDate, prices: points(prices), strategySettings: settings, bessSettings: DEFAULT_BESS_SETTINGS });
  const brief = await call(tradingBrief, c, { tradeDate, prices: points(prices), settings, locale: 'en' });
  const fact = (key: string) => brief.brief.auditTrail.facts.find((f) => f.key === key)?.value;
  return { risk: risk.report, brief: brief.brief, fact };
}

describe('one verdict: brief and risk report agree', () => {
  it('on every day of the 2022–2024 fixture: same status and score, and a blocked day is never ready', async () => {
    const days = fixtureDays();
    expect(days.size).toBeGreaterThan(1000);
    const statuses = new Set<string>();
    for (const [date, prices] of days) {
      const { risk, brief, fact } = await both(date, prices);
      statuses.add(risk.overallStatus);
      expect({ date, status: fact('riskStatus'), score: fact('riskScore') }).toEqual({ date, status: risk.overallStatus, score: risk.score });
      expect(brief.auditTrail.facts.find((f) => f.key === 'riskStatus')).toBeDefined();
      if (risk.overallStatus === 'blocked') expect({ date, gate: brief.actionGate.status }).toEqual({ date, gate: 'hold' });
      if (brief.actionGate.status === 'ready') expect({ date, risk: risk.overallStatus }).toEqual({ date, risk: 'ready' });
    }
    // The comparison means something only if the fixture holds more than one verdict.
    expect(statuses.size).toBeGreaterThan(1);
  }, 120_000);

  it('an hour-0 price above a confirmed cap blocks both (the observed 15,000 UAH/MWh day)', async () => {
    const prices = fixtureDays().get('15.12.2024') as number[];
    const spiked = [15_000, ...prices.slice(1)];
    const { risk, brief, fact } = await both('15.12.2024', spiked);
    expect(risk.overallStatus).toBe('blocked');
    expect(fact('riskStatus')).toBe('blocked');
    expect(brief.actionGate.status).toBe('hold');
    expect(risk.checks.find((c) => c.id === 'priceAnomaly')?.detail).toMatch(/data are wrong/);
  });

  it('a price above a cap the table only infers (contradicted by later data) is a review, worded as such, in both', async () => {
    // R7 (from 31.03.2026): the 0–7 cap of 5,600 is marked contradicted-by-data in the caps table.
    const prices = fixtureDays().get('15.12.2024') as number[];
    const spiked = [15_000, ...prices.slice(1)];
    const { risk, fact } = await both('15.06.2026', spiked);
    const anomaly = risk.checks.find((c) => c.id === 'priceAnomaly');
    expect(anomaly?.status).toBe('review');
    expect(anomaly?.detail).toMatch(/infers for that date/);
    expect(anomaly?.detail).toMatch(/may be out of date/);
    expect(anomaly?.detail).not.toMatch(/data are wrong/);
    expect(risk.overallStatus).not.toBe('blocked');
    expect(fact('riskStatus')).toBe(risk.overallStatus);
  });
});
