/**
 * Records of the transmission-platform reads (flows, system operations, regime) and of market
 * depth. The spec leaves their fields open ("not shown"); these shapes are documented in the
 * OpenAPI description and docs/data.md.
 */
import { z } from 'zod';
import { TradeDate } from './common.js';

export const Freshness = z.strictObject({
  source: z.enum(['live', 'cache', 'fixture']),
  status: z.enum(['fresh', 'stale', 'fixture']),
  fetchedAt: z.string().nullable(),
  note: z.string(),
});

const Slot = {
  tradeDate: z.string(),
  hour: z.number().int().min(0).max(23),
  period: z.number().int().min(1).max(25).describe('1..23/24/25 within the Kyiv trade day (clock-change days)'),
  utcStart: z.string(),
};

export const BorderCode = z.enum(['PL', 'SK', 'HU', 'RO', 'MD']);

/** Date or range: `date`, or `from` and `to` (at most 31 days); none = the newest available day. */
export const DateRangeQuery = {
  date: TradeDate.optional().describe('one Kyiv trade day DD.MM.YYYY'),
  from: TradeDate.optional().describe('first day of a range (with `to`)'),
  to: TradeDate.optional().describe('last day of a range, at most 31 days after `from`'),
};

export const FlowsQuery = z.strictObject({ border: BorderCode.default('PL'), ...DateRangeQuery });
export type FlowsQuery = z.infer<typeof FlowsQuery>;

export const FlowHour = z.strictObject({
  ...Slot,
  leg: z.strictObject({
    fromTo: z.number().nullable().describe('MW from Ukraine (UA-IPS) to the border zone; null when the platform has no value'),
    toFrom: z.number().nullable().describe('MW from the border zone to Ukraine'),
  }),
  netFlowMw: z.number().nullable().describe('toFrom - fromTo: positive = net import into Ukraine'),
});

export const FlowsResponse = z.strictObject({
  border: BorderCode,
  leg: z.strictObject({ from: z.literal('UA'), to: BorderCode, fromEic: z.string(), toEic: z.string() }),
  from: z.string(),
  to: z.string(),
  unit: z.literal('MW'),
  source: z.enum(['live', 'cache', 'fixture']),
  freshness: Freshness,
  noData: z.boolean().describe('true when the platform acknowledged the request with "no data"'),
  summary: z.strictObject({ hours: z.number().int(), netImportMwh: z.number(), maxImportMw: z.number().nullable(), maxExportMw: z.number().nullable() }),
  hours: z.array(FlowHour),
});
export type FlowsResponse = z.infer<typeof FlowsResponse>;

const MixRecord = z.strictObject({
  nuclear: z.number(), coal: z.number(), gas: z.number(), hydro: z.number(), wind: z.number(), solar: z.number(), other: z.number(),
});

export const SystemQuery = z.strictObject({ date: TradeDate.optional().describe('Kyiv trade day; default the newest available day') });

export const SystemHour = z.strictObject({
  ...Slot,
  loadMw: z.number().nullable(),
  generationMw: MixRecord,
  totalGenerationMw: z.number(),
  shares: MixRecord.describe('share of each group in total generation, 0..1'),
});

export const SystemResponse = z.strictObject({
  date: z.string(),
  zone: z.literal('UA-IPS'),
  source: z.enum(['live', 'cache', 'fixture']),
  freshness: Freshness,
  note: z.string(),
  noData: z.boolean(),
  day: z.strictObject({ loadMwh: z.number(), generationMwh: MixRecord, shares: MixRecord }),
  hours: z.array(SystemHour),
});
export type SystemResponse = z.infer<typeof SystemResponse>;
