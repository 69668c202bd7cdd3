/**
 * The platform reads the operations need, as plain records: flows of one border in both
 * directions, Ukrainian load and generation mix, and daily means of neighbours' day-ahead prices
 * (used only to derive the basis; never passed on raw). Without a token only the flows have a
 * fixture (real flows); the synthetic load, generation and price samples in fixtures/tsoplatform/
 * are parser test inputs and are never served: those reads answer "no data".
 */
import { SvcError } from '../../domain/errors.js';
import { TsoPlatformError } from './client.js';
import { flowGaps, type FlowGapReport } from './coverage.js';
import { BORDER_EIC, type Border, mixGroupOf, MIX_GROUPS, type MixGroup, UA_IPS, ZONE_EIC, type RegionalZone } from './eic.js';
import { dailyMeans, toKyivHours, type HourValue } from './hourly.js';
import type { ParsedDocument } from './parse.js';
import { getDocument, shippedAnswer, worstFreshness, type DocumentRequest, type Freshness, type TsoDeps } from './source.js';
import { kyivDayStartUtc, platformStamp, tradeDatesBetween } from './time.js';

const DAY = 86_400_000;

/** A platform failure as the one error type: 502 upstream with a reason, never the token. */
export function asUpstreamError(error: unknown): unknown {
  if (!(error instanceof TsoPlatformError)) return error;
  return new SvcError('upstream_error', `transmission-data platform: ${error.message}`, { reason: `tsoplatform_${error.kind}` });
}

function periodParams(dates: readonly string[]): { periodStart: string; periodEnd: string } {
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;
  return { periodStart: platformStamp(kyivDayStartUtc(first)), periodEnd: platformStamp(kyivDayStartUtc(last) + DAY + 2 * 3_600_000) };
}

function hoursOf(doc: ParsedDocument, dates: readonly string[], pick: (s: Extract<ParsedDocument, { kind: 'publication' }>['series'][number]) => boolean = () => true): HourValue[] {
  if (doc.kind !== 'publication') return [];
  const wanted = new Set(dates);
  return toKyivHours(doc.series.filter(pick).flatMap((s) => s.points)).filter((h) => wanted.has(h.tradeDate));
}

export interface FlowHourRecord {
  tradeDate: string;
  hour: number;
  period: number;
  utcStart: string;
  leg: { fromTo: number | null; toFrom: number | null };
  netFlowMw: number | null;
}

/**
 * Both legs of a border, hour by hour, over the Kyiv days from..to, with what they lack (`gaps`:
 * coverage.ts). `noData` when no hour of the range has a value: the platform's "no data"
 * acknowledgement, or an answer (or the shipped fixtures) holding none of the range's hours.
 */
export async function readFlows(deps: TsoDeps, border: Border, from: string, to: string): Promise<{ hours: FlowHourRecord[]; freshness: Freshness; noData: boolean; gaps: FlowGapReport }> {
  const dates = tradeDatesBetween(from, to);
  const eic = BORDER_EIC[border];
  try {
    const exportsReq: DocumentRequest = { params: { documentType: 'A11', out_Domain: UA_IPS, in_Domain: eic, ...periodParams(dates) }, fixtures: [`flows-UA-${border}.xml`] };
    const importsReq: DocumentRequest = { params: { documentType: 'A11', out_Domain: eic, in_Domain: UA_IPS, ...periodParams(dates) }, fixtures: [`flows-${border}-UA.xml`] };
    let exports = await getDocument(deps, exportsReq);
    let imports = await getDocument(deps, importsReq);
    // One leg from the shipped file and the other from the platform would net two sources into one
    // flow and be labelled by the fresher: when either fell back, both legs are the shipped file's.
    if (exports.freshness.source === 'fixture' && imports.freshness.source !== 'fixture') imports = shippedAnswer(importsReq, exports.freshness);
    else if (imports.freshness.source === 'fixture' && exports.freshness.source !== 'fixture') exports = shippedAnswer(exportsReq, imports.freshness);
    const byStart = new Map<string, FlowHourRecord>();
    const slot = (h: HourValue): FlowHourRecord => {
      const existing = byStart.get(h.utcStart);
      if (existing) return existing;
      const created: FlowHourRecord = { tradeDate: h.tradeDate, hour: h.hour, period: h.period, utcStart: h.utcStart, leg: { fromTo: null, toFrom: null }, netFlowMw: null };
      byStart.set(h.utcStart, created);
      return created;
    };
    for (const h of hoursOf(exports.doc, dates)) slot(h).leg.fromTo = h.value;
    for (const h of hoursOf(imports.doc, dates)) slot(h).leg.toFrom = h.value;
    const hours = [...byStart.values()].sort((a, b) => a.utcStart.localeCompare(b.utcStart));
    for (const h of hours) h.netFlowMw = h.leg.fromTo === null || h.leg.toFrom === null ? null : h.leg.toFrom - h.leg.fromTo;
    const freshness = worstFreshness(exports.freshness, imports.freshness);
    const acknowledged = exports.doc.kind === 'acknowledgement' && imports.doc.kind === 'acknowledgement';
    return { hours, freshness, noData: acknowledged || hours.length === 0, gaps: flowGaps(hours, from, to) };
  } catch (error) {
    throw asUpstreamError(error);
  }
}

export interface SystemHourRecord {
  tradeDate: string;
  hour: number;
  period: number;
  utcStart: string;
  loadMw: number | null;
  generationMw: Record<MixGroup, number>;
  totalGenerationMw: number;
  shares: Record<MixGroup, number>;
}

const zeroMix = (): Record<MixGroup, number> => Object.fromEntries(MIX_GROUPS.map((g) => [g, 0])) as Record<MixGroup, number>;

export async function readSystem(deps: TsoDeps, date: string): Promise<{ hours: SystemHourRecord[]; freshness: Freshness; noData: boolean }> {
  const dates = [date];
  try {
    const load = await getDocument(deps, { params: { documentType: 'A65', processType: 'A16', outBiddingZone_Domain: UA_IPS, ...periodParams(dates) }, fixtures: [] });
    const gen = await getDocument(deps, { params: { documentType: 'A75', processType: 'A16', in_Domain: UA_IPS, ...periodParams(dates) }, fixtures: [] });
    const byStart = new Map<string, SystemHourRecord>();
    const slot = (h: HourValue): SystemHourRecord => {
      let r = byStart.get(h.utcStart);
      if (!r) {
        r = { tradeDate: h.tradeDate, hour: h.hour, period: h.period, utcStart: h.utcStart, loadMw: null, generationMw: zeroMix(), totalGenerationMw: 0, shares: zeroMix() };
        byStart.set(h.utcStart, r);
      }
      return r;
    };
    for (const h of hoursOf(load.doc, dates)) slot(h).loadMw = h.value;
    if (gen.doc.kind === 'publication') {
      for (const series of gen.doc.series) {
        const group = mixGroupOf(series.psrType);
        for (const h of hoursOf({ ...gen.doc, series: [series] }, dates)) slot(h).generationMw[group] += h.value;
      }
    }
    const hours = [...byStart.values()].sort((a, b) => a.utcStart.localeCompare(b.utcStart));
    for (const h of hours) {
      h.totalGenerationMw = MIX_GROUPS.reduce((s, g) => s + h.generationMw[g], 0);
      for (const g of MIX_GROUPS) h.shares[g] = h.totalGenerationMw > 0 ? h.generationMw[g] / h.totalGenerationMw : 0;
    }
    const freshness = load.freshness.status === 'stale' ? load.freshness : gen.freshness;
    return { hours, freshness, noData: load.doc.kind === 'acknowledgement' && gen.doc.kind === 'acknowledgement' };
  } catch (error) {
    throw asUpstreamError(error);
  }
}

/** Daily mean day-ahead price of each zone (EUR/MWh), 15-minute products averaged to hours first. */
export async function readZoneDailyMeans(deps: TsoDeps, zones: readonly RegionalZone[], date: string): Promise<{ means: Partial<Record<RegionalZone, number>>; freshness: Freshness[] }> {
  const means: Partial<Record<RegionalZone, number>> = {};
  const freshness: Freshness[] = [];
  try {
    for (const zone of zones) {
      const eic = ZONE_EIC[zone];
      const res = await getDocument(deps, { params: { documentType: 'A44', in_Domain: eic, out_Domain: eic, ...periodParams([date]) }, fixtures: [] });
      freshness.push(res.freshness);
      const day = dailyMeans(hoursOf(res.doc, [date]))[0];
      if (day) means[zone] = day.value;
    }
  } catch (error) {
    throw asUpstreamError(error);
  }
  return { means, freshness };
}
