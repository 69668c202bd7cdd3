/**
 * Which stored regional prices may be served for a date (pure): one complete group of a single
 * revision, else a 404 with the spec's reason. A group is complete when every zone its recorded
 * completed attempt expected has a usable (non-blank) value in that revision.
 */
import { SvcError } from '../../domain/errors.js';
import type { MultiZoneNotServable } from '../../domain/tsoplatform.js';
import type { RegionalFetchAttempt, RegionalPriceRow } from '../../store/types.js';

export const notServable = (reason: MultiZoneNotServable, message: string): SvcError => new SvcError('not_found', message, { reason });

export interface ServableGroup {
  revision: number;
  attempt: RegionalFetchAttempt | null;
  values: Map<string, number>;
}

export function selectGroup(date: string, attempts: readonly RegionalFetchAttempt[], rows: readonly RegionalPriceRow[]): ServableGroup {
  const usable = rows.filter((r) => r.valueEurMwh !== null);
  if (usable.length === 0) {
    const latest = [...attempts].reverse().find((a) => a.status === 'completed');
    if (latest && latest.rows === 0) {
      throw notServable('no_rows_in_captured_artifact', `the latest captured artifact (revision ${latest.revision}) holds no usable prices for ${date}`);
    }
    throw notServable('no_rows', `no stored regional prices for ${date}`);
  }
  const revisions = [...new Set(rows.map((r) => r.revision))].sort((a, b) => b - a);
  for (const revision of revisions) {
    const attempt = [...attempts].reverse().find((a) => a.revision === revision && a.status === 'completed') ?? null;
    const inRevision = rows.filter((r) => r.revision === revision);
    const expected = attempt?.expectedZones ?? [];
    const values = new Map<string, number>();
    for (const r of inRevision) if (r.valueEurMwh !== null) values.set(r.zone, r.valueEurMwh);
    if (attempt && expected.length > 0 && expected.every((z) => values.has(z))) return { revision, attempt, values };
  }
  throw notServable('no_complete_revision_group', `no complete group of one revision for ${date}`);
}
