/**
 * Notification subscriptions on SQLite. The push secrets (p256dh, auth) and the endpoint live in
 * their own columns that no read statement selects: a read cannot leak what it never loads.
 */
import type { Statement } from 'better-sqlite3';
import type { NotificationSubscriptionRegistration } from '../../domain/notifications.js';
import type { StoredSubscription, SubscriptionStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

/** Copies exactly the registration's fields, so nothing extra riding on the object is persisted. */
function registrationFields(r: NotificationSubscriptionRegistration): NotificationSubscriptionRegistration {
  return {
    actor: r.actor,
    channels: [...r.channels],
    createdAt: r.createdAt,
    delivery: r.delivery,
    locale: r.locale,
    mode: r.mode,
    policy: { humanApprovalRequired: r.policy.humanApprovalRequired, noTradingAction: r.policy.noTradingAction },
    source: r.source,
    status: r.status,
    subscriptionId: r.subscriptionId,
    workspaceId: r.workspaceId,
  };
}

export class SqliteSubscriptionStore implements SubscriptionStore {
  private readonly insertStmt: Statement<[string, string, string, string, string, string, number | null, string, string]>;
  private readonly listStmt: Statement<[string], { registration: string }>;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO notification_subscriptions
         (subscription_id, tenant_id, created_at, registration, preferences, endpoint, expiration_time, p256dh, auth)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.listStmt = db.prepare('SELECT registration FROM notification_subscriptions WHERE tenant_id = ? ORDER BY created_at, rowid');
  }

  async save(record: StoredSubscription): Promise<void> {
    const { registration: r, subscription: s } = record;
    withConflict(`a subscription with id ${r.subscriptionId} already exists`, () =>
      this.insertStmt.run(
        r.subscriptionId,
        record.tenantId,
        r.createdAt,
        JSON.stringify(registrationFields(r)),
        JSON.stringify(record.preferences),
        s.endpoint,
        s.expirationTime ?? null,
        s.keys.p256dh,
        s.keys.auth,
      ),
    );
  }

  async list(tenantId: string): Promise<NotificationSubscriptionRegistration[]> {
    return this.listStmt.all(tenantId).map((row) => JSON.parse(row.registration) as NotificationSubscriptionRegistration);
  }
}
