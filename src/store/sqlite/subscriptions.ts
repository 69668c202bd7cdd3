/**
 * Notification subscriptions on SQLite. The push secrets (p256dh, auth) and the endpoint live in
 * their own columns that no read statement selects. SQL and mapping: src/store/sql/accounts.ts.
 */
import type { Statement } from 'better-sqlite3';
import type { NotificationSubscriptionRegistration } from '../../domain/notifications.js';
import { accountsSql, subscriptionConflict, subscriptionParams, type SubscriptionParams, toRegistration } from '../sql/accounts.js';
import type { StoredSubscription, SubscriptionStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

const SQL = accountsSql('rowid');

export class SqliteSubscriptionStore implements SubscriptionStore {
  private readonly insertStmt: Statement<SubscriptionParams>;
  private readonly listStmt: Statement<[string], { registration: string }>;

  constructor(db: Db) {
    this.insertStmt = db.prepare(SQL.subscriptionInsert);
    this.listStmt = db.prepare(SQL.subscriptionList);
  }

  async save(record: StoredSubscription): Promise<void> {
    withConflict(subscriptionConflict(record.registration.subscriptionId), () => this.insertStmt.run(...subscriptionParams(record)));
  }

  async list(tenantId: string): Promise<NotificationSubscriptionRegistration[]> {
    return this.listStmt.all(tenantId).map(toRegistration);
  }
}
