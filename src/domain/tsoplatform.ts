/**
 * Records of the transmission-platform reads (flows, system operations, regime) and of market
 * depth. The spec leaves their fields open ("not shown"); these shapes are documented in the
 * OpenAPI description and docs/data.md.
 */
import { z } from 'zod';
import { TradeDate } from './common.js';

/** One delivery hour's aggregated order book: sell (ask) and buy (bid) curves, UAH/MWh and MWh. */
export interface DepthBook {
  tradeDate: string;
  hour: number;
  capturedAt: string;
  clearingPrice: number | null;
  sell: { price: number; volume: number }[];
  buy: { price: number; volume: number }[];
}

export const Freshness = z.strictObject({
  source: z.enum(['live', 'cache', 'fixture']),
  status: z.enum(['fresh', 'stale', 'fixture']),
  fetchedAt: z.string().nullable(),
  note: z.string(),
});

const Slot = {
  tradeDate: z.string(),
  hour: z.number().int().min(0).max(23),
  period: z.number().int().min(1).max(25).describe('settlement period of the Kyiv trade day, 1..23/24/25 (svc extension): the join key to prices on clock-change days, where `hour` repeats (autumn) or skips (spring); a long CSV price book\'s hour is period - 1'),
  utcStart: z.string(),
};

export const BorderCode = z.enum(['PL', 'SK', 'HU', 'RO', 'MD']);

/** Date or range: `date`, or `from` and `to` (at most 31 days); none = today's Kyiv day when the platform is asked, else the newest day shipped. */
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

/** An hour of a Kyiv trade day without a net flow (no value, or only one leg). */
export const FlowMissingHour = z.strictObject({ tradeDate: z.string(), hour: Slot.hour, period: Slot.period, utcStart: z.string() });

/**
 * What the flows of a range lack (an svc extension: the spec leaves the envelope open): the days
 * with no value at all, and the hours without a net flow on the days that have some.
 */
export const FlowGaps = z.strictObject({
  from: z.string(),
  to: z.string(),
  complete: z.boolean().describe('true when every hour of every day in the range has a net flow'),
  calendarDays: z.number().int(),
  daysWithData: z.number().int().describe('days with at least one hour of either leg'),
  missingDays: z.number().int(),
  missing: z.array(z.string()).describe('days of the range with no flow value at all, ascending'),
  expectedHours: z.number().int().describe('hours of the range\'s Kyiv days (23/24/25 each)'),
  hoursWithNet: z.number().int().describe('hours with both legs, so a net flow: the hours `summary.netImportMwh` is over'),
  missingHours: z.array(FlowMissingHour).describe('hours without a net flow on the days that have data (a day in `missing` is not listed hour by hour)'),
});
export type FlowGaps = z.infer<typeof FlowGaps>;

export const FlowsResponse = z.strictObject({
  border: BorderCode,
  leg: z.strictObject({ from: z.literal('UA'), to: BorderCode, fromEic: z.string(), toEic: z.string() }),
  from: z.string(),
  to: z.string(),
  unit: z.literal('MW'),
  source: z.enum(['live', 'cache', 'fixture']),
  freshness: Freshness,
  noData: z.boolean().describe('true when no hour of the range has a flow value: the platform acknowledged the request with "no data", or its answer (or the shipped fixtures) holds none of the range\'s hours'),
  summary: z.strictObject({
    hours: z.number().int().describe('hours listed in `hours` (with at least one leg)'),
    netHours: z.number().int().describe('hours with a net flow: `netImportMwh` is summed over these only (svc extension)'),
    netImportMwh: z.number().describe('sum of `netFlowMw` over the `netHours` hours with a net flow, MWh; not scaled to the missing hours'),
    maxImportMw: z.number().nullable(),
    maxExportMw: z.number().nullable(),
  }),
  gaps: FlowGaps,
  hours: z.array(FlowHour),
});
export type FlowsResponse = z.infer<typeof FlowsResponse>;

const MixRecord = z.strictObject({
  nuclear: z.number(), coal: z.number(), gas: z.number(), hydro: z.number(), wind: z.number(), solar: z.number(), other: z.number(),
});

export const SystemQuery = z.strictObject({ date: TradeDate.optional().describe("Kyiv trade day; default today's") });

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

export const RegimeQuery = z.strictObject({ date: TradeDate.optional().describe("Kyiv trade day; default today's when the platform is asked (a token, not fixture mode), else the newest day of the shipped flows") });

const InputState = z.strictObject({
  name: z.string(),
  date: z.string(),
  source: z.string(),
  status: z.enum(['fresh', 'stale', 'fixture']),
  fetchedAt: z.string().nullable(),
});

export const RegimeResponse = z.strictObject({
  date: z.string(),
  regime: z.enum(['scarce', 'balanced', 'surplus']),
  score: z.number(),
  basis: z.strictObject({
    valueEurMwh: z.number().describe('derived Ukraine-EU basis: UA DAM daily mean at the official rate minus the neighbours\' reference'),
    level: z.enum(['high', 'neutral', 'low']),
    neighbours: z.array(z.string()),
  }),
  flow: z.strictObject({
    direction: z.enum(['import', 'export', 'balanced']).nullable().describe('null when no flow data exist for the day (see `missing`)'),
    netImportMw: z.number().nullable().describe('mean over the day, all borders, positive = import; null when no flow data exist for the day: the score is then the basis term alone'),
    borders: z.array(z.strictObject({ border: z.string(), netImportMw: z.number().nullable() })),
  }),
  rate: z.strictObject({ rateDate: z.string(), uahPerEur: z.number(), source: z.string() }),
  thresholds: z.strictObject({ basisScaleEurMwh: z.number(), importScaleMw: z.number(), basisLevelEurMwh: z.number(), flowDeadbandMw: z.number() }),
  inputs: z.array(InputState),
  missing: z.array(z.strictObject({ name: z.string(), reason: z.string() })).describe('inputs with no real value for the day, or for part of it (`flows <border>`: a border without data, or the hours its mean lacks), and why; never filled with a made-up value'),
  disclaimer: z.string(),
});
export type RegimeResponse = z.infer<typeof RegimeResponse>;

/** `sizes` as a comma list of MWh, e.g. `1,5,10`. */
const SizeList = z
  .string()
  .default('1,5,10,25')
  .transform((v, ctx) => {
    const sizes = v.split(',').map((s) => Number(s.trim()));
    if (sizes.length === 0 || sizes.length > 20 || sizes.some((s) => !Number.isFinite(s) || s <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'expected 1..20 comma-separated sizes > 0 (MWh)' });
      return z.NEVER;
    }
    return sizes;
  });

export const DepthQuery = z.strictObject({
  tradeDate: TradeDate.describe('delivery day DD.MM.YYYY'),
  sizes: SizeList.describe('order sizes in MWh, comma-separated (default 1,5,10,25)'),
  side: z.enum(['buy', 'sell', 'both']).default('both'),
  bandPct: z.coerce.number().gt(0).max(100).default(5).describe('depth counted within ±bandPct % of the reference price'),
  hour: z.coerce.number().int().min(0).max(23).optional().describe('one delivery hour; default all stored hours'),
});

export const DepthFill = z.strictObject({
  side: z.enum(['buy', 'sell']),
  sizeMwh: z.number(),
  fillableMwh: z.number(),
  fullyFillable: z.boolean(),
  vwap: z.number().nullable(),
  bestPrice: z.number().nullable(),
  worstPrice: z.number().nullable(),
  slippageVsBest: z.number().nullable(),
  slippageVsBestPct: z.number().nullable(),
  slippageVsClearing: z.number().nullable(),
  risk: z.enum(['low', 'medium', 'high', 'extreme']),
});

export const DepthResponse = z.strictObject({
  tradeDate: z.string(),
  unit: z.literal('UAH/MWh'),
  bandPct: z.number(),
  thresholds: z.strictObject({ lowSlippagePct: z.number(), mediumSlippagePct: z.number(), partialFill: z.literal('extreme') }),
  hours: z.array(z.strictObject({
    hour: z.number().int(),
    capturedAt: z.string(),
    clearingPriceUahMwh: z.number().nullable(),
    referencePriceUahMwh: z.number().nullable(),
    depth: z.strictObject({ sellMwh: z.number(), buyMwh: z.number() }),
    curves: z.strictObject({ sellMwh: z.number(), buyMwh: z.number() }),
    fills: z.array(DepthFill),
  })),
  disclaimer: z.string(),
});
export type DepthResponse = z.infer<typeof DepthResponse>;

export const REGIONAL_ZONE_CODES = ['PL', 'SK', 'HU', 'RO', 'DE', 'CZ', 'AT', 'HR', 'BG', 'GR', 'LT', 'LV', 'EE', 'PT', 'BE', 'FR', 'NL', 'ES'] as const;

export const MultiZoneQuery = z.strictObject({
  date: TradeDate.describe('delivery day DD.MM.YYYY (exact date)'),
  zones: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = v.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== '');
      const bad = list.filter((z) => !(REGIONAL_ZONE_CODES as readonly string[]).includes(z));
      if (list.length === 0 || bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `expected comma-separated zones of ${REGIONAL_ZONE_CODES.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(list)];
    })
    .describe('comma-separated zone codes; default all 18'),
});

/** The spec's 404 reasons of GET /api/multi-zone/prices (nothing servable for the date): svc's own store and a platform answer with the same four. */
export const MULTI_ZONE_NOT_SERVABLE = ['no_rows', 'no_rows_in_captured_artifact', 'no_complete_revision_group', 'no_displayable_zone'] as const;
export type MultiZoneNotServable = (typeof MULTI_ZONE_NOT_SERVABLE)[number];

export const MultiZoneResponse = z.strictObject({
  tradeDate: z.string(),
  unit: z.literal('EUR/MWh'),
  kind: z.literal('dailyDisplayValue'),
  provider: z.string(),
  dataset: z.string(),
  licence: z.string(),
  attribution: z.string(),
  revision: z.number().int(),
  source: z.enum(['store', 'api']),
  zones: z.array(z.strictObject({ zone: z.string(), valueEurMwh: z.number() })),
  withheld: z.array(z.strictObject({ zone: z.string(), reason: z.enum(['not_licensed', 'not_in_group']) })),
  attempt: z.strictObject({ attemptedAt: z.string(), artifactHash: z.string(), revision: z.number().int(), rows: z.number().int() }).nullable(),
  note: z.string(),
});
export type MultiZoneResponse = z.infer<typeof MultiZoneResponse>;
