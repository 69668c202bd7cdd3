/**
 * Audit journal on SQLite. Rows are append-only; each is numbered in its tenant's journal
 * (`tenant_seq`, given under SQLite's single writer), which orders the list and backs its cursor,
 * so pages stay stable while new events keep arriving. SQL and mapping: src/store/sql/audit.ts.
 */
import type { Statement } from 'better-sqlite3';
import type { AuditEvent, AuditEventPage } from '../../domain/audit.js';
import { AUDIT_SQL, auditInsertParams, type AuditInsertParams, auditPage, auditPageParams, type AuditRow, duplicateAuditMessage, toAuditEvent } from '../sql/audit.js';
import type { AuditStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

export class SqliteAuditStore implements AuditStore {
  private readonly insertStmt: Statement<AuditInsertParams>;
  private readonly pageStmt: Statement<[string, number, number, number], AuditRow>;
  private readonly allStmt: Statement<[string], AuditRow>;

  constructor(db: Db) {
    this.insertStmt = db.prepare(AUDIT_SQL.insert);
    this.pageStmt = db.prepare(AUDIT_SQL.page);
    this.allStmt = db.prepare(AUDIT_SQL.all);
  }

  async append(tenantId: string, event: AuditEvent): Promise<void> {
    const { id, params } = auditInsertParams(tenantId, event);
    withConflict(duplicateAuditMessage(id), () => this.insertStmt.run(...params));
  }

  async list(tenantId: string, options: { limit: number; before?: string | undefined }): Promise<AuditEventPage> {
    return auditPage(this.pageStmt.all(...auditPageParams(tenantId, options)), options.limit);
  }

  async all(tenantId: string): Promise<AuditEvent[]> {
    return this.allStmt.all(tenantId).map(toAuditEvent);
  }
}
