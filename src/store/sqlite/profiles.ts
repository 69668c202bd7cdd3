/**
 * Strategy profiles on SQLite, unique per (tenant, actor, profileKey). Saving an existing key
 * updates it in place: id and createdAt stay, so other devices syncing the profile keep their link.
 */
import type { Statement } from 'better-sqlite3';
import type { StrategyProfile, TradingSettings } from '../../domain/settings.js';
import type { ProfileStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

interface ProfileRow {
  id: string;
  tenant_id: string;
  actor_id: string;
  profile_key: string;
  name: string;
  settings: string;
  fingerprint: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, tenant_id, actor_id, profile_key, name, settings, fingerprint, created_at, updated_at';

function toProfile(row: ProfileRow): StrategyProfile {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    actorId: row.actor_id,
    profileKey: row.profile_key,
    name: row.name,
    settings: JSON.parse(row.settings) as TradingSettings,
    fingerprint: row.fingerprint,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class SqliteProfileStore implements ProfileStore {
  private readonly listStmt: Statement<[string, string], ProfileRow>;
  private readonly upsertStmt: Statement<[string, string, string, string, string, string, string, string, string], ProfileRow>;
  private readonly deleteStmt: Statement<[string, string, string]>;

  constructor(db: Db) {
    this.listStmt = db.prepare(`SELECT ${COLUMNS} FROM strategy_profiles WHERE tenant_id = ? AND actor_id = ? ORDER BY created_at, rowid`);
    this.upsertStmt = db.prepare(
      `INSERT INTO strategy_profiles (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id, actor_id, profile_key) DO UPDATE SET
         name = excluded.name, settings = excluded.settings, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at
       RETURNING ${COLUMNS}`,
    );
    this.deleteStmt = db.prepare('DELETE FROM strategy_profiles WHERE tenant_id = ? AND actor_id = ? AND id = ?');
  }

  async list(tenantId: string, actorId: string): Promise<StrategyProfile[]> {
    return this.listStmt.all(tenantId, actorId).map(toProfile);
  }

  async upsert(profile: StrategyProfile): Promise<StrategyProfile> {
    const p = profile;
    const row = withConflict(`a strategy profile with id ${p.id} already exists under another key`, () =>
      this.upsertStmt.get(p.id, p.tenantId, p.actorId, p.profileKey, p.name, JSON.stringify(p.settings), p.fingerprint, p.createdAt, p.updatedAt),
    );
    if (!row) throw new Error('upsert returned no row');
    return toProfile(row);
  }

  async delete(tenantId: string, actorId: string, id: string): Promise<boolean> {
    return this.deleteStmt.run(tenantId, actorId, id).changes > 0;
  }
}
