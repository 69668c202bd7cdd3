/**
 * GET /api/market-model/market-depth (service token) and `svc depth import|show`: walk-the-book
 * over stored order-book snapshots (src/engines/depth.ts). Display only.
 */
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';
import { DepthQuery, DepthResponse } from '../../domain/tsoplatform.js';
import { DEFAULT_RISK_THRESHOLDS, depthWithin, referencePrice, walkBook, type Side } from '../../engines/depth.js';
import { defineOperation } from '../types.js';

export const DEPTH_DISCLAIMER =
  'Display only: computed from stored order-book snapshots as captured. Not a forecast, not an order recommendation and not a fill guarantee.';

export const marketDepth = defineOperation({
  id: 'market.depth',
  summary: 'Walk-the-book slippage, depth and execution risk by size',
  description:
    'For each stored delivery hour of `tradeDate` (newest capture per hour; `hour` for one) and each size in `sizes` (MWh): ' +
    'fillable volume, volume-weighted price, slippage against the best level and the clearing price (positive = worse for ' +
    'the taker), depth within ±`bandPct` % of the clearing price (else the mid), and an execution-risk level: low when ' +
    'slippage against best is at most 1 %, medium at most 5 %, high above, extreme when the book cannot fill the size. ' +
    'Snapshots are imported with `svc depth import`. Display only: not a forecast, an order recommendation or a fill ' +
    'guarantee. 404 (reason `no_snapshot`) when nothing is stored for the date.',
  tags: ['market-model'],
  access: 'serviceToken',
  input: DepthQuery,
  output: DepthResponse,
  http: { method: 'GET', path: '/api/market-model/market-depth', inputFrom: 'query', successStatus: 200, errors: [400, 401, 404, 429, 503] },
  async run(ctx, input) {
    const stores = await ctx.stores();
    const snapshots = (await stores.depth.latest(input.tradeDate)).filter((s) => input.hour === undefined || s.hour === input.hour);
    if (snapshots.length === 0) {
      throw new SvcError('not_found', `no order-book snapshot stored for ${input.tradeDate}${input.hour === undefined ? '' : ` hour ${input.hour}`}`, { reason: 'no_snapshot' });
    }
    const sides: Side[] = input.side === 'both' ? ['buy', 'sell'] : [input.side];
    const total = (levels: { volume: number }[]) => levels.reduce((s, l) => s + Math.max(0, l.volume), 0);
    return {
      tradeDate: input.tradeDate,
      unit: 'UAH/MWh' as const,
      bandPct: input.bandPct,
      thresholds: { ...DEFAULT_RISK_THRESHOLDS, partialFill: 'extreme' as const },
      hours: snapshots.map((s) => {
        const reference = referencePrice(s, s.clearingPrice);
        return {
          hour: s.hour,
          capturedAt: s.capturedAt,
          clearingPriceUahMwh: s.clearingPrice,
          referencePriceUahMwh: reference,
          depth: reference === null ? { sellMwh: 0, buyMwh: 0 } : depthWithin(s, reference, input.bandPct),
          curves: { sellMwh: total(s.sell), buyMwh: total(s.buy) },
          fills: input.sizes.flatMap((size) => sides.map((side) => walkBook(s, side, size, s.clearingPrice))),
        };
      }),
      disclaimer: DEPTH_DISCLAIMER,
    };
  },
});

export const DepthImportRequest = z.strictObject({ text: z.string().min(1), source: z.string().default('file') });
export const DepthImportResponse = z.strictObject({
  imported: z.number().int(),
  snapshots: z.array(z.strictObject({ id: z.string(), tradeDate: z.string(), hour: z.number().int(), capturedAt: z.string(), sellLevels: z.number().int(), buyLevels: z.number().int() })),
});

export const depthImport = defineOperation({
  id: 'market.depth.import',
  summary: 'Store order-book snapshots (command line: svc depth import)',
  description: 'Parses a CSV or JSON snapshot file (layout in docs/data.md) and stores each hour with its capture time.',
  tags: ['market-model'],
  access: 'serviceToken',
  input: DepthImportRequest,
  output: DepthImportResponse,
  async run(ctx, input) {
    const { parseDepthFile } = await import('../../data/depth-book.js');
    const parsed = parseDepthFile(input.text, ctx.now().toISOString());
    const snapshots = parsed.map((s) => ({ ...s, id: ctx.newId() }));
    await (await ctx.stores()).depth.save(snapshots);
    return {
      imported: snapshots.length,
      snapshots: snapshots.map((s) => ({ id: s.id, tradeDate: s.tradeDate, hour: s.hour, capturedAt: s.capturedAt, sellLevels: s.sell.length, buyLevels: s.buy.length })),
    };
  },
});
