/**
 * Why a month of the operator's prices is fallback data: svc served its shipped copy (freshness
 * status `fallback`), in fixture mode or in auto mode after the operator failed. One wording for
 * every reader (the CLI's mktop book, the reports), stable (a reason code, no address or time) so
 * that a brief's rationale id does not change with them. A stale cached copy is the operator's own
 * data and is not a fallback.
 */
import type { DataFreshness } from '../../domain/market-data.js';

export function mktopFallbackReason(month: string, freshness: Pick<DataFreshness, 'status' | 'upstreamError'>): string | undefined {
  if (freshness.status !== 'fallback') return undefined;
  const upstream = freshness.upstreamError?.reason;
  return upstream
    ? `the market operator could not be read for ${month} (${upstream}), so svc used its shipped sample of the operator's prices`
    : `svc used its shipped sample of the operator's prices for ${month} (SVC_MARKET_DATA=fixture)`;
}
