/**
 * The tenant audit journal: record an event, list recent events page by page, export them all.
 * The tenant always comes from the resolved caller, never from the request, so one tenant can
 * neither write into nor read from another's journal.
 */
import { z } from 'zod';
import { AuditEvent, AuditEventPage, AuditEventRequest, AuditListQuery } from '../../domain/audit.js';
import { actorOf, principalOf } from './access.js';
import { defineOperation, type OpContext, type TableColumn } from '../types.js';

/** 201 body of POST /api/audit/events: the stored event; `persisted` true confirms the write. */
export const AuditCreateResponse = z.strictObject({ event: AuditEvent, persisted: z.literal(true) });
export type AuditCreateResponse = z.infer<typeof AuditCreateResponse>;

/** `rows=744 dst=false …`, cut at 48 characters: the table's Metadata cell. */
export function metaText(metadata: AuditEvent['metadata']): string {
  const text = Object.entries(metadata)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

/** An event as a row: the metadata as JSON for the CSV, shortened for the table. */
export const eventRows = (events: readonly AuditEvent[]) => events.map((e) => ({ ...e, metadata: JSON.stringify(e.metadata), metaText: metaText(e.metadata) }));

const text = (key: string, label: string | { en: string; uk: string }, only?: 'table' | 'csv'): TableColumn => ({ key, label, ...(only === 'table' ? { csv: false } : only === 'csv' ? { table: false } : {}) });

/** The events table of `svc audit list` and `export`; the CSV has the event's fields in their own order. */
const eventsView = {
  columns: [
    text('id', 'Id', 'csv'),
    text('createdAt', { en: 'Created (UTC)', uk: 'Створено (UTC)' }),
    text('type', { en: 'Type', uk: 'Тип' }),
    text('actor', 'Actor', 'csv'),
    text('tradeDate', { en: 'Trade date', uk: 'Торговий день' }),
    text('actor', { en: 'Actor', uk: 'Хто' }, 'table'),
    text('source', { en: 'Source', uk: 'Джерело' }),
    text('metadata', 'Metadata', 'csv'),
    text('metaText', { en: 'Metadata', uk: 'Метадані' }, 'table'),
    text('id', { en: 'Id', uk: 'Id' }, 'table'),
  ],
  empty: { en: 'No audit events.', uk: 'Подій аудиту немає.' },
};

/** The CSV columns of an event (`svc audit add --format csv` prints the same). */
export const EVENT_CSV_COLUMNS = eventsView.columns.filter((c) => c.csv !== false).map((c) => c.key);

export const AuditExportRequest = z.strictObject({});
export const AuditExportResponse = z.strictObject({ events: z.array(AuditEvent) });
export type AuditExportResponse = z.infer<typeof AuditExportResponse>;

export const auditCreate = defineOperation({
  id: 'audit.create',
  summary: 'Record an audit event',
  description:
    'Appends one event (prices_loaded, csv_imported, ai_brief_generated, plan_exported) to the caller\'s tenant journal. ' +
    'plan_exported needs DecisionPackageMetadata (decision_package_id svc-rdn-/svc-bess-, human_approval_required and ' +
    'no_auto_submit true); the other types take a flat map of string/number/boolean values. ' +
    'The response is sent only after the event is durably committed (persisted: true). `actor` is what the caller claims; ' +
    '`recordedBy` (svc extension) is the authenticated principal that wrote it (key:<id>, user:<tenant>/<user>, master-key, …).',
  tags: ['audit'],
  access: 'key',
  writes: true,
  permission: 'audit.write',
  input: AuditEventRequest,
  output: AuditCreateResponse,
  http: { method: 'POST', path: '/api/audit/events', inputFrom: 'body', successStatus: 201, errors: [400, 401, 429] },
  run: recordEvent,
});

/** Appends the event to the caller's journal; the answer is sent once it is durably committed. */
export async function recordEvent(ctx: OpContext, input: AuditEventRequest): Promise<AuditCreateResponse> {
  const event: AuditEvent = {
    id: ctx.newId(),
    createdAt: ctx.now().toISOString(),
    type: input.type,
    actor: actorOf(ctx.caller, input.actor),
    tradeDate: input.tradeDate,
    source: input.source,
    metadata: input.metadata,
    recordedBy: principalOf(ctx.caller),
  };
  const stores = await ctx.stores();
  await stores.audit.append(ctx.caller.tenantId, event);
  return { event, persisted: true as const };
}

/** `svc audit`: the command group of `audit add`, `audit list` and `audit export`. */
export const AUDIT_PARENT = {
  description: 'the audit journal: record events (prices loaded, CSV imported, brief generated, plan exported), list and export them',
  helpText: 'Events go to the local store in the data directory (--data-dir, SVC_DATA_DIR), or to a platform with --api-base/SVC_API_BASE.',
  examples: [
    'svc audit add --type prices_loaded --trade-date 15.12.2024 --source fixtures/oree-dam-ips-2022-2024.csv --meta rows=24',
    'svc audit list --limit 20',
    'svc audit export --format csv > audit.csv',
  ],
};

export const auditList = defineOperation({
  id: 'audit.list',
  summary: 'List recent audit events',
  description:
    'Events of the caller\'s tenant, newest first, at most `limit` (1..500, default 50) per page. Pass the page\'s ' +
    '`nextBefore` as `before` to read the next, older page; `nextBefore` is null on the last page. The cursor is ' +
    'opaque and stable: events recorded after the first page never shift later pages. A malformed cursor is a 400 ' +
    'on `before`. Needs the audit.read permission when role enforcement is on.',
  tags: ['audit'],
  access: 'key',
  permission: 'audit.read',
  input: AuditListQuery,
  output: AuditEventPage,
  http: { method: 'GET', path: '/api/audit/events', inputFrom: 'query', successStatus: 200, errors: [400, 401, 403, 429] },
  cli: {
    command: ['audit', 'list'],
    parent: AUDIT_PARENT,
    description: 'recent events of the local journal, newest first, one page at a time',
    flags: { limit: { value: 'n', verbatim: true }, before: { value: 'cursor' } },
    flagHelp: { limit: 'events per page, 1..500 (default 50)', before: 'the cursor printed under the previous page (nextBefore in JSON)' },
    view: {
      ...eventsView,
      rows: (page) => eventRows(page.events),
      after: (page, _t, input) => (page.nextBefore === null ? [] : [{ dim: `Older events: svc audit list --before ${page.nextBefore}${input.limit ? ` --limit ${input.limit}` : ''}` }]),
    },
    examples: ['svc audit list --limit 10', 'svc audit list --format json | jq -r .nextBefore'],
  },
  async run(ctx, input) {
    const stores = await ctx.stores();
    return stores.audit.list(ctx.caller.tenantId, { limit: input.limit, before: input.before });
  },
});

export const auditExport = defineOperation({
  id: 'audit.export',
  summary: 'Export the whole audit journal',
  description: 'Every event of the caller\'s tenant, oldest first (command line only: `svc audit export`).',
  tags: ['audit'],
  access: 'key',
  permission: 'audit.read',
  input: AuditExportRequest,
  output: AuditExportResponse,
  cli: {
    command: ['audit', 'export'],
    parent: AUDIT_PARENT,
    description: 'every event of the local journal, oldest first',
    view: { ...eventsView, rows: (r) => eventRows(r.events) },
    examples: ['svc audit export --format csv > audit.csv', "svc audit export --format json | jq '.events | length'"],
  },
  async run(ctx) {
    const stores = await ctx.stores();
    return { events: await stores.audit.all(ctx.caller.tenantId) };
  },
});
