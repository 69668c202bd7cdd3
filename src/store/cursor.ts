/**
 * The audit-list cursor. Callers treat it as opaque; inside it is `v2:<position>` in base64url,
 * where position is the event's number in its tenant's own journal (1, 2, 3, ... per tenant, given
 * at append under the tenant's write lock). A page holds events before that position, so events
 * appended after the first page was read never shift later pages. A cursor tells a tenant only how
 * many events it has itself; it names no other tenant's writes (the `v1:<seq>` cursors issued
 * before schema version 8 carried the store-wide insertion counter).
 *
 * `v1:<seq>` cursors already handed out still read on: they position the page by that counter, and
 * the page's own `nextBefore` is a `v2` cursor, so a walk that spans the upgrade visits every event
 * once.
 */
import { SvcError } from '../domain/errors.js';

/** Where a page starts: before a tenant position (v2), or before a store-wide seq (a v1 cursor). */
export type AuditCursor = { position: number; seq?: undefined } | { seq: number; position?: undefined };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const FORM = /^v([12]):([1-9]\d{0,15})$/;

const encode = (version: 1 | 2, n: number): string => Buffer.from(`v${version}:${n}`, 'utf8').toString('base64url');

/** The cursor naming tenant position `position` (a page then holds events before it). */
export function encodeAuditCursor(position: number): string {
  if (!Number.isSafeInteger(position) || position < 1) throw new RangeError(`cursor position must be a positive safe integer, got ${position}`);
  return encode(2, position);
}

/** What a cursor names; a malformed cursor is the caller's fault (400, path `before`). */
export function decodeAuditCursor(cursor: string): AuditCursor {
  const invalid = (): SvcError =>
    SvcError.validation('invalid cursor: before: pass the nextBefore value of a previous page unchanged', [
      { path: 'before', message: 'not a cursor returned by this service' },
    ]);
  if (!BASE64URL.test(cursor) || cursor.length > 64) throw invalid();
  const match = FORM.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  const version = match[1] === '1' ? 1 : 2;
  const n = Number(match[2]);
  // Only the canonical spelling is accepted, so one position has exactly one cursor.
  if (!Number.isSafeInteger(n) || encode(version, n) !== cursor) throw invalid();
  return version === 2 ? { position: n } : { seq: n };
}
