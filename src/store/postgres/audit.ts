/**
 * Audit journal on PostgreSQL, with the SQLite journal's per-tenant numbering (`tenant_seq`) and
 * cursor. An append takes a per-tenant transaction-scoped advisory lock before inserting, so the
 * next number is taken by one writer at a time and, within a tenant, number order is commit order
 * even with several instances writing at once: a reader never sees event 7 committed while 6 is
 * still in flight, and pages stay stable while events keep arriving. SQL and mapping: src/store/sql/audit.ts.
 */
import type { AuditEvent, AuditEventPage } from '../../domain/audit.js';
import { AUDIT_SQL, auditInsertParams, auditPage, auditPageParams, type AuditRow, duplicateAuditMessage, toAuditEvent } from '../sql/audit.js';
import { numberedAll } from '../sql/placeholders.js';
import type { AuditStore } from '../types.js';
import { type SqlClient, withConflict } from './sql.js';

const SQL = numberedAll(AUDIT_SQL);

export class PgAuditStore implements AuditStore {
  constructor(private readonly db: SqlClient) {}

  async append(tenantId: string, event: AuditEvent): Promise<void> {
    const { id, params } = auditInsertParams(tenantId, event);
    await withConflict(duplicateAuditMessage(id), () =>
      this.db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('svc.audit'), hashtext($1))", [tenantId]);
        await tx.query(SQL.insert, params);
      }),
    );
  }

  async list(tenantId: string, options: { limit: number; before?: string | undefined }): Promise<AuditEventPage> {
    const { rows } = await this.db.query<AuditRow>(SQL.page, auditPageParams(tenantId, options));
    return auditPage(rows, options.limit);
  }

  async all(tenantId: string): Promise<AuditEvent[]> {
    const { rows } = await this.db.query<AuditRow>(SQL.all, [tenantId]);
    return rows.map(toAuditEvent);
  }
}
