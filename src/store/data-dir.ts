/**
 * Creating the data directory. Not `mkdirSync(dir, { recursive: true })`: on Node 20 that loops
 * forever when a parent exists but refuses children (e.g. under /proc), pinning a core. This walks
 * up at most once per path component and fails with a message that says what to change.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { SvcError } from '../domain/errors.js';
import { fileErrorWords } from '../domain/file-errors.js';

export function ensureDataDir(dir: string): void {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    try {
      if (!statSync(current).isDirectory()) throw dataDirError(dir, current === dir ? 'it is a file, not a directory' : 'a part of the path is a file, not a directory');
      break;
    } catch (error) {
      if (error instanceof SvcError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw dataDirError(dir, fileErrorWords(error));
      missing.push(current);
      const parent = dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw dataDirError(dir, fileErrorWords(error));
    }
  }
}

/** No path in the message: it may reach an HTTP error body; the user knows what they configured. */
function dataDirError(_dir: string, why: string): SvcError {
  return new SvcError('unavailable', `cannot create or use the data directory: ${why}; set --data-dir or SVC_DATA_DIR to a writable directory`, {
    reason: 'data_dir_unavailable',
  });
}
