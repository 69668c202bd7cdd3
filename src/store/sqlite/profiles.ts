/**
 * Strategy profiles on SQLite, unique per (tenant, actor, profileKey). Saving an existing key
 * updates it in place: id and createdAt stay, so other devices syncing the profile keep their link.
 * SQL and mapping: src/store/sql/accounts.ts.
 */
import type { Statement } from 'better-sqlite3';
import type { StrategyProfile } from '../../domain/settings.js';
import { accountsSql, profileConflict, profileParams, type ProfileParams, type ProfileRow, toProfile } from '../sql/accounts.js';
import type { ProfileStore } from '../types.js';
import type { Db } from './db.js';
import { withConflict } from './errors.js';

const SQL = accountsSql('rowid');

export class SqliteProfileStore implements ProfileStore {
  private readonly listStmt: Statement<[string, string], ProfileRow>;
  private readonly upsertStmt: Statement<ProfileParams, ProfileRow>;
  private readonly deleteStmt: Statement<[string, string, string]>;

  constructor(db: Db) {
    this.listStmt = db.prepare(SQL.profileList);
    this.upsertStmt = db.prepare(SQL.profileUpsert);
    this.deleteStmt = db.prepare(SQL.profileDelete);
  }

  async list(tenantId: string, actorId: string): Promise<StrategyProfile[]> {
    return this.listStmt.all(tenantId, actorId).map(toProfile);
  }

  async upsert(profile: StrategyProfile): Promise<StrategyProfile> {
    const row = withConflict(profileConflict(profile.id), () => this.upsertStmt.get(...profileParams(profile)));
    if (!row) throw new Error('upsert returned no row');
    return toProfile(row);
  }

  async delete(tenantId: string, actorId: string, id: string): Promise<boolean> {
    return this.deleteStmt.run(tenantId, actorId, id).changes > 0;
  }
}
