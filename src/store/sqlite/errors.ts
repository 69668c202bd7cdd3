/** Maps SQLite constraint failures to the svc error model; anything else passes through. */
import { SvcError } from '../../domain/errors.js';

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs `write`, turning a duplicate key into 409 `conflict` with the given message. */
export function withConflict<T>(message: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SvcError('conflict', message, { cause: error });
    throw error;
  }
}
