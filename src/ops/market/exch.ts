/** GET /api/exch/electricity-indexes: the exchange's licence-gated BCM BASE indexes (docs/data.md). */
import { ExchIndexesQuery, ExchIndexesResponse } from '../../domain/market-data.js';
import { readExchSource } from '../../providers/exch/index.js';
import { clientFor } from '../../providers/mktop/reads.js';
import { asUpstream, mktopDeps } from './market-data-shared.js';
import { defineOperation } from '../types.js';
import { exchView } from './mktop-views.js';

const EXAMPLE = 'SVC_EXCH_AGREEMENT="BCM-2026-017" SVC_EXCH_SOURCE=./bcm.json svc exch indexes --lang en';

export const exchElectricityIndexes = defineOperation({
  id: 'exch.electricityIndexes',
  summary: 'Exchange bilateral-contract BASE indexes (licence-gated)',
  description:
    'BCM BASE-load indexes of the IPS zone, served only under a redistribution agreement (SVC_EXCH_AGREEMENT with a ' +
    'licensed SVC_EXCH_SOURCE). While the feed is off the answer is 200 with `available: false`, `reason: licence_required`, ' +
    'an empty `data` and a `source` saying why. With an agreement, `source` names it. A failing licensed source is a 502 ' +
    '`upstream_error`. Delivery keys are YYYY-MM, or YYYY-MM-D<n> for a decade.',
  tags: ['market-data'],
  access: 'key',
  input: ExchIndexesQuery,
  output: ExchIndexesResponse,
  http: { method: 'GET', path: '/api/exch/electricity-indexes', inputFrom: 'query', successStatus: 200, errors: [401, 429, 502] },
  cli: {
    command: ['exch', 'indexes'],
    description: 'BCM BASE indexes of the IPS zone; off without a redistribution agreement (SVC_EXCH_AGREEMENT, SVC_EXCH_SOURCE)',
    parent: { description: "the exchange's bilateral-contract indexes (licence-gated)", examples: [EXAMPLE] },
    // The period labels follow the global --lang (as `report`'s do): a flag of its own of the same name was never reached, commander gives `--lang` to the program.
    flags: { lang: { global: 'lang', hidden: true } },
    view: exchView,
    remarks: (r) => (r.available ? [] : [{ warn: r.source }]),
    examples: [EXAMPLE],
  },
  async run(ctx, input) {
    const { agreement, source } = ctx.config.marketData.exch;
    if (!agreement || !source) {
      return {
        source: 'exch: off — no redistribution agreement configured (SVC_EXCH_AGREEMENT and SVC_EXCH_SOURCE)',
        market: 'BCM' as const, zone: 'IPS' as const, lang: input.lang, data: [], available: false, reason: 'licence_required' as const,
      };
    }
    const http = mktopDeps(ctx).settings.http;
    try {
      const data = await readExchSource(source, input.lang, () => clientFor('exchange source', http));
      const where = /^https?:/i.test(source) ? new URL(source).hostname : 'licensed file';
      return { source: `exch via ${where} under agreement "${agreement}"`, market: 'BCM' as const, zone: 'IPS' as const, lang: input.lang, data, available: true, agreement };
    } catch (error) {
      throw asUpstream(error);
    }
  },
});
