/**
 * Tenant API keys on SQLite. Only the hash and the display prefix are stored, never the
 * plaintext. Revocation is a soft, one-way state change: no method clears it, and a trigger in
 * the schema refuses any UPDATE that would.
 */
import type { Statement } from 'better-sqlite3';
import type { ApiKeyStore, StoredApiKey } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

interface ApiKeyRow {
  id: string;
  tenant_id: string;
  actor_id: string;
  name: string;
  prefix: string;
  hash: string;
  roles: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

const COLUMNS = 'id, tenant_id, actor_id, name, prefix, hash, roles, created_at, last_used_at, revoked_at, revoked_by';

function toKey(row: ApiKeyRow): StoredApiKey {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    actorId: row.actor_id,
    name: row.name,
    prefix: row.prefix,
    hash: row.hash,
    roles: JSON.parse(row.roles) as string[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
  };
}

export class SqliteApiKeyStore implements ApiKeyStore {
  private readonly insertStmt: Statement<[string, string, string, string, string, string, string, string, string | null]>;
  private readonly listActiveStmt: Statement<[string], ApiKeyRow>;
  private readonly byHashStmt: Statement<[string], ApiKeyRow>;
  private readonly touchStmt: Statement<[string, string]>;
  private readonly revokeStmt: Statement<[string, string, string, string], ApiKeyRow>;

  constructor(db: Db) {
    // A key is born active: revoked_at/revoked_by are not insertable, so insert() cannot smuggle
    // in a revoked record nor a pre-revoked one that later looks "restored".
    this.insertStmt = db.prepare(
      'INSERT INTO api_keys (id, tenant_id, actor_id, name, prefix, hash, roles, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.listActiveStmt = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE tenant_id = ? AND revoked_at IS NULL ORDER BY created_at, id`);
    this.byHashStmt = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE hash = ? AND revoked_at IS NULL`);
    this.touchStmt = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND revoked_at IS NULL');
    this.revokeStmt = db.prepare(
      `UPDATE api_keys SET revoked_at = ?, revoked_by = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    );
  }

  async insert(key: StoredApiKey): Promise<void> {
    if (key.revokedAt !== null || key.revokedBy !== null) throw new RangeError('a new api key must be active (revokedAt/revokedBy null)');
    withConflict('an api key with this id or hash already exists', () =>
      this.insertStmt.run(key.id, key.tenantId, key.actorId, key.name, key.prefix, key.hash, JSON.stringify(key.roles), key.createdAt, key.lastUsedAt),
    );
  }

  async listActive(tenantId: string): Promise<StoredApiKey[]> {
    return this.listActiveStmt.all(tenantId).map(toKey);
  }

  async findActiveByHash(hash: string): Promise<StoredApiKey | null> {
    const row = this.byHashStmt.get(hash);
    return row ? toKey(row) : null;
  }

  async touch(id: string, at: string): Promise<void> {
    this.touchStmt.run(at, id);
  }

  async revoke(tenantId: string, id: string, actorId: string, at: string): Promise<StoredApiKey | null> {
    const row = this.revokeStmt.get(at, actorId, tenantId, id);
    return row ? toKey(row) : null;
  }
}
