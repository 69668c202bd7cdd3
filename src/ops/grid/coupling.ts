/**
 * GET /api/coupling/flows: cross-border physical flows of a Ukrainian border from the
 * transmission-data platform (live with SVC_TSOPLATFORM_TOKEN, shipped fixtures without; the body
 * says which). The load and generation mix is system-operations.ts.
 */
import { FlowsQuery, FlowsResponse } from '../../domain/tsoplatform.js';
import { BORDER_EIC, UA_IPS } from '../../providers/tsoplatform/eic.js';
import { readFlows } from '../../providers/tsoplatform/reads.js';
import { resolveRange, tsoDeps } from './tsoplatform-shared.js';
import { defineOperation } from '../types.js';

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
