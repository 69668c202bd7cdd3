/**
 * The audit journal's SQL, row shape and mapping, shared by the SQLite and PostgreSQL stores: the
 * statements (with `?` placeholders, see placeholders.ts), the event <-> row mapping, and the page
 * logic around the cursor. The engines add only how they run a statement (and PostgreSQL its
 * per-tenant lock).
 */
import { AuditEvent, type AuditEventPage } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { decodeAuditCursor, encodeAuditCursor } from '../cursor.js';

export interface AuditRow {
  /** BIGINT arrives from PostgreSQL as a string. */
  seq: number | string;
  id: string;
  created_at: string;
  type: string;
  actor: string;
  trade_date: string;
  source: string;
  metadata: string;
  recorded_by: string | null;
}

const COLUMNS = 'seq, id, created_at, type, actor, trade_date, source, metadata, recorded_by';

export const AUDIT_SQL = {
  insert: 'INSERT INTO audit_events (id, tenant_id, created_at, type, actor, trade_date, source, metadata, recorded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  page: `SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  all: `SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = ? ORDER BY seq ASC`,
};

export type AuditInsertParams = [string, string, string, string, string, string, string, string, string | null];

/** The validated event as insert parameters; an invalid event is 400 on path `event`. */
export function auditInsertParams(tenantId: string, event: AuditEvent): { id: string; params: AuditInsertParams } {
  const parsed = AuditEvent.safeParse(event);
  if (!parsed.success) throw SvcError.fromZod(parsed.error, 'event');
  const e = parsed.data;
  return { id: e.id, params: [e.id, tenantId, e.createdAt, e.type, e.actor, e.tradeDate, e.source, JSON.stringify(e.metadata), e.recordedBy ?? null] };
}

export const duplicateAuditMessage = (id: string): string => `an audit event with id ${id} already exists`;

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    createdAt: row.created_at,
    type: row.type,
    actor: row.actor,
    tradeDate: row.trade_date,
    source: row.source,
    // Written by append() from a validated event, so the shape is known.
    metadata: JSON.parse(row.metadata) as AuditEvent['metadata'],
    // Events written before schema version 5 have no recorded principal.
    ...(row.recorded_by !== null ? { recordedBy: row.recorded_by } : {}),
  };
}

/** The page query's parameters: [tenant, before, limit + 1] (one extra row tells whether an older page exists). */
export function auditPageParams(tenantId: string, options: { limit: number; before?: string | undefined }): [string, number, number] {
  const { limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw SvcError.validation('invalid limit', [{ path: 'limit', message: 'must be a positive integer' }]);
  const before = options.before === undefined ? Number.MAX_SAFE_INTEGER : decodeAuditCursor(options.before);
  return [tenantId, before, limit + 1];
}

/** The page from the rows of the page query (at most limit + 1, newest first). */
export function auditPage(rows: AuditRow[], limit: number): AuditEventPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(toAuditEvent),
    nextBefore: rows.length > limit && last ? encodeAuditCursor(Number(last.seq)) : null,
  };
}
