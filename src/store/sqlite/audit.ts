/**
 * Audit journal on SQLite. Rows are append-only; each is numbered in its tenant's journal
 * (`tenant_seq`, given under SQLite's single writer), which orders the list and backs its cursor,
 * so pages stay stable while new events keep arriving. SQL and mapping: src/store/sql/audit.ts.
 *
 * Group commit: appends that arrive while the event loop is busy are written together, one
 * IMMEDIATE transaction and one fsync for the group, and each append resolves only after that
 * commit. Under 100 concurrent writers this turns a queue of fsyncs into a few (docs/benchmarks.md),
 * with the same durability (synchronous=FULL) and the same answer per event: a duplicate id fails
 * its own INSERT (409) and not the group's. A group that cannot be written (another process holds
 * the lock, an I/O error) fails every append in it, none committed.
 */
import type { Statement } from 'better-sqlite3';
import type { AuditEvent, AuditEventPage } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { AUDIT_SQL, auditInsertParams, type AuditInsertParams, auditPage, auditPageParams, type AuditRow, duplicateAuditMessage, toAuditEvent } from '../sql/audit.js';
import type { AuditStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

interface Pending {
  id: string;
  params: AuditInsertParams;
  settle: (error?: unknown) => void;
}

export class SqliteAuditStore implements AuditStore {
  private readonly pageStmt: Statement<[string, number, number, number], AuditRow>;
  private readonly allStmt: Statement<[string], AuditRow>;
  private readonly writeGroup: { immediate(group: Pending[]): (unknown | undefined)[] };
  private pending: Pending[] = [];

  constructor(db: Db) {
    const insert: Statement<AuditInsertParams> = db.prepare(AUDIT_SQL.insert);
    this.pageStmt = db.prepare(AUDIT_SQL.page);
    this.allStmt = db.prepare(AUDIT_SQL.all);
    // Per event: its 409 when its id exists (that INSERT alone is undone), else undefined. Any other
    // failure aborts the whole group: SQLite may have rolled the transaction back under it.
    this.writeGroup = db.transaction((group: Pending[]) =>
      group.map((p) => {
        try {
          withConflict(duplicateAuditMessage(p.id), () => insert.run(...p.params));
          return undefined;
        } catch (error) {
          if (error instanceof SvcError) return error;
          throw error;
        }
      }),
    );
  }

  append(tenantId: string, event: AuditEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      const { id, params } = auditInsertParams(tenantId, event);
      this.pending.push({ id, params, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const group = this.pending;
    this.pending = [];
    let outcomes: (unknown | undefined)[];
    try {
      outcomes = this.writeGroup.immediate(group);
    } catch (error) {
      for (const p of group) p.settle(error);
      return;
    }
    group.forEach((p, i) => p.settle(outcomes[i]));
  }

  async list(tenantId: string, options: { limit: number; before?: string | undefined }): Promise<AuditEventPage> {
    return auditPage(this.pageStmt.all(...auditPageParams(tenantId, options)), options.limit);
  }

  async all(tenantId: string): Promise<AuditEvent[]> {
    return this.allStmt.all(tenantId).map(toAuditEvent);
  }
}
