/**
 * The regional-prices platform API's answer to `GET <base>/multi-zone/prices?date=`, read into what
 * the operation serves or why it cannot: a 200 whose body is the contract's payload for the asked
 * date is a group of one revision; a 404 names why the platform has nothing servable (one of the
 * spec's four reasons, else none); any other status is the platform failing, and a 200 outside
 * the contract (or for another date) an invalid payload. Pure: no request, no clock.
 */
import { z } from 'zod';
import { MULTI_ZONE_NOT_SERVABLE, type MultiZoneNotServable } from '../../domain/tsoplatform.js';

const ApiPayload = z.object({
  tradeDate: z.string(),
  revision: z.number().int().min(1),
  zones: z.array(z.object({ zone: z.string(), valueEurMwh: z.number().finite() })).min(1),
});

export type RegionalAnswer =
  | { kind: 'group'; revision: number; values: Map<string, number> }
  /** 404: `reason` is the platform's word when it is one of the spec's, else null. */
  | { kind: 'notServable'; reason: MultiZoneNotServable | null }
  /** Any status but 200 and 404. */
  | { kind: 'status'; status: number }
  /** A 200 outside the contract or for another date. */
  | { kind: 'invalidPayload' };

export function parseRegionalAnswer(status: number, text: string, date: string): RegionalAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status === 404) {
    const reason = (body as { reason?: unknown } | undefined)?.reason;
    return { kind: 'notServable', reason: MULTI_ZONE_NOT_SERVABLE.find((r) => r === reason) ?? null };
  }
  if (status !== 200) return { kind: 'status', status };
  const parsed = ApiPayload.safeParse(body);
  if (!parsed.success || parsed.data.tradeDate !== date) return { kind: 'invalidPayload' };
  return { kind: 'group', revision: parsed.data.revision, values: new Map(parsed.data.zones.map((z) => [z.zone.toUpperCase(), z.valueEurMwh])) };
}
