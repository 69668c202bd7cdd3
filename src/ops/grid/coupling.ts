/**
 * GET /api/coupling/flows: cross-border physical flows of a Ukrainian border from the
 * transmission-data platform (live with SVC_TSOPLATFORM_TOKEN, shipped fixtures without; the body
 * says which). The load and generation mix is system-operations.ts.
 */
import type { z } from 'zod';
import { upperFirst } from '../../domain/text.js';
import { FlowsQuery, FlowsResponse } from '../../domain/tsoplatform.js';
import { BORDER_EIC, UA_IPS } from '../../providers/tsoplatform/eic.js';
import { readFlows } from '../../providers/tsoplatform/reads.js';
import { dayRuns, FIXTURE_FLOW_DAYS, FIXTURE_FLOW_NEWEST, flowGapLines, flowGapPhrases, hourList, noDataWhere, noFlowData, RANGE_FLAGS, resolveRange, sourceRemarks, tsoDeps } from './tsoplatform-shared.js';
import { defineOperation, type DocText } from '../types.js';


/** One line per hour: exports grow left of the axis, imports right, so the sign reads at a glance. */
function signedBars(t: DocText, rows: readonly { label: string; value: number | null }[], width = 24): string[] {
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.value ?? 0)));
  return rows.map(({ label, value }) => {
    const v = value ?? 0;
    const left = v < 0 ? t.bar(-v, max, width) : '';
    const right = v > 0 ? t.bar(v, max, width) : '';
    return `${label} ${left.padStart(width)}│${right.padEnd(width)} ${value === null ? '—' : t.money(v, 0)}`;
  });
}

type FlowGaps = z.infer<typeof FlowsResponse>['gaps'];

/** `svc flows`' words in the CLI's two table languages (`--lang`); the stderr lines stay English. */
const FLOW_WORDS = {
  en: {
    title: (border: string, span: string) => `Physical flows UA ↔ ${border}, ${span} (MW; net > 0 = import into Ukraine)`,
    date: 'Date', hour: 'Hour', net: 'Net', chart: (day: string) => `Net flow by hour, ${day} (MW): export ◀ │ ▶ import`,
    netExport: 'Net export', netImport: 'Net import', mwh: 'MWh',
    all: (hours: number) => `over all ${hours} hours.`,
    some: (hours: number, expected: number, lacking: string) => `over the ${hours} of ${expected} hours with data; ${lacking}.`,
    noData: (g: FlowGaps, source: string) => `${upperFirst(noFlowData(g.from, g.to, noDataWhere(source)))}.`,
    gaps: (g: FlowGaps, source: string) => { const { days, hours } = flowGapPhrases(g, source); return [days, hours].filter((p) => p !== undefined).join('; '); },
  },
  uk: {
    title: (border: string, span: string) => `Фізичні перетоки UA ↔ ${border}, ${span} (МВт; нетто > 0 = імпорт в Україну)`,
    date: 'Дата', hour: 'Година', net: 'Нетто', chart: (day: string) => `Нетто-переток за годинами, ${day} (МВт): експорт ◀ │ ▶ імпорт`,
    netExport: 'Нетто-експорт', netImport: 'Нетто-імпорт', mwh: 'МВт·год',
    all: (hours: number) => `за всі ${hours} год.`,
    some: (hours: number, expected: number, lacking: string) => `за ${hours} з ${expected} год. з даними; ${lacking}.`,
    noData: (g: FlowGaps, source: string) => `Немає даних про перетоки ${g.from === g.to ? `за ${g.from}` : `за жоден день ${g.from}–${g.to}`} (${source === 'fixture' ? `вбудовані погодинні перетоки є лише за ${FIXTURE_FLOW_DAYS}` : source === 'cache' ? 'копія в кеші їх не містить' : 'платформа їх не має'}).`,
    gaps: (g: FlowGaps) => [
      ...(g.missingDays > 0 ? [`немає даних за ${g.missingDays} з ${g.calendarDays} днів (${dayRuns(g.missing)})`] : []),
      ...(g.missingHours.length > 0 ? [`немає нетто-перетоку в ${g.missingHours.length} з ${g.hoursWithNet + g.missingHours.length} год. (${hourList(g.missingHours)})`] : []),
    ].join('; '),
  },
} as const;

export const couplingFlows = defineOperation({
  id: 'coupling.flows',
  summary: 'Hourly cross-border physical flows of a Ukrainian border',
  description:
    'Hourly MW between Ukraine (UA-IPS 10Y1001C--000182) and `border` (PL default, SK, HU, RO, MD) for `date` or `from`..`to` ' +
    `(Kyiv trade days, at most 31; default today's Kyiv day when the platform is asked, else ${FIXTURE_FLOW_NEWEST}, the newest day of the shipped flows). ` +
    'Per hour: `leg.fromTo` (Ukraine -> border), `leg.toFrom` ' +
    '(border -> Ukraine) and `netFlowMw` = toFrom - fromTo (positive = net import). Clock-change days have 23 or 25 periods. ' +
    'Each hour carries `hour`, the Kyiv wall-clock hour of its start (03 twice on the autumn day, none on the spring day), and ' +
    '`period` (svc extension), the 1-based settlement period of the Kyiv trade day (1..23/24/25): join flows to a price book ' +
    'by (date, `period`), a long CSV\'s `hour` being period - 1 on every day, clock-change days included. ' +
    'Nothing missing is left unsaid (svc extensions): `gaps` names the days of the range with no value at all (`missing`) and the ' +
    'hours without a net flow on the other days (`missingHours`), with `complete` false when either is not empty; `noData` is true ' +
    'when no hour of the range has a value; `summary.netImportMwh` is summed over the `summary.netHours` hours with a net flow only. ' +
    'Live from the transmission-data platform (document A11) when SVC_TSOPLATFORM_TOKEN is set and SVC_MARKET_DATA is not `fixture`, ' +
    `otherwise the shipped fixtures (real flows ${FIXTURE_FLOW_DAYS}; RO and MD lack a few hours) with \`source: fixture\`.` +
    ' When the platform fails: a cached copy (`stale`), else with SVC_MARKET_DATA=auto (the default) the shipped fixtures with ' +
    'the failure in `freshness.note`, with `live` a 502.',
  tags: ['system'],
  access: 'key',
  input: FlowsQuery,
  output: FlowsResponse,
  http: { method: 'GET', path: '/api/coupling/flows', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429, 502] },
  cli: {
    command: ['flows'],
    description: 'hourly cross-border physical flows of a Ukrainian border (MW), with a net-flow chart',
    flags: { border: { value: 'code', verbatim: true, upper: true }, ...RANGE_FLAGS },
    flagHelp: {
      border: 'PL | SK | HU | RO | MD (default: "PL")',
      date: `one Kyiv trade day (default: today with SVC_TSOPLATFORM_TOKEN; without it, or with SVC_MARKET_DATA=fixture, the newest shipped day, ${FIXTURE_FLOW_NEWEST})`,
      from: 'first day of a range (with --to, at most 31 days)',
      to: 'last day of a range',
    },
    errors: 'flags',
    // The gaps on stderr for CSV (the JSON carries `gaps`); the table's body says the days, so only the hours there.
    remarks: (r) => [...sourceRemarks(r), ...flowGapLines(`flows UA ↔ ${r.border}`, r.gaps, r.source)],
    view: {
      blocks: (r, t) => {
        const w = FLOW_WORDS[t.lang];
        const num = (v: number | null): string => (v === null ? '—' : t.money(v, 0));
        const hh = (h: number) => String(h).padStart(2, '0');
        const lastDay = [...new Set(r.hours.map((h) => h.tradeDate))].at(-1);
        const last = r.hours.filter((h) => h.tradeDate === lastDay);
        const title = t.bold(w.title(r.border, `${r.from}${r.to === r.from ? '' : `–${r.to}`}`));
        const g = r.gaps;
        if (r.noData) return [title, `\n${w.noData(g, r.source)}`];
        // A negative net import is an export, said so with its size (the JSON keeps the signed netImportMwh).
        const mwh = r.summary.netImportMwh;
        const net = mwh < 0 ? `${w.netExport} ${num(-mwh)} ${w.mwh}` : `${w.netImport} ${num(mwh)} ${w.mwh}`;
        return [
          title,
          { table: { head: [w.date, w.hour, `UA→${r.border}`, `${r.border}→UA`, w.net], right: [1, 2, 3, 4], rows: r.hours.map((h) => [h.tradeDate, hh(h.hour), num(h.leg.fromTo), num(h.leg.toFrom), num(h.netFlowMw)]) } },
          ...(lastDay === undefined ? [] : [`\n${w.chart(lastDay)}`, ...signedBars(t, last.map((h) => ({ label: hh(h.hour), value: h.netFlowMw })))]),
          g.complete
            ? `\n${net} ${w.all(r.summary.netHours)}`
            : `\n${net} ${w.some(r.summary.netHours, g.expectedHours, w.gaps(g, r.source))}`,
        ];
      },
      csv: { rows: (r) => r.hours.map((h) => ({ tradeDate: h.tradeDate, hour: h.hour, period: h.period, utcStart: h.utcStart, fromToMw: h.leg.fromTo, toFromMw: h.leg.toFrom, netFlowMw: h.netFlowMw })) },
    },
    helpText: `Each row has the wall-clock \`hour\` and \`period\`, the settlement period of the Kyiv day (1..23/24/25): join to prices by date and period (a long CSV's hour = period − 1). Without SVC_TSOPLATFORM_TOKEN the shipped fixtures are served (${FIXTURE_FLOW_DAYS}); the days and hours without data are named in the table (the hours also on stderr; on stderr with --format csv) and in \`gaps\` (every one; at most 20 hours are named elsewhere).`,
    examples: ['svc flows --border PL --date 30.10.2022', 'svc flows --border HU --from 25.03.2023 --to 27.03.2023 --format csv'],
  },
  async run(ctx, input) {
    const { from, to } = resolveRange(ctx, input, FIXTURE_FLOW_NEWEST);
    const { hours, freshness, noData, gaps } = await readFlows(tsoDeps(ctx), input.border, from, to);
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
        netHours: nets.length,
        netImportMwh: nets.reduce((s, v) => s + v, 0),
        maxImportMw: nets.length ? Math.max(...nets) : null,
        maxExportMw: nets.length ? Math.max(...nets.map((v) => -v)) : null,
      },
      gaps,
      hours,
    };
  },
});
