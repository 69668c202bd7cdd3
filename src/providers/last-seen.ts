/**
 * What this process last saw of each source's live reads: success, or the failure's reason. The
 * one cache (mktop/cache.ts) and the platform's source record here, so health says `connected`
 * only after a live read succeeded and stops saying it after one failed. Process-local on purpose:
 * the store keeps only successful reads (their fetch times date the data).
 */
export interface SeenOutcome {
  ok: boolean;
  at: string;
  /** The failure's reason (an upstream reason word), absent on success. */
  reason?: string;
}

const seen = new Map<string, SeenOutcome>();

export function recordSeen(sourceId: string, outcome: SeenOutcome): void {
  seen.set(sourceId, outcome);
}

export function lastSeen(sourceId: string): SeenOutcome | null {
  return seen.get(sourceId) ?? null;
}

/** Tests only: forget everything seen. */
export function forgetSeen(): void {
  seen.clear();
}
