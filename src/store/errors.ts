/**
 * Store failures in the svc error model, the same for both engines: a duplicate key is 409
 * `conflict`; a database that is gone, locked past its bounded wait or refusing connections is 503
 * `unavailable` with reason `store_unavailable` (the HTTP door adds Retry-After). Neither message
 * names the database's location, so nothing configured reaches an error body.
 */
import { SvcError } from '../domain/errors.js';

export function conflictError(message: string, cause: unknown): SvcError {
  return new SvcError('conflict', message, { cause });
}

/** `detail` says what happened in the driver's words (a code or state, never a URL or path). */
export function storeUnavailable(detail: string, cause: unknown): SvcError {
  return new SvcError('unavailable', `the data store is unavailable (${detail}); retry shortly`, { reason: 'store_unavailable', cause });
}
