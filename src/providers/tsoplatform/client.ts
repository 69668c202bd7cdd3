/**
 * A small, isolated undici client for the platform's REST API: one GET per document with a
 * timeout, bounded retries on transport errors, 429 and 5xx, and the token sent as the
 * `securityToken` query parameter. The token never appears in an error, a log line or a cache key.
 * Nothing from a bad response is returned for caching: only a parsed document leaves this module.
 */
import { request } from 'undici';
import { guardAddress } from '../guard.js';
import { MalformedDocumentError, parseMarketDocument, type ParsedDocument } from './parse.js';

export interface TsoClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  retries: number;
  /** Pause before retry n (1-based), ms. */
  backoffMs?: (attempt: number) => number;
}

export type TsoFailureKind = 'unauthorized' | 'timeout' | 'unavailable' | 'malformed' | 'http_error';

export class TsoPlatformError extends Error {
  constructor(readonly kind: TsoFailureKind, message: string) {
    super(message);
    this.name = 'TsoPlatformError';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After the platform could not be reached or did not answer in time (every attempt), requests to it
 * within this window fail at once with the same reason instead of waiting out their own timeouts
 * and retries: a regime reads ten flow legs and four prices, and a hung platform cost each its
 * 30 s. As the operator's client does (providers/mktop/http.ts DOWN_HOST_MEMO_MS).
 */
export const PLATFORM_DOWN_MEMO_MS = 60_000;
const down = new Map<string, { until: number; error: TsoPlatformError }>();

/** Forgets every remembered failure (tests that start a new upstream). */
export function forgetPlatformDown(): void {
  down.clear();
}

export async function fetchDocument(options: TsoClientOptions, params: Record<string, string>): Promise<ParsedDocument> {
  const url = new URL(options.baseUrl);
  guardAddress('transmission-data platform', url);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('securityToken', options.token);
  const memo = down.get(url.origin);
  if (memo && memo.until > Date.now()) throw new TsoPlatformError(memo.error.kind, `${memo.error.message}; not asked again within ${PLATFORM_DOWN_MEMO_MS / 1000} s`);
  const backoff = options.backoffMs ?? ((n: number) => 250 * 2 ** (n - 1));
  let last: TsoPlatformError = new TsoPlatformError('unavailable', 'platform not reached');
  // The last attempt got no answer at all (unreachable or timed out), not an HTTP status.
  let noAnswer = false;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await sleep(backoff(attempt));
    try {
      const res = await request(url, {
        method: 'GET',
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      noAnswer = false;
      const body = new Uint8Array(await res.body.arrayBuffer());
      if (res.statusCode === 401 || res.statusCode === 403) {
        throw new TsoPlatformError('unauthorized', `platform refused the token (HTTP ${res.statusCode})`);
      }
      if (res.statusCode === 429 || res.statusCode >= 500) {
        last = new TsoPlatformError('unavailable', `platform answered HTTP ${res.statusCode}`);
        continue;
      }
      if (res.statusCode === 400) {
        // The platform answers "no matching data" as a 400 carrying an acknowledgement document.
        const doc = safeParse(body);
        if (doc?.kind === 'acknowledgement') return doc;
        throw new TsoPlatformError('http_error', 'platform answered HTTP 400');
      }
      if (res.statusCode !== 200) throw new TsoPlatformError('http_error', `platform answered HTTP ${res.statusCode}`);
      try {
        return parseMarketDocument(body);
      } catch (error) {
        if (error instanceof MalformedDocumentError) throw new TsoPlatformError('malformed', error.message);
        throw error;
      }
    } catch (error) {
      if (error instanceof TsoPlatformError) throw error;
      const name = error instanceof Error ? error.name : '';
      const code = (error as { code?: string } | null)?.code ?? '';
      noAnswer = true;
      last = /Timeout|Abort/i.test(name) || /TIMEOUT/i.test(code)
        ? new TsoPlatformError('timeout', `platform did not answer within ${options.timeoutMs} ms`)
        : new TsoPlatformError('unavailable', 'platform unreachable');
    }
  }
  if (noAnswer) down.set(url.origin, { until: Date.now() + PLATFORM_DOWN_MEMO_MS, error: last });
  throw last;
}

function safeParse(body: Uint8Array): ParsedDocument | undefined {
  try {
    return parseMarketDocument(body);
  } catch {
    return undefined;
  }
}
