/**
 * The audit sink's transport: writing an audit event to a platform (another svc, or a hosted
 * service speaking the same POST /api/audit/events). A transport under src/providers/, not a
 * provider on the contract (contract.ts): it reads no data, so it has no parser of a source, no
 * cache key, no freshness and no fixture to fall back to (its fallback is the local receipt below),
 * and its address is given per call (`svc audit add --api-base`, else SVC_API_BASE), so `svc doctor`
 * and health, which list the data sources, have nothing to say about it before a write. It passes
 * the test runner's guard (guard.ts) as every provider request does. The outcome is honest about
 * what the client knows:
 *
 * - persisted true / 201 only when a 2xx answer echoes the stored event (a valid AuditEvent);
 * - otherwise a local receipt (202, durability `local-only`, a local id and timestamp) with the
 *   reason: `no-platform` (no base address, nothing sent), `rejected` (non-2xx), `unparseable`
 *   (2xx without a valid echo), `timeout` (no answer within the limit, or any transport failure, as
 *   the spec has it: the `detail` says which, `transport failure (ENOTFOUND)`; transportFailureOf).
 *
 * No queue and no retry: after `rejected`, `unparseable` or `timeout` the platform may or may not
 * have stored the event, and a blind retry could record it twice; the caller decides. The API key
 * is only ever put in the request header, never in an outcome, a detail or an error.
 */
import { request } from 'undici';
import type { z } from 'zod';
import { AuditEvent, AuditEventRequest, TRANSPORT_FAILURE, type AuditUnconfirmedReason, type AuditWriteOutcome } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { guardAddress } from '../guard.js';

export type AuditEventRequestInput = z.input<typeof AuditEventRequest>;

export interface PlatformAuditOptions {
  /** Base address, e.g. `https://svc.example.org` or `https://host/prefix`; undefined = no platform. */
  apiBase: string | undefined;
  /** Sent as `x-svc-api-key`. */
  apiKey?: string;
  now(): Date;
  newId(): string;
  /** Whole-exchange limit (connect, send, answer, body); default 1500 ms as the spec states. */
  timeoutMs?: number;
}

export const AUDIT_WRITE_TIMEOUT_MS = 1500;
/** An echo larger than this is not a write echo; reading stops and the answer is `unparseable`. */
export const MAX_ECHO_BYTES = 1024 * 1024;

/** `<apiBase>/api/audit/events`, keeping any path prefix of the base. */
export function auditEventsUrl(apiBase: string): URL {
  let base: URL;
  try {
    base = new URL(apiBase);
  } catch {
    base = new URL('invalid:');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    // The value is not echoed: a base address may carry credentials.
    throw SvcError.validation('invalid API base address: expected an http:// or https:// URL', [{ path: 'apiBase', message: 'expected an http(s) URL' }]);
  }
  const url = new URL(base.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/audit/events`;
  url.search = '';
  url.hash = '';
  return url;
}

export async function writeAuditToPlatform(input: AuditEventRequestInput, options: PlatformAuditOptions): Promise<AuditWriteOutcome> {
  const parsed = AuditEventRequest.safeParse(input);
  if (!parsed.success) throw SvcError.fromZod(parsed.error);

  const unconfirmed = (reason: AuditUnconfirmedReason, extra: { httpStatus?: number; detail?: string } = {}): AuditWriteOutcome => ({
    persisted: false,
    status: 202,
    durability: 'local-only',
    reason,
    localId: options.newId(),
    recordedAt: options.now().toISOString(),
    ...extra,
  });

  if (options.apiBase === undefined || options.apiBase.trim() === '') {
    return unconfirmed('no-platform', { detail: 'no API base address configured; the event was not sent' });
  }
  const url = auditEventsUrl(options.apiBase.trim());
  guardAddress('audit sink', url);
  const timeoutMs = options.timeoutMs ?? AUDIT_WRITE_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers['x-svc-api-key'] = options.apiKey;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await request(url, { method: 'POST', headers, body: JSON.stringify(parsed.data), signal: controller.signal });
    if (res.statusCode < 200 || res.statusCode > 299) {
      // Free the connection without waiting on a body nobody reads.
      res.body.dump().catch(() => undefined);
      return unconfirmed('rejected', { httpStatus: res.statusCode, detail: `the platform answered HTTP ${res.statusCode}; persistence unknown` });
    }
    const text = await readCapped(res.body, MAX_ECHO_BYTES);
    const echo = text === null ? null : echoedEvent(text);
    // Only a 201 whose echo carries an event id (and does not itself say persisted: false) confirms
    // a write; any other 2xx (a 200, or a 202 local receipt of a platform that relays) does not.
    if (!echo || res.statusCode !== 201 || echo.persisted === false) {
      const why = !echo ? 'without a valid write echo' : res.statusCode !== 201 ? 'instead of 201' : 'with persisted: false';
      return unconfirmed('unparseable', { httpStatus: res.statusCode, detail: `the platform answered HTTP ${res.statusCode} ${why}; persistence unknown` });
    }
    return { persisted: true, status: 201, event: echo.event };
  } catch (error) {
    const detail = controller.signal.aborted ? `no complete answer within ${timeoutMs} ms; persistence unknown` : `${TRANSPORT_FAILURE} (${transportCode(error)}); persistence unknown`;
    return unconfirmed('timeout', { detail });
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(body: AsyncIterable<Buffer | string> & { destroy(): unknown }, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function echoedEvent(text: string): { event: AuditEvent; persisted: unknown } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || !('event' in json)) return null;
  const parsed = AuditEvent.safeParse((json as { event: unknown }).event);
  return parsed.success ? { event: parsed.data, persisted: (json as { persisted?: unknown }).persisted } : null;
}

/** A system error code such as ECONNREFUSED; never a message, which could quote a URL or header. */
function transportCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
  }
  return 'unknown';
}
