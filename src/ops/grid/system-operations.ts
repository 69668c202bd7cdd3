/**
 * GET /api/system-operations: the Ukrainian load and generation mix from the transmission-data
 * platform (live with SVC_TSOPLATFORM_TOKEN; without one, 404 inputs_missing).
 */
import { SvcError } from '../../domain/errors.js';
import { SystemQuery, SystemResponse } from '../../domain/tsoplatform.js';
import { MIX_GROUPS, type MixGroup } from '../../providers/tsoplatform/eic.js';
import { readSystem } from '../../providers/tsoplatform/reads.js';
import { resolveRange, tsoDeps } from './tsoplatform-shared.js';
import { defineOperation } from '../types.js';

const zero = (): Record<MixGroup, number> => Object.fromEntries(MIX_GROUPS.map((g) => [g, 0])) as Record<MixGroup, number>;

export const systemOperations = defineOperation({
  id: 'system.operations',
  summary: 'Hourly Ukrainian load and generation mix',
  description:
    'Hourly load (A65) and actual generation per production type (A75, grouped into nuclear, coal, gas, hydro, wind, solar, ' +
    'other) with shares of total generation, for the Kyiv trade day `date` (default the newest available day). Live with ' +
    'SVC_TSOPLATFORM_TOKEN. Without a token svc has no real load or generation data to serve: 404 with reason ' +
    '`inputs_missing` (the synthetic sample documents shipped in fixtures/ are parser test inputs, never served). A day ' +
    'the grid operator did not publish answers 200 with `noData` true.',
  tags: ['system'],
  access: 'key',
  input: SystemQuery,
  output: SystemResponse,
  http: { method: 'GET', path: '/api/system-operations', inputFrom: 'query', successStatus: 200, errors: [400, 401, 404, 429, 502] },
  async run(ctx, input) {
    const { from: date } = resolveRange(ctx, input);
    if (!ctx.config.tsoplatform.token) {
      throw new SvcError('not_found', `no real load or generation data for ${date} without SVC_TSOPLATFORM_TOKEN: svc ships none (its synthetic samples are parser test inputs only)`, { reason: 'inputs_missing' });
    }
    const { hours, freshness, noData } = await readSystem(tsoDeps(ctx), date);
    const generationMwh = zero();
    for (const h of hours) for (const g of MIX_GROUPS) generationMwh[g] += h.generationMw[g];
    const total = MIX_GROUPS.reduce((s, g) => s + generationMwh[g], 0);
    const shares = zero();
    for (const g of MIX_GROUPS) shares[g] = total > 0 ? generationMwh[g] / total : 0;
    const note = noData
        ? 'The grid operator has not published this day on the platform (acknowledgement: no data).'
        : 'Published by the grid operator on the transmission-data platform.';
    return {
      date,
      zone: 'UA-IPS' as const,
      source: freshness.source,
      freshness,
      note,
      noData: hours.length === 0,
      day: { loadMwh: hours.reduce((s, h) => s + (h.loadMw ?? 0), 0), generationMwh, shares },
      hours,
    };
  },
});
