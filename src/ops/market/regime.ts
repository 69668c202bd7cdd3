/**
 * GET /api/regime: the cross-border scarcity regime of one Kyiv day (src/engines/regime.ts,
 * docs/regime.md). Gathers real inputs only: flows on every border (the platform, or its real
 * flows shipped as fixtures: hourly documents for a few days, daily net positions 02.2022–03.2023), the UA DAM daily base from the market operator's prices (through
 * the market-data cache, falling back to the shipped operator prices), the central bank's
 * official UAH/EUR rate (live NBU, cache, or the shipped official series), and the neighbours'
 * day-ahead daily base (the platform's A44 prices with a token, else the shipped real series).
 * The basis needs all of its inputs (404 `inputs_missing` naming each missing one); a day without
 * flow data is answered on the basis alone and says so in `missing`; so is a border without data, or
 * whose day lacks hours, when the others have some (its mean is over the hours present). Only derived values leave:
 * never a raw exchange-owned price.
 */
import { SvcError } from '../../domain/errors.js';
import { RegimeQuery, RegimeResponse } from '../../domain/tsoplatform.js';
import { classifyRegime, DEFAULT_REGIME_THRESHOLDS, derivedBasisEurMwh } from '../../engines/regime.js';
import { EU_DAM_FIXTURE_NAME, EU_DAM_ZONES, fixtureDailyBase } from '../../providers/eudam/index.js';
import { UpstreamError } from '../../providers/mktop/errors.js';
import { readMonthPrices } from '../../providers/mktop/reads.js';
import { readOfficialRate } from '../../providers/rates/index.js';
import { DAILY_NET_FIXTURE_NAME, DAILY_NET_LAST, fixtureDailyNet } from '../../providers/tsoplatform/daily-net.js';
import { BORDERS, type RegionalZone } from '../../providers/tsoplatform/eic.js';
import { readFlows, readZoneDailyMeans } from '../../providers/tsoplatform/reads.js';
import type { Freshness } from '../../providers/tsoplatform/source.js';
import { mktopDeps, ratesDeps, upstream } from './market-data-shared.js';
import { FIXTURE_FLOW_DAYS, flowGapPhrases, noDataWhere, noFlowData, platformLive, platformOff, RANGE_FLAGS, resolveRange, tsoDeps } from '../grid/tsoplatform-shared.js';
import { kyivPeriods } from '../../providers/tsoplatform/time.js';
import { defineOperation, type OpContext } from '../types.js';
import { inputFrom, regimeView } from './regime-view.js';

export const NEIGHBOUR_ZONES: readonly RegionalZone[] = EU_DAM_ZONES;

type Input = RegimeResponse['inputs'][number];
type Missing = RegimeResponse['missing'][number];

const statusOf = (f: { source: string; status: string }): Input['status'] =>
  f.source === 'fixture' ? 'fixture' : f.status === 'fresh' ? 'fresh' : 'stale';

const state = (name: string, date: string, f: Freshness): Input => ({ name, date, source: f.source, status: f.status, fetchedAt: f.fetchedAt });

/** The UA DAM daily base (mean of the Kyiv day's published periods) from the market operator. */
async function uaDamDailyBase(ctx: OpContext, date: string): Promise<{ mean: number; input: Input } | Missing> {
  const name = 'UA DAM daily base (market operator)';
  let read;
  try {
    read = await upstream(() => readMonthPrices(mktopDeps(ctx), { month: date.slice(3), market: 'DAM' }));
  } catch (error) {
    if (error instanceof SvcError && error.code === 'upstream_error') return { name, reason: `no operator prices for ${date}: ${error.message}` };
    throw error;
  }
  const periods = read.data.days.find((d) => d.date === date)?.periods;
  if (!periods || periods.length === 0) return { name, reason: `the operator's prices of ${date.slice(3)} hold no ${date}` };
  const f = read.freshness;
  return { mean: periods.reduce((s, p) => s + p, 0) / periods.length, input: { name, date, source: f.source, status: statusOf(f), fetchedAt: f.fetchedAt } };
}

async function officialRate(ctx: OpContext, date: string): Promise<{ rate: RegimeResponse['rate']; input: Input } | Missing> {
  const name = 'official UAH/EUR rate (central bank)';
  try {
    const { rate, freshness } = await readOfficialRate(ratesDeps(ctx), date);
    return { rate, input: { name, date: rate.rateDate, source: freshness.source, status: statusOf(freshness), fetchedAt: freshness.fetchedAt } };
  } catch (error) {
    if (error instanceof UpstreamError) return { name, reason: `${error.message} (the shipped official series covers 01.01.2022–31.12.2025)` };
    throw error;
  }
}

/**
 * Each neighbour's day-ahead daily base: the platform's A44 prices over the Kyiv day with a token;
 * otherwise, or for a zone the platform did not answer, the shipped real series (the UTC day).
 */
async function neighbours(ctx: OpContext, date: string): Promise<{ means: Partial<Record<string, number>>; inputs: Input[]; failed: string | null }> {
  const means: Partial<Record<string, number>> = {};
  const inputs: Input[] = [];
  let failed: string | null = null;
  if (platformLive(ctx.config)) {
    let live: Awaited<ReturnType<typeof readZoneDailyMeans>> | undefined;
    try {
      live = await readZoneDailyMeans(tsoDeps(ctx), NEIGHBOUR_ZONES, date);
    } catch (error) {
      // SVC_MARKET_DATA=auto: a platform that failed leaves the shipped series below, said in their names; live mode,
      // a refused token and anything but the platform's own failure are the error.
      const platformFailed = error instanceof SvcError && error.code === 'upstream_error' && error.reason?.startsWith('tsoplatform_') === true;
      if (ctx.config.marketData.mode === 'live' || !platformFailed || (error as SvcError).reason === 'tsoplatform_unauthorized') throw error;
      failed = (error as SvcError).reason ?? 'tsoplatform_unavailable';
    }
    NEIGHBOUR_ZONES.forEach((z, i) => {
      const f = live?.freshness[i];
      if (live?.means[z] === undefined || !f) return;
      means[z] = live.means[z];
      inputs.push(state(`day-ahead ${z} (platform A44, Kyiv day)`, date, f));
    });
  }
  const rest = NEIGHBOUR_ZONES.filter((z) => means[z] === undefined);
  const shipped = fixtureDailyBase(date, rest);
  for (const z of rest) {
    if (shipped[z] === undefined) continue;
    means[z] = shipped[z];
    inputs.push({ name: `day-ahead ${z} daily base (${EU_DAM_FIXTURE_NAME}, UTC day${failed ? `; the platform failed: ${failed}` : ''})`, date, source: 'fixture', status: 'fixture', fetchedAt: null });
  }
  return { means, inputs, failed };
}

const isMissing = (x: object): x is Missing => 'reason' in x;

/** The cross-border flows of a day as the regime reads them: one source, each border's mean, and what it lacks. */
interface FlowTally {
  borders: RegimeResponse['flow']['borders'];
  inputs: Input[];
  sum: number;
  priced: number;
  /** Whether the platform itself answered a border (live or its cache), not its shipped documents. */
  answered: boolean;
  /** Borders whose mean is over part of the day, and borders without data: named in `missing`, never averaged silently. */
  partial: Missing[];
  absent: { border: string; where: string }[];
}

const emptyTally = (): FlowTally => ({ borders: [], inputs: [], sum: 0, priced: 0, answered: false, partial: [], absent: [] });

/** Each border's hourly flows (the platform, its cache or the shipped documents), averaged over the hours with a net flow. */
async function hourlyFlows(ctx: OpContext, date: string): Promise<FlowTally> {
  const deps = tsoDeps(ctx);
  const f = emptyTally();
  for (const border of BORDERS) {
    const flows = await readFlows(deps, border, date, date);
    if (flows.freshness.source !== 'fixture') f.answered = true;
    const nets = flows.hours.map((h) => h.netFlowMw).filter((v): v is number => v !== null);
    const mean = nets.length ? nets.reduce((s, v) => s + v, 0) / nets.length : null;
    f.borders.push({ border, netImportMw: mean });
    if (mean === null) {
      f.absent.push({ border, where: noDataWhere(flows.freshness.source) });
      continue;
    }
    f.sum += mean;
    f.priced += 1;
    const g = flows.gaps;
    f.inputs.push(state(`flows ${border}${g.complete ? '' : ` (${g.hoursWithNet} of ${g.expectedHours} hours)`}`, date, flows.freshness));
    if (!g.complete) {
      f.partial.push({ name: `flows ${border}`, reason: `${flowGapPhrases(g, flows.freshness.source).hours ?? ''}: the border's mean is over the ${g.hoursWithNet} hours with data` });
    }
  }
  return f;
}

/** The real daily net position shipped for 02.2022–03.2023: the day's flows when no hourly document holds them. */
function dailyNetFlows(date: string): FlowTally {
  const daily = fixtureDailyNet(date);
  const hoursOfDay = kyivPeriods(date);
  const f = emptyTally();
  for (const border of BORDERS) {
    const d = daily[border];
    f.borders.push({ border, netImportMw: d ? d.netImportMw : null });
    if (!d) {
      f.absent.push({ border, where: `the shipped daily net positions (${DAILY_NET_FIXTURE_NAME}) have no row for it` });
      continue;
    }
    f.sum += d.netImportMw;
    f.priced += 1;
    const short = d.hours < hoursOfDay;
    f.inputs.push({ name: `flows ${border} (daily net${short ? `, ${d.hours} of ${hoursOfDay} hours` : ''}, ${DAILY_NET_FIXTURE_NAME})`, date, source: 'fixture', status: 'fixture', fetchedAt: null });
    if (short) {
      f.partial.push({ name: `flows ${border}`, reason: `the shipped daily net position of ${date} is the mean over ${d.hours} of ${hoursOfDay} hours (which hours lack data is not recorded)` });
    }
  }
  return f;
}

export async function regimeFor(ctx: OpContext, date: string): Promise<RegimeResponse> {
  const hourly = await hourlyFlows(ctx, date);
  // No hourly document holds the day (and the platform did not answer): the shipped daily net positions.
  const flows = hourly.priced === 0 && !hourly.answered ? dailyNetFlows(date) : hourly;
  const { borders, sum, priced } = flows;
  const inputs: Input[] = [...flows.inputs];
  const missing: Missing[] = [];
  if (priced > 0) {
    for (const { border, where } of flows.absent) missing.push({ name: `flows ${border}`, reason: `${noFlowData(date, date, where)}: the net position sums the other borders` });
    missing.push(...flows.partial);
  }
  if (priced === 0) {
    missing.push({
      name: 'cross-border flows',
      reason: hourly.answered
        ? `the platform has no flow data for ${date}`
        : `no real flow data for ${date} ${platformOff(ctx.config)?.clause ?? '(the platform failed and the shipped flows do not hold it)'} (the shipped real flows: daily net positions 01.02.2022–31.03.2023 in ${DAILY_NET_FIXTURE_NAME}, hourly documents ${FIXTURE_FLOW_DAYS})`,
    });
  }
  const ua = await uaDamDailyBase(ctx, date);
  const rate = await officialRate(ctx, date);
  const zones = await neighbours(ctx, date);
  const pricedZones = NEIGHBOUR_ZONES.filter((z) => zones.means[z] !== undefined);
  const basisMissing = [ua, rate].filter(isMissing);
  if (pricedZones.length === 0) basisMissing.push({ name: 'neighbours\' day-ahead daily base', reason: `no HU, PL, RO or SK day-ahead base for ${date} (${zones.failed ? `the platform failed: ${zones.failed}; ` : ''}the shipped real series covers 01.01.2022–31.12.2025)` });
  if (isMissing(ua) || isMissing(rate) || pricedZones.length === 0) {
    const all = [...basisMissing, ...missing];
    throw new SvcError('not_found', `regime inputs missing for ${date}: ${all.map((m) => `${m.name} — ${m.reason}`).join('; ')}`, { reason: 'inputs_missing' });
  }
  inputs.push(ua.input, rate.input, ...zones.inputs);
  const reference = pricedZones.reduce((s, z) => s + (zones.means[z] ?? 0), 0) / pricedZones.length;
  const basis = derivedBasisEurMwh(ua.mean, rate.rate.uahPerEur, reference);
  const netImportMw = priced === 0 ? null : sum;
  const signal = classifyRegime({ netImportMw, basisEurMwh: basis });
  return {
    date,
    regime: signal.regime,
    score: signal.score,
    basis: { valueEurMwh: basis, level: signal.basisLevel, neighbours: pricedZones },
    flow: { direction: signal.flowDirection, netImportMw, borders },
    rate: rate.rate,
    thresholds: { ...DEFAULT_REGIME_THRESHOLDS },
    inputs,
    missing,
    disclaimer:
      'A present-state signal derived from published flows and prices, not a forecast and not a trading instruction. ' +
      'Only the derived basis is shown; raw exchange-owned prices are not redistributed.',
  };
}

export const regime = defineOperation({
  id: 'regime',
  summary: 'Cross-border scarcity regime (scarce | balanced | surplus)',
  description:
    'Deterministic present-state signal for the Kyiv trade day `date` (default today\'s Kyiv day when the platform is asked, ' +
    `else ${DAILY_NET_LAST}, the newest day of the shipped flows): the derived ` +
    'Ukraine-EU basis in EUR/MWh (UA DAM daily base at the central bank\'s official rate minus the mean of the PL, SK, HU, ' +
    'RO day-ahead daily bases) and its level, the net import position over all borders and its direction, the score and ' +
    'thresholds, and every input\'s date, source and freshness. Real inputs only: live sources when reachable, else their ' +
    'cache or the real series shipped with svc. Never a raw exchange price. See docs/regime.md. ' +
    '404 with reason `inputs_missing` when an input of the basis has no value for the date; a day without flow data is ' +
    'answered on the basis alone, with `flow.netImportMw` null and the reason in `missing`; a border with no data for the day, or ' +
    'whose day lacks hours (its mean is then over the hours present), is named in `missing` as `flows <border>` with the hours.',
  tags: ['system'],
  access: 'key',
  input: RegimeQuery,
  output: RegimeResponse,
  http: { method: 'GET', path: '/api/regime', inputFrom: 'query', successStatus: 200, errors: [400, 401, 404, 429, 502] },
  cli: {
    command: ['regime'],
    description: 'cross-border scarcity regime (scarce | balanced | surplus) from the net position and the derived UA–EU basis',
    flags: { date: RANGE_FLAGS.date },
    flagHelp: { date: `Kyiv trade day (default: today with SVC_TSOPLATFORM_TOKEN; without it, or with SVC_MARKET_DATA=fixture, the newest shipped day, ${DAILY_NET_LAST})` },
    errors: 'flags',
    remarks: (r) => {
      const notLive = r.inputs.filter((x) => x.source !== 'live');
      return [...(notLive.length > 0 ? [{ warn: `regime inputs not live: ${notLive.map((i) => `${i.name} (${inputFrom(i)})`).join('; ')}` }] : []), ...r.missing.map((m) => ({ warn: `regime input ${m.name} missing: ${m.reason}` }))];
    },
    view: regimeView,
    helpText: 'See docs/regime.md for the rule and thresholds.',
    examples: ['svc regime --date 01.11.2022', 'svc regime --format json'],
  },
  async run(ctx, input) {
    return regimeFor(ctx, resolveRange(ctx, input, DAILY_NET_LAST).from);
  },
});
