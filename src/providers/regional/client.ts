/**
 * The regional-prices platform API's client: one GET of `<base>/multi-zone/prices?date=`, 5 s for
 * the whole exchange, no retry and no cache (the answer names its own revision; svc's own store
 * holds only imported artifacts). What this process last saw is recorded for `svc doctor`
 * (last-seen.ts): a read the platform answered within its contract (a group, or a 404 naming why
 * nothing is servable) succeeded; an unreachable host, another status or an invalid payload failed.
 */
import { request } from 'undici';
import { guardAddress } from '../guard.js';
import { recordSeen } from '../last-seen.js';
import { parseRegionalAnswer, type RegionalAnswer } from './parse.js';

export const REGIONAL_TIMEOUT_MS = 5_000;

/** `<base>/multi-zone/prices?date=<date>`, the base's path kept. */
export function regionalPricesUrl(base: string, date: string): URL {
  const url = new URL('multi-zone/prices', base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('date', date);
  return url;
}

/** The platform's answer for one date, or `unreachable` when no answer came within the limit. */
export async function readRegionalPrices(base: string, date: string, now: () => Date = () => new Date()): Promise<RegionalAnswer | { kind: 'unreachable' }> {
  const url = regionalPricesUrl(base, date);
  guardAddress('regional prices', url);
  let status: number;
  let text: string;
  try {
    const res = await request(url, { method: 'GET', headersTimeout: REGIONAL_TIMEOUT_MS, bodyTimeout: REGIONAL_TIMEOUT_MS, signal: AbortSignal.timeout(REGIONAL_TIMEOUT_MS) });
    status = res.statusCode;
    text = await res.body.text();
  } catch {
    recordSeen('regional', { ok: false, at: now().toISOString(), reason: 'platform_unavailable' });
    return { kind: 'unreachable' };
  }
  const answer = parseRegionalAnswer(status, text, date);
  const failed = answer.kind === 'status' ? 'platform_unavailable' : answer.kind === 'invalidPayload' ? 'invalid_payload' : null;
  recordSeen('regional', failed ? { ok: false, at: now().toISOString(), reason: failed } : { ok: true, at: now().toISOString() });
  return answer;
}
