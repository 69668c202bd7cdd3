/**
 * GET /api/coupling/flows and GET /api/system-operations: cross-border physical flows of a
 * Ukrainian border and the Ukrainian load and generation mix, from the transmission-data platform
 * (live with SVC_TSOPLATFORM_TOKEN, shipped fixtures without; the body says which).
 */
import { SvcError } from '../domain/errors.js';
import { FlowsQuery, FlowsResponse, SystemQuery, SystemResponse } from '../domain/tsoplatform.js';
import { BORDER_EIC, MIX_GROUPS, UA_IPS, type MixGroup } from '../providers/tsoplatform/eic.js';
import { readFlows, readSystem } from '../providers/tsoplatform/reads.js';
import { resolveRange, tsoDeps } from './tsoplatform-shared.js';
import { defineOperation } from './types.js';

export const couplingFlows = defineOperation({
  id: 'coupling.flows',
  summary: 'Hourly cross-border physical flows of a Ukrainian border',
  description:
    'Hourly MW between Ukraine (UA-IPS 10Y1001C--000182) and `border` (PL default, SK, HU, RO, MD) for `date` or `from`..`to` ' +
    '(Kyiv trade days, at most 31; default the newest available day). Per hour: `leg.fromTo` (Ukraine -> border), `leg.toFrom` ' +
    '(border -> Ukraine) and `netFlowMw` = toFrom - fromTo (positive = net import). Clock-change days have 23 or 25 periods. ' +
    'Live from the transmission-data platform (document A11) when SVC_TSOPLATFORM_TOKEN is set, otherwise the shipped fixtures ' +
    '(real flows 28.10–01.11.2022 and 25–27.03.2023) with `source: fixture`. 502 when the platform fails and nothing is cached.',
  tags: ['system'],
  access: 'key',
  input: FlowsQuery,
  output: FlowsResponse,
  http: { method: 'GET', path: '/api/coupling/flows', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429, 502] },
  async run(ctx, input) {
    const { from, to } = resolveRange(ctx, input);
    const { hours, freshness, noData } = await readFlows(tsoDeps(ctx), input.border, from, to);
    const nets = hours.map((h) => h.netFlowMw).filter((v): v is number => v !== null);
    return {
      border: input.border,
      leg: { from: 'UA' as const, to: input.border, fromEic: UA_IPS, toEic: BORDER_EIC[input.border] },
      from,
      to,
      unit: 'MW' as const,
      source: freshness.source,
      freshness,
      noData,
      summary: {
        hours: hours.length,
        netImportMwh: nets.reduce((s, v) => s + v, 0),
        maxImportMw: nets.length ? Math.max(...nets) : null,
        maxExportMw: nets.length ? Math.max(...nets.map((v) => -v)) : null,
      },
      hours,
    };
  },
});

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
