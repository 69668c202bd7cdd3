/**
 * Audit journal on SQLite. Rows are append-only; `seq` (AUTOINCREMENT, never reused) orders them
 * and backs the list cursor, so pages stay stable while new events keep arriving.
 */
import type { Statement } from 'better-sqlite3';
import { AuditEvent, type AuditEventPage } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { decodeAuditCursor, encodeAuditCursor } from '../cursor.js';
import type { AuditStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

interface AuditRow {
  seq: number;
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
    // Written by append() from a validated event, so the shape is known.
    metadata: JSON.parse(row.metadata) as AuditEvent['metadata'],
    // Events written before schema version 5 have no recorded principal.
    ...(row.recorded_by !== null ? { recordedBy: row.recorded_by } : {}),
  };
}

export class SqliteAuditStore implements AuditStore {
  private readonly insertStmt: Statement<[string, string, string, string, string, string, string, string, string | null]>;
  private readonly pageStmt: Statement<[string, number, number], AuditRow>;
  private readonly allStmt: Statement<[string], AuditRow>;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO audit_events (id, tenant_id, created_at, type, actor, trade_date, source, metadata, recorded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.pageStmt = db.prepare(`SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`);
    this.allStmt = db.prepare(`SELECT ${COLUMNS} FROM audit_events WHERE tenant_id = ? ORDER BY seq ASC`);
  }

  async append(tenantId: string, event: AuditEvent): Promise<void> {
    const parsed = AuditEvent.safeParse(event);
    if (!parsed.success) throw SvcError.fromZod(parsed.error, 'event');
    const e = parsed.data;
    withConflict(`an audit event with id ${e.id} already exists`, () =>
      this.insertStmt.run(e.id, tenantId, e.createdAt, e.type, e.actor, e.tradeDate, e.source, JSON.stringify(e.metadata), e.recordedBy ?? null),
    );
  }

  async list(tenantId: string, options: { limit: number; before?: string | undefined }): Promise<AuditEventPage> {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1) throw SvcError.validation('invalid limit', [{ path: 'limit', message: 'must be a positive integer' }]);
    const before = options.before === undefined ? Number.MAX_SAFE_INTEGER : decodeAuditCursor(options.before);
    // One extra row tells whether an older page exists without a second query.
    const rows = this.pageStmt.all(tenantId, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      events: page.map(toEvent),
      nextBefore: rows.length > limit && last ? encodeAuditCursor(last.seq) : null,
    };
  }

  async all(tenantId: string): Promise<AuditEvent[]> {
    return this.allStmt.all(tenantId).map(toEvent);
  }
}
