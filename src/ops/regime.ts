/**
 * GET /api/regime: the cross-border scarcity regime of one Kyiv day (src/engines/regime.ts,
 * docs/regime.md). Gathers the inputs (flows on every border, the UA DAM daily mean from the
 * market-operator data, the official UAH/EUR rate, the neighbours' day-ahead daily means), derives
 * the basis and classifies. Only derived values leave: never a raw exchange-owned price.
 */
import { SvcError } from '../domain/errors.js';
import { RegimeQuery, RegimeResponse } from '../domain/tsoplatform.js';
import { classifyRegime, DEFAULT_REGIME_THRESHOLDS, derivedBasisEurMwh } from '../engines/regime.js';
import { fixtureRate } from '../providers/rates/index.js';
import { BORDERS, type RegionalZone } from '../providers/tsoplatform/eic.js';
import { readFlows, readZoneDailyMeans } from '../providers/tsoplatform/reads.js';
import type { Freshness } from '../providers/tsoplatform/source.js';
import { resolveRange, tsoDeps } from './tsoplatform-shared.js';
import { mktopDeps, upstream } from './market-data-shared.js';
import { readMonthPrices } from '../providers/mktop/reads.js';
import { defineOperation, type OpContext } from './types.js';

export const NEIGHBOUR_ZONES: readonly RegionalZone[] = ['PL', 'SK', 'HU', 'RO'];
/** The UA DAM daily mean from the market operator (through the market-data cache), with its freshness. */
async function uaDamDailyMean(ctx: OpContext, date: string): Promise<{ mean: number; source: string; status: 'fresh' | 'stale' | 'fixture'; fetchedAt: string | null } | null> {
  const read = await upstream(() => readMonthPrices(mktopDeps(ctx), { month: date.slice(3), market: 'DAM' }));
  const periods = read.data.days.find((d) => d.date === date)?.periods;
  if (!periods || periods.length === 0) return null;
  const f = read.freshness;
  return { mean: periods.reduce((s, p) => s + p, 0) / periods.length, source: f.source, status: f.source === 'fixture' ? 'fixture' : f.status === 'fresh' ? 'fresh' : 'stale', fetchedAt: f.fetchedAt };
}

const missing = (what: string): SvcError =>
  new SvcError('not_found', `regime inputs missing for the date: ${what}`, { reason: 'inputs_missing' });

const state = (name: string, date: string, f: Freshness) => ({ name, date, source: f.source, status: f.status, fetchedAt: f.fetchedAt });

export async function regimeFor(ctx: OpContext, date: string): Promise<RegimeResponse> {
  const deps = tsoDeps(ctx);
  const borders = [];
  const inputs = [];
  let sum = 0;
  let hours = 0;
  for (const border of BORDERS) {
    const flows = await readFlows(deps, border, date, date);
    const nets = flows.hours.map((h) => h.netFlowMw).filter((v): v is number => v !== null);
    borders.push({ border, netImportMw: nets.length ? nets.reduce((s, v) => s + v, 0) / nets.length : null });
    if (nets.length) {
      sum += nets.reduce((s, v) => s + v, 0) / nets.length;
      hours += nets.length;
    }
    inputs.push(state(`flows ${border}`, date, flows.freshness));
  }
  if (hours === 0) throw missing('no cross-border flows');
  const uaRead = await uaDamDailyMean(ctx, date).catch((error: unknown) => {
    // No operator price for the date (nothing cached, fixtures end 31.12.2024): the input is missing.
    if (error instanceof SvcError && error.code === 'upstream_error') return null;
    throw error;
  });
  if (uaRead === null) throw missing('no Ukrainian DAM prices');
  const ua = uaRead.mean;
  inputs.push({ name: 'UA DAM daily mean (market operator)', date, source: uaRead.source, status: uaRead.status, fetchedAt: uaRead.fetchedAt });
  const rate = fixtureRate(date);
  if (!rate) throw missing('no official UAH/EUR rate');
  inputs.push({ name: 'official UAH/EUR rate', date: rate.rateDate, source: rate.source, status: 'fixture' as const, fetchedAt: null });
  const zones = await readZoneDailyMeans(deps, NEIGHBOUR_ZONES, date);
  const priced = NEIGHBOUR_ZONES.filter((z) => zones.means[z] !== undefined);
  if (priced.length === 0) throw missing('no neighbour day-ahead prices');
  const reference = priced.reduce((s, z) => s + (zones.means[z] ?? 0), 0) / priced.length;
  zones.freshness.forEach((f, i) => inputs.push(state(`day-ahead ${NEIGHBOUR_ZONES[i] ?? ''}`, date, f)));
  const basis = derivedBasisEurMwh(ua, rate.uahPerEur, reference);
  const signal = classifyRegime({ netImportMw: sum, basisEurMwh: basis });
  return {
    date,
    regime: signal.regime,
    score: signal.score,
    basis: { valueEurMwh: basis, level: signal.basisLevel, neighbours: priced },
    flow: { direction: signal.flowDirection, netImportMw: sum, borders },
    rate,
    thresholds: { ...DEFAULT_REGIME_THRESHOLDS },
    inputs,
    disclaimer:
      'A present-state signal derived from published flows and prices, not a forecast and not a trading instruction. ' +
      'Only the derived basis is shown; raw exchange-owned prices are not redistributed.',
  };
}

export const regime = defineOperation({
  id: 'regime',
  summary: 'Cross-border scarcity regime (scarce | balanced | surplus)',
  description:
    'Deterministic present-state signal for the Kyiv trade day `date` (default the newest available day): the derived ' +
    'Ukraine-EU basis in EUR/MWh (UA DAM daily mean at the central bank\'s official rate minus the mean of the PL, SK, HU, ' +
    'RO day-ahead daily means) and its level, the net import position over all borders and its direction, the score and ' +
    'thresholds, and every input\'s date, source and freshness. Never a raw exchange price. See docs/regime.md. ' +
    '404 with reason `inputs_missing` when an input has no value for the date.',
  tags: ['system'],
  access: 'key',
  input: RegimeQuery,
  output: RegimeResponse,
  http: { method: 'GET', path: '/api/regime', inputFrom: 'query', successStatus: 200, errors: [400, 401, 404, 429, 502] },
  async run(ctx, input) {
    return regimeFor(ctx, resolveRange(ctx, input).from);
  },
});
