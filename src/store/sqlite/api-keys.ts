/**
 * Tenant API keys on SQLite. Only the hash and the display prefix are stored, never the
 * plaintext. Revocation is a soft, one-way state change: no method clears it, and a trigger in
 * the schema refuses any UPDATE that would. SQL and mapping: src/store/sql/accounts.ts.
 */
import type { Statement } from 'better-sqlite3';
import { accountsSql, type ApiKeyRow, KEY_CONFLICT, keyInsertParams, type KeyInsertParams, toApiKey } from '../sql/accounts.js';
import type { ApiKeyStore, StoredApiKey } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

const SQL = accountsSql('rowid');

export class SqliteApiKeyStore implements ApiKeyStore {
  private readonly insertStmt: Statement<KeyInsertParams>;
  private readonly listActiveStmt: Statement<[string], ApiKeyRow>;
  private readonly byHashStmt: Statement<[string], ApiKeyRow>;
  private readonly touchStmt: Statement<[string, string]>;
  private readonly revokeStmt: Statement<[string, string, string, string], ApiKeyRow>;

  constructor(db: Db) {
    this.insertStmt = db.prepare(SQL.keyInsert);
    this.listActiveStmt = db.prepare(SQL.keyListActive);
    this.byHashStmt = db.prepare(SQL.keyByHash);
    this.touchStmt = db.prepare(SQL.keyTouch);
    this.revokeStmt = db.prepare(SQL.keyRevoke);
  }

  async insert(key: StoredApiKey): Promise<void> {
    const params = keyInsertParams(key);
    withConflict(KEY_CONFLICT, () => this.insertStmt.run(...params));
  }

  async listActive(tenantId: string): Promise<StoredApiKey[]> {
    return this.listActiveStmt.all(tenantId).map(toApiKey);
  }

  async findActiveByHash(hash: string): Promise<StoredApiKey | null> {
    const row = this.byHashStmt.get(hash);
    return row ? toApiKey(row) : null;
  }

  async touch(id: string, at: string): Promise<void> {
    this.touchStmt.run(at, id);
  }

  async revoke(tenantId: string, id: string, actorId: string, at: string): Promise<StoredApiKey | null> {
    const row = this.revokeStmt.get(at, actorId, tenantId, id);
    return row ? toApiKey(row) : null;
  }
}
