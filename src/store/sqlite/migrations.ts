/**
 * Schema history of the embedded store: the shared history (src/store/sql/schema.ts) in SQLite's
 * dialect. Each entry is applied once, in order, inside its own transaction together with the
 * `PRAGMA user_version` bump (db.ts), so a crash mid-migration leaves the previous version intact.
 */
import { type Dialect, type Migration, migrationsFor } from '../sql/schema.js';

export type { Migration } from '../sql/schema.js';

const SQLITE: Dialect = {
  serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
  insertionOrder: '',
  sortedText: 'TEXT',
  real: 'REAL',
  bigint: 'INTEGER',
  flag: (column) => `INTEGER NOT NULL CHECK (${column} IN (0, 1))`,
  json: (column, type) => (type ? `json_valid(${column}) AND json_type(${column}) = '${type}'` : `json_valid(${column})`),
  withoutRowid: ' WITHOUT ROWID',
  // SQLite cannot add NOT NULL to an existing column; every insert sets it.
  requireColumn: () => '',
  revocationIsPermanent: `CREATE TRIGGER api_keys_revocation_is_permanent
      BEFORE UPDATE OF revoked_at, revoked_by ON api_keys
      WHEN OLD.revoked_at IS NOT NULL
      BEGIN
        SELECT RAISE(ABORT, 'a revoked api key cannot be restored');
      END;`,
};

export const migrations: readonly Migration[] = migrationsFor(SQLITE);

export const LATEST_SCHEMA_VERSION = migrations.reduce((max, m) => Math.max(max, m.version), 0);
