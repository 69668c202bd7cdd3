/**
 * brief.priceCapContext (CLI `svc brief --caps`; no HTTP route, the spec has none): the brief's
 * `context.regulatory.priceCap` from one day's prices and a caps-table entry (src/data/caps.ts),
 * built to pass the brief's own consistency checks. Null when the entry lacks a floor or a cap.
 */
import { z } from 'zod';
import { PriceCapContext } from '../../domain/brief.js';
import { hourlyPrices } from '../../domain/hourly.js';
import { PriceDay } from '../../domain/prices.js';
import { buildPriceCapContext } from '../../engines/brief/index.js';
import { defineOperation } from '../types.js';

const hourly = z.array(z.number().nullable()).length(24);

export const PriceCapContextRequest = z.strictObject({
  prices: PriceDay,
  caps: z.object({
    decision: z.string(),
    validFrom: z.string(),
    sourceUrl: z.string().nullable(),
    market: z.enum(['DAM', 'IDM', 'BM']),
    minByHour: hourly,
    maxByHour: hourly,
  }),
  toleranceUahMwh: z.number().min(0).describe('UAH/MWh within which a price counts as at a cap.'),
});

export const briefPriceCapContext = defineOperation({
  id: 'brief.priceCapContext',
  summary: 'The price-cap context of a trading brief, from a caps-table entry',
  description: 'Bands collapse to the widest corridor of the day; null when the entry has no number for one of the bounds.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: PriceCapContextRequest,
  output: z.strictObject({ priceCap: PriceCapContext.nullable() }),
  // Passed on exactly: the context goes back into a brief request, whose checks compare it with the prices.
  exactOutput: true,
  async run(_ctx, input) {
    return { priceCap: buildPriceCapContext(hourlyPrices(input.prices), input.caps, input.toleranceUahMwh) };
  },
});
