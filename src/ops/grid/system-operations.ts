/**
 * GET /api/system-operations: the Ukrainian load and generation mix from the transmission-data
 * platform (live with SVC_TSOPLATFORM_TOKEN; without one, or with SVC_MARKET_DATA=fixture, 503
 * tsoplatform_not_configured: the source is not configured, and svc ships no real load data to fall back on).
 */
import { SvcError } from '../../domain/errors.js';
import { SystemQuery, SystemResponse } from '../../domain/tsoplatform.js';
import { MIX_GROUPS, type MixGroup } from '../../providers/tsoplatform/eic.js';
import { readSystem } from '../../providers/tsoplatform/reads.js';
import { kyivToday, platformOff, RANGE_FLAGS, sourceRemarks, tsoDeps } from './tsoplatform-shared.js';
import { defineOperation } from '../types.js';

const zero = (): Record<MixGroup, number> => Object.fromEntries(MIX_GROUPS.map((g) => [g, 0])) as Record<MixGroup, number>;

/** `svc system`'s words in the CLI's two table languages (`--lang`); the operator's note stays as published. */
const SYSTEM_WORDS = {
  en: {
    title: (date: string) => `Ukrainian power system, ${date} (MW)`, hour: 'Hour', load: 'Load', total: 'Total', mix: 'Generation mix of the day',
    group: { nuclear: 'nuclear', coal: 'coal', gas: 'gas', hydro: 'hydro', wind: 'wind', solar: 'solar', other: 'other' },
  },
  uk: {
    title: (date: string) => `Енергосистема України, ${date} (МВт)`, hour: 'Година', load: 'Споживання', total: 'Разом', mix: 'Структура генерації за день',
    group: { nuclear: 'АЕС', coal: 'вугілля', gas: 'газ', hydro: 'ГЕС', wind: 'вітер', solar: 'сонце', other: 'інше' },
  },
} as const;

export const systemOperations = defineOperation({
  id: 'system.operations',
  summary: 'Hourly Ukrainian load and generation mix',
  description:
    'Hourly load (A65) and actual generation per production type (A75, grouped into nuclear, coal, gas, hydro, wind, solar, ' +
    'other) with shares of total generation, for the Kyiv trade day `date` (default today\'s Kyiv day). Live with ' +
    'SVC_TSOPLATFORM_TOKEN. Without a token, or with SVC_MARKET_DATA=fixture (the platform is then never asked), the ' +
    'source is not configured and svc has no real load or generation data to fall back on: 503 with reason ' +
    '`tsoplatform_not_configured`, the message naming what to set (the synthetic sample documents shipped in fixtures/ are ' +
    'parser test inputs, never served). A platform that fails with nothing cached is 502 `upstream_error`. A day the grid ' +
    'operator did not publish answers 200 with `noData` true.',
  tags: ['system'],
  access: 'key',
  input: SystemQuery,
  output: SystemResponse,
  http: { method: 'GET', path: '/api/system-operations', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429, 502, 503] },
  cli: {
    command: ['system'],
    description: 'hourly Ukrainian load and generation mix, with the day\'s mix as bars',
    flags: { date: RANGE_FLAGS.date },
    flagHelp: { date: 'Kyiv trade day (default: today)' },
    errors: 'flags',
    remarks: sourceRemarks,
    view: {
      blocks: (r, t) => {
        const w = SYSTEM_WORDS[t.lang];
        const num = (v: number | null): string => (v === null ? '—' : t.money(v, 0));
        const groups = ['nuclear', 'coal', 'gas', 'hydro', 'wind', 'solar', 'other'] as const;
        const width = Math.max(8, ...groups.map((g) => w.group[g].length));
        return [
          t.bold(w.title(r.date)),
          r.note,
          { table: { head: [w.hour, w.load, ...groups.map((g) => w.group[g]), w.total], right: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], rows: r.hours.map((h) => [String(h.hour).padStart(2, '0'), num(h.loadMw), ...groups.map((g) => num(h.generationMw[g])), num(h.totalGenerationMw)]) } },
          `\n${w.mix}`,
          ...groups.map((g) => `${w.group[g].padEnd(width)} ${t.bar(r.day.shares[g], 1, 40).padEnd(40)} ${t.money(r.day.shares[g] * 100, 1)} %`),
        ];
      },
      csv: { rows: (r) => r.hours.map((h) => ({ tradeDate: h.tradeDate, hour: h.hour, period: h.period, loadMw: h.loadMw, ...h.generationMw, totalGenerationMw: h.totalGenerationMw })) },
    },
    helpText: 'Needs SVC_TSOPLATFORM_TOKEN (and SVC_MARKET_DATA auto or live): svc ships no real load or generation data, so without it the command exits 1 (HTTP 503 tsoplatform_not_configured) saying what to set.',
    examples: ['svc system --date 01.11.2022', 'svc system --format json'],
  },
  async run(ctx, input) {
    const off = platformOff(ctx.config);
    if (off !== null) {
      // Not configured, not bad input: the source is unavailable (exit 1, 503), as when the platform fails (502).
      // Without a date no day is named: none is shipped, so there is no newest one to default to.
      throw new SvcError(
        'unavailable',
        `no load or generation data${input.date === undefined ? '' : ` for ${input.date}`} ${off.clause}: ${off.remedy} to read it from the transmission platform; svc ships none to fall back on (its synthetic samples are parser test inputs only)`,
        { reason: 'tsoplatform_not_configured' },
      );
    }
    const date = input.date ?? kyivToday(ctx);
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
