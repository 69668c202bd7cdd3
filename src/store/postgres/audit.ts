/**
 * Audit journal on PostgreSQL. `seq` (an identity column, never reused) orders the rows and backs
 * the same opaque cursor as the SQLite journal. An append takes a per-tenant transaction-scoped
 * advisory lock before inserting, so within a tenant seq order is commit order even with several
 * instances writing at once: a reader never sees seq 7 committed while seq 6 is still in flight,
 * and pages stay stable while events keep arriving.
 */
import { AuditEvent, type AuditEventPage } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { decodeAuditCursor, encodeAuditCursor } from '../cursor.js';
import type { AuditStore } from '../types.js';
import { type SqlClient, withConflict } from './sql.js';

interface AuditRow {
  seq: string | number;
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

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    createdAt: row.created_at,
    type: row.type,
    actor: row.actor,
    tradeDate: row.trade_date,
    source: row.source,
    metadata: JSON.parse(row.metadata) as AuditEvent['metadata'],
    ...(row.recorded_by !== null ? { recordedBy: row.recorded_by } : {}),
  };
}

export class PgAuditStore implements AuditStore {
  constructor(private readonly db: SqlClient) {}

  async append(tenantId: string, event: AuditEvent): Promise<void> {
    const parsed = AuditEvent.safeParse(event);
    if (!parsed.success) throw SvcError.fromZod(parsed.error, 'event');
    const e = parsed.data;
    await withConflict(`an audit event with id ${e.id} already exists`, () =>
      this.db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('svc.audit'), hashtext($1))", [tenantId]);
        await tx.query(
          'INSERT INTO audit_events (id, tenant_id, created_at, type, actor, trade_date, source, metadata, recorded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [e.id, tenantId, e.createdAt, e.type, e.actor, e.tradeDate, e.source, JSON.stringify(e.metadata), e.recordedBy ?? null],
        );
      }),
    );
  }

  async list(tenantId: string, options: { limit: number; before?: string | undefined }): Promise<AuditEventPage> {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1) throw SvcError.validation('invalid limit', [{ path: 'limit', message: 'must be a positive integer' }]);
    const before = options.before === undefined ? Number.MAX_SAFE_INTEGER : decodeAuditCursor(options.before);
    const { rows } = await this.db.query<AuditRow>(
      `SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`,
      [tenantId, before, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      events: page.map(toEvent),
      nextBefore: rows.length > limit && last ? encodeAuditCursor(Number(last.seq)) : null,
    };
  }

  async all(tenantId: string): Promise<AuditEvent[]> {
    const { rows } = await this.db.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = $1 ORDER BY seq ASC`, [tenantId]);
    return rows.map(toEvent);
  }
}
