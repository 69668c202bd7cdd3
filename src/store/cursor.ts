/**
 * The audit-list cursor. Callers treat it as opaque; inside it is `v1:<seq>` in base64url, where
 * seq is the store's monotonically increasing insertion number. A page holds events with
 * seq < cursor, so events appended after the first page was read never shift later pages.
 * The version prefix lets a later format coexist with cursors already handed out.
 */
import { SvcError } from '../domain/errors.js';

const PREFIX = 'v1:';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SEQ = /^[1-9]\d{0,15}$/;

export function encodeAuditCursor(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`cursor seq must be a positive safe integer, got ${seq}`);
  return Buffer.from(`${PREFIX}${seq}`, 'utf8').toString('base64url');
}

/** The seq a cursor names; a malformed cursor is the caller's fault (400, path `before`). */
export function decodeAuditCursor(cursor: string): number {
  const invalid = (): SvcError =>
    SvcError.validation('invalid cursor: before: pass the nextBefore value of a previous page unchanged', [
      { path: 'before', message: 'not a cursor returned by this service' },
    ]);
  if (!BASE64URL.test(cursor) || cursor.length > 64) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(PREFIX)) throw invalid();
  const digits = text.slice(PREFIX.length);
  if (!SEQ.test(digits)) throw invalid();
  const seq = Number(digits);
  // Only the canonical spelling is accepted, so one position has exactly one cursor.
  if (!Number.isSafeInteger(seq) || encodeAuditCursor(seq) !== cursor) throw invalid();
  return seq;
}
