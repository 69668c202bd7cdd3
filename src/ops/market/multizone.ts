/**
 * GET /api/multi-zone/prices: persisted exact-date daily display values (EUR/MWh) of the regional
 * day-ahead zones, only for zones licensed for display, with provider, dataset, licence and
 * attribution in the payload. Values come from the own store (every fetch attempt recorded, rows
 * per revision, one complete group of a single revision served) or from a configured platform
 * API (the `regional` provider, src/providers/regional/). The spec's 404 and 503 reasons are produced
 * exactly here; bad queries are 400 without one.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';
import { MultiZoneQuery, MultiZoneResponse, REGIONAL_ZONE_CODES, type MultiZoneResponse as Resp } from '../../domain/tsoplatform.js';
import { readRegionalPrices } from '../../providers/regional/client.js';
import { notServable, selectGroup, type ServableGroup } from './multizone-select.js';
import { defineOperation, type OpContext } from '../types.js';

/** `svc zones`: the command group of `zones show` and `zones import`. */
const ZONES_PARENT = {
  description: 'regional day-ahead daily display prices (EUR/MWh, licensed zones only)',
  examples: ['svc zones import examples/zones-sample.csv', 'svc zones show --date 01.11.2022 --zones PL,SK,HU'],
};

const unavailable = (reason: string, message: string): SvcError => new SvcError('unavailable', message, { reason });

async function fromApi(ctx: OpContext, date: string): Promise<ServableGroup> {
  const base = ctx.config.regional.apiBase;
  if (!base) throw unavailable('missing_api_base', 'regional prices are read from a platform API but SVC_REGIONAL_API_BASE is not configured');
  const answer = await readRegionalPrices(base, date, ctx.now);
  switch (answer.kind) {
    case 'unreachable':
      throw unavailable('platform_unavailable', 'the regional-prices platform API could not be reached');
    case 'notServable':
      if (answer.reason) throw notServable(answer.reason, `the platform has no servable prices for ${date}`);
      throw notServable('no_rows', `the platform has no prices for ${date}`);
    case 'status':
      throw unavailable('platform_unavailable', `the regional-prices platform API answered HTTP ${answer.status}`);
    case 'invalidPayload':
      throw unavailable('invalid_payload', 'the regional-prices platform API answered outside its contract or for another date');
    case 'group':
      return { revision: answer.revision, attempt: null, values: answer.values };
  }
}

async function fromStore(ctx: OpContext, date: string): Promise<ServableGroup> {
  let attempts;
  let rows;
  try {
    const stores = await ctx.stores();
    attempts = await stores.regionalPrices.attempts(date);
    rows = await stores.regionalPrices.rows(date);
  } catch {
    throw unavailable('database_query_failed', 'the regional-prices store could not be read');
  }
  return selectGroup(date, attempts, rows);
}

export async function multiZonePrices(ctx: OpContext, input: z.infer<typeof MultiZoneQuery>): Promise<Resp> {
  const settings = ctx.config.regional;
  if (!settings.dbReadsEnabled) throw unavailable('database_reads_disabled', 'regional-price reads are disabled (SVC_DB_READS_ENABLED=false)');
  if (settings.source === 'none') throw unavailable('database_not_configured', 'no regional-prices database is configured (SVC_REGIONAL_SOURCE=none)');
  const group = settings.source === 'api' ? await fromApi(ctx, input.date) : await fromStore(ctx, input.date);
  const requested = input.zones ?? [...REGIONAL_ZONE_CODES];
  const licensed = settings.licence && settings.attribution ? new Set(settings.licensedZones) : new Set<string>();
  const zones: Resp['zones'] = [];
  const withheld: Resp['withheld'] = [];
  for (const zone of requested) {
    const value = group.values.get(zone);
    if (!licensed.has(zone)) withheld.push({ zone, reason: 'not_licensed' });
    else if (value === undefined) withheld.push({ zone, reason: 'not_in_group' });
    else zones.push({ zone, valueEurMwh: value });
  }
  if (zones.length === 0 || !settings.licence || !settings.attribution) {
    throw notServable('no_displayable_zone', 'no requested zone passed public-display validation (licensed zones, licence and attribution)');
  }
  const a = group.attempt;
  return {
    tradeDate: input.date,
    unit: 'EUR/MWh' as const,
    kind: 'dailyDisplayValue' as const,
    provider: settings.provider,
    dataset: settings.dataset,
    licence: settings.licence,
    attribution: settings.attribution,
    revision: group.revision,
    source: settings.source,
    zones,
    withheld,
    attempt: a ? { attemptedAt: a.attemptedAt, artifactHash: a.artifactHash, revision: a.revision, rows: a.rows } : null,
    note: 'Daily display values for this exact date. They do not widen hourly basis, forward-contract or forecast coverage.',
  };
}

export const multiZone = defineOperation({
  id: 'multizone.prices',
  summary: 'Regional day-ahead daily display prices (EUR/MWh, licensed zones only)',
  description:
    'Persisted exact-date daily display values in EUR/MWh for `date` and `zones` (comma list of PL, SK, HU, RO, DE, CZ, AT, HR, ' +
    'BG, GR, LT, LV, EE, PT, BE, FR, NL, ES; default all), only for zones licensed for display (SVC_REGIONAL_LICENSED_ZONES with ' +
    'SVC_REGIONAL_LICENCE and SVC_REGIONAL_ATTRIBUTION); provider, dataset, licence and attribution travel in the body. ' +
    'Served from one complete group of a single revision. 404 reasons: no_rows, no_rows_in_captured_artifact, ' +
    'no_complete_revision_group, no_displayable_zone. 503 reasons: database_reads_disabled, database_not_configured, ' +
    'database_query_failed, missing_api_base, invalid_payload, platform_unavailable. Invalid queries: 400 without reason.',
  tags: ['system'],
  access: 'key',
  input: MultiZoneQuery,
  output: MultiZoneResponse,
  http: { method: 'GET', path: '/api/multi-zone/prices', inputFrom: 'query', successStatus: 200, errors: [400, 401, 404, 429, 503] },
  cli: {
    command: ['zones', 'show'],
    description: 'show the stored values of one date (one complete group of a single revision)',
    parent: ZONES_PARENT,
    flags: { date: { value: 'DD.MM.YYYY', verbatim: true }, zones: { value: 'list', verbatim: true } },
    flagHelp: { date: 'delivery day', zones: 'comma-separated zone codes (default: all 18)' },
    errors: 'flags',
    view: {
      blocks: (r, t) => {
        const max = Math.max(...r.zones.map((z) => z.valueEurMwh), 0);
        const uk = t.lang === 'uk';
        return [
          t.bold(uk ? `Регіональні добові значення РДН для відображення, ${r.tradeDate} (EUR/МВт·год), ревізія ${r.revision}` : `Regional day-ahead daily display values, ${r.tradeDate} (EUR/MWh), revision ${r.revision}`),
          { table: { head: uk ? ['Зона', 'EUR/МВт·год', ''] : ['Zone', 'EUR/MWh', ''], right: [1], rows: r.zones.map((z) => [z.zone, t.money(z.valueEurMwh, 2), t.bar(z.valueEurMwh, max, 30)]) } },
          ...(r.withheld.length ? [`${uk ? 'не показано' : 'withheld'}: ${r.withheld.map((w) => `${w.zone} (${w.reason})`).join(', ')}`] : []),
          `${r.attribution} — licence ${r.licence}; provider ${r.provider}, dataset ${r.dataset}.`,
        ];
      },
      csv: { rows: (r) => r.zones.map((z) => ({ tradeDate: r.tradeDate, zone: z.zone, valueEurMwh: z.valueEurMwh, revision: r.revision, licence: r.licence })) },
    },
    helpText: 'Needs SVC_REGIONAL_LICENSED_ZONES, SVC_REGIONAL_LICENCE and SVC_REGIONAL_ATTRIBUTION.',
    examples: ['svc zones show --date 01.11.2022 --zones PL,SK,HU'],
  },
  run: multiZonePrices,
});

export const ZonesImportRequest = z.strictObject({ text: z.string().min(1) });
export const ZonesImportResponse = z.strictObject({
  attempts: z.array(z.strictObject({ tradeDate: z.string(), revision: z.number().int(), rows: z.number().int(), artifactHash: z.string(), expectedZones: z.array(z.string()) })),
});

/** `svc zones import`: records one attempt per date of the artifact and its rows as a new revision. */
export const zonesImport = defineOperation({
  id: 'multizone.import',
  summary: 'Record a regional-price artifact (command line: svc zones import)',
  description: 'CSV `date,zone,value_eur_mwh` (blank value = no usable price). Each date becomes a new revision; the attempt records time, artifact hash, revision and usable rows.',
  tags: ['system'],
  access: 'key',
  input: ZonesImportRequest,
  output: ZonesImportResponse,
  cli: {
    command: ['zones', 'import'],
    description: 'record an artifact of daily values (CSV date,zone,value_eur_mwh) as a new revision per date',
    parent: ZONES_PARENT,
    body: { arg: 'file', help: 'CSV file; - for stdin', fields: ['text'], what: 'zones import', text: true },
    errors: 'flags',
    view: {
      blocks: (r, t) => [{ table: { head: t.lang === 'uk' ? ['Дата', 'Ревізія', 'Придатних рядків', 'Зони', 'sha256 файлу'] : ['Date', 'Revision', 'Usable rows', 'Zones', 'Artifact sha256'], rows: r.attempts.map((a) => [a.tradeDate, String(a.revision), String(a.rows), a.expectedZones.join(','), a.artifactHash.slice(0, 16)]) } }],
      csv: { rows: (r) => r.attempts },
    },
    examples: ['svc zones import prices-2022-11-01.csv'],
  },
  async run(ctx, input) {
    const hash = createHash('sha256').update(input.text).digest('hex');
    const byDate = new Map<string, { zone: string; value: number | null }[]>();
    const lines = input.text.trim().split(/\r?\n/);
    if (lines[0]?.replace(/\s/g, '') !== 'date,zone,value_eur_mwh') throw SvcError.validation('zones file: header must be date,zone,value_eur_mwh', [{ path: 'line 1', message: 'bad header' }]);
    lines.slice(1).forEach((line, i) => {
      const [date = '', zoneRaw = '', valueRaw = ''] = line.split(',').map((s) => s.trim());
      const zone = zoneRaw.toUpperCase();
      const value = valueRaw === '' ? null : Number(valueRaw);
      if (!/^\d{2}\.\d{2}\.\d{4}$/.test(date) || !(REGIONAL_ZONE_CODES as readonly string[]).includes(zone) || (value !== null && !Number.isFinite(value))) {
        throw SvcError.validation(`zones file line ${i + 2}: expected DD.MM.YYYY,<zone>,<EUR/MWh or blank>`, [{ path: `line ${i + 2}`, message: 'invalid row' }]);
      }
      const list = byDate.get(date) ?? [];
      list.push({ zone, value });
      byDate.set(date, list);
    });
    const store = (await ctx.stores()).regionalPrices;
    const attempts = [];
    for (const [tradeDate, list] of byDate) {
      const revision = await store.nextRevision(tradeDate);
      const rows = list.filter((r) => r.value !== null).length;
      const expectedZones = [...new Set(list.map((r) => r.zone))];
      await store.record(
        { attemptedAt: ctx.now().toISOString(), tradeDate, artifactHash: hash, revision, rows, status: 'completed', expectedZones },
        list.map((r) => ({ tradeDate, zone: r.zone, revision, valueEurMwh: r.value })),
      );
      attempts.push({ tradeDate, revision, rows, artifactHash: hash, expectedZones });
    }
    return { attempts };
  },
});
