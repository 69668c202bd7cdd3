/**
 * The store floor as the doors reach it (eslint.config.js: a door imports src/store only through
 * src/ops): the stores' type, opening the configured stores, and their schema version.
 */
import type { Stores } from '../../store/types.js';

export type { Stores };
export { openConfiguredStores } from '../../store/open.js';

/** The schema version the stores are at and the latest this build knows (`svc db status`). */
export async function schemaVersionOf(stores: Stores): Promise<{ version: number; latest: number }> {
  if (stores.kind === 'postgres') {
    const pg = await import('../../store/postgres/index.js');
    return { version: await pg.pgSchemaVersion((stores as import('../../store/postgres/index.js').PgStores).sql), latest: pg.PG_LATEST_SCHEMA_VERSION };
  }
  const sqlite = await import('../../store/sqlite/index.js');
  return { version: sqlite.schemaVersion((stores as import('../../store/sqlite/index.js').SqliteStores).db), latest: sqlite.LATEST_SCHEMA_VERSION };
}
