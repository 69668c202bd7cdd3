/**
 * Opening the embedded database: file placement and permissions, durability PRAGMAs, and the
 * versioned schema migrations. Everything durability-related is decided here, once.
 */
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SvcError } from '../../domain/errors.js';
import { fileErrorWords } from '../../domain/file-errors.js';
import { ensureDataDir } from '../data-dir.js';
import { migrations as defaultMigrations, type Migration } from './migrations.js';

export type Db = Database.Database;

export const DB_FILE_NAME = 'svc.db';
/** How long opening and migrating waits for another process's lock (ms); the stores then wait off the event loop (busy.ts). */
export const BUSY_TIMEOUT_MS = 5_000;

/** Creates `<dataDir>` (0700) and an empty `svc.db` (0600) if missing, and returns the file path. */
export function prepareDataDir(dataDir: string): string {
  ensureDataDir(dataDir);
  const file = join(dataDir, DB_FILE_NAME);
  // SQLite gives the -wal and -shm files the mode of the main file, so creating it 0600 up front
  // keeps the whole database private to the owner regardless of the umask.
  try {
    closeSync(openSync(file, 'a', 0o600));
  } catch (error) {
    throw new SvcError('unavailable', `cannot create the data store in the data directory: ${fileErrorWords(error)}; set --data-dir or SVC_DATA_DIR to a writable directory`, { reason: 'data_dir_unavailable', cause: error });
  }
  return file;
}

/** Opens a connection with the svc PRAGMAs applied; no schema work. */
export function openDatabase(file: string): Db {
  let db: Db;
  try {
    db = new Database(file);
  } catch (error) {
    throw new SvcError('unavailable', `cannot open the data store at ${file}`, { reason: 'store_unavailable', cause: error });
  }
  // WAL: readers never block the single writer, and a commit is one append to the log.
  db.pragma('journal_mode = WAL');
  // FULL: the WAL is fsynced on every commit, so an acknowledged write survives power loss,
  // not just a process crash (NORMAL in WAL mode may drop the last commits on power loss).
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

export function schemaVersion(db: Db): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/**
 * Applies every migration newer than the database's `user_version`, each in its own IMMEDIATE
 * transaction that re-reads the version first, so two processes opening a fresh file at once do
 * not both run the same step. Returns the resulting version.
 */
export function migrate(db: Db, list: readonly Migration[] = defaultMigrations): number {
  const ordered = [...list].sort((a, b) => a.version - b.version);
  const latest = ordered.at(-1)?.version ?? 0;
  const current = schemaVersion(db);
  if (current > latest) {
    throw new SvcError('unavailable', `the data store has schema version ${current}, newer than this svc understands (${latest}); upgrade svc`, {
      reason: 'store_schema_newer',
    });
  }
  for (const migration of ordered) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      if (schemaVersion(db) >= migration.version) return;
      db.exec(migration.sql);
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    }).immediate();
  }
  return schemaVersion(db);
}
