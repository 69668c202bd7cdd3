/**
 * The audit journal's SQL, row shape and mapping, shared by the SQLite and PostgreSQL stores: the
 * statements (with `?` placeholders, see placeholders.ts), the event <-> row mapping, and the page
 * logic around the cursor. The engines add only how they run a statement (and PostgreSQL its
 * per-tenant lock).
 */
import { AuditEvent, type AuditEventPage } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { type AuditCursor, decodeAuditCursor, encodeAuditCursor } from '../cursor.js';

export interface AuditRow {
  /** The event's position in its tenant's journal (BIGINT arrives from PostgreSQL as a string). */
  tenant_seq: number | string;
  id: string;
  created_at: string;
  type: string;
  actor: string;
  trade_date: string;
  source: string;
  metadata: string;
  recorded_by: string | null;
}

const COLUMNS = 'tenant_seq, id, created_at, type, actor, trade_date, source, metadata, recorded_by';

/**
 * `insert` numbers the event in its tenant's journal (the caller holds the tenant's write lock: a
 * PostgreSQL advisory lock, SQLite's one writer). `page` bounds by tenant position and by store-wide
 * seq (only a v1 cursor sets the latter; the other bound is then the largest safe integer).
 */
export const AUDIT_SQL = {
  insert: `INSERT INTO audit_events (id, tenant_id, tenant_seq, created_at, type, actor, trade_date, source, metadata, recorded_by)
    VALUES (?, ?, (SELECT COALESCE(MAX(tenant_seq), 0) + 1 FROM audit_events WHERE tenant_id = ?), ?, ?, ?, ?, ?, ?, ?)`,
  page: `SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = ? AND tenant_seq < ? AND seq < ? ORDER BY tenant_seq DESC LIMIT ?`,
  all: `SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = ? ORDER BY tenant_seq ASC`,
};

export type AuditInsertParams = [string, string, string, string, string, string, string, string, string, string | null];

/** The validated event as insert parameters; an invalid event is 400 on path `event`. */
export function auditInsertParams(tenantId: string, event: AuditEvent): { id: string; params: AuditInsertParams } {
  const parsed = AuditEvent.safeParse(event);
  if (!parsed.success) throw SvcError.fromZod(parsed.error, 'event');
  const e = parsed.data;
  return { id: e.id, params: [e.id, tenantId, tenantId, e.createdAt, e.type, e.actor, e.tradeDate, e.source, JSON.stringify(e.metadata), e.recordedBy ?? null] };
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

/** The page query's parameters: [tenant, position bound, seq bound, limit + 1] (one extra row tells whether an older page exists). */
export function auditPageParams(tenantId: string, options: { limit: number; before?: string | undefined }): [string, number, number, number] {
  const { limit } = options;
  if (!Number.isInteger(limit) || limit < 1) throw SvcError.validation('invalid limit', [{ path: 'limit', message: 'must be a positive integer' }]);
  const cursor: Partial<AuditCursor> = options.before === undefined ? {} : decodeAuditCursor(options.before);
  return [tenantId, cursor.position ?? Number.MAX_SAFE_INTEGER, cursor.seq ?? Number.MAX_SAFE_INTEGER, limit + 1];
}

/** The page from the rows of the page query (at most limit + 1, newest first). */
export function auditPage(rows: AuditRow[], limit: number): AuditEventPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(toAuditEvent),
    nextBefore: rows.length > limit && last ? encodeAuditCursor(Number(last.tenant_seq)) : null,
  };
}
