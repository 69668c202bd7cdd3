/**
 * The tenant audit journal: record an event, list recent events page by page, export them all.
 * The tenant always comes from the resolved caller, never from the request, so one tenant can
 * neither write into nor read from another's journal.
 */
import { z } from 'zod';
import { AuditEvent, AuditEventPage, AuditEventRequest, AuditListQuery } from '../../domain/audit.js';
import { actorOf, principalOf } from './access.js';
import { defineOperation } from '../types.js';

/** 201 body of POST /api/audit/events: the stored event; `persisted` true confirms the write. */
export const AuditCreateResponse = z.strictObject({ event: AuditEvent, persisted: z.literal(true) });
export type AuditCreateResponse = z.infer<typeof AuditCreateResponse>;

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
  async run(ctx, input) {
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
  },
});

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
  async run(ctx) {
    const stores = await ctx.stores();
    return { events: await stores.audit.all(ctx.caller.tenantId) };
  },
});
