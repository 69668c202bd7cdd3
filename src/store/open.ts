/**
 * Which store a process uses: PostgreSQL when SVC_DATABASE_URL is set, else the embedded SQLite
 * file in the data directory. Each engine is imported only when chosen, so a command that never
 * touches the store (and one on SQLite) never loads `pg`.
 */
import type { SvcConfig } from '../config/config.js';
import type { Stores } from './types.js';

export type StoreSettings = Pick<SvcConfig, 'dataDir' | 'database'>;

export async function openConfiguredStores(settings: StoreSettings, options: { migrate?: boolean; requireCurrent?: boolean } = {}): Promise<Stores> {
  const db = settings.database;
  if (db.url !== undefined) {
    const { openPostgresStores } = await import('./postgres/index.js');
    return openPostgresStores({
      url: db.url,
      schema: db.schema,
      poolMax: db.poolMax,
      connectTimeoutMs: db.connectTimeoutMs,
      migrate: options.migrate ?? db.migrateOnStart,
      ...(options.requireCurrent !== undefined ? { requireCurrent: options.requireCurrent } : {}),
    });
  }
  const { openSqliteStores } = await import('./sqlite/index.js');
  return openSqliteStores(settings.dataDir);
}
