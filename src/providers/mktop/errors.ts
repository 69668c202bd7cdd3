/** Why an upstream market-data read failed; the reasons are the API's 502 `reason` values. */
export type UpstreamReason =
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_status'
  | 'upstream_unparseable'
  | 'upstream_incomplete'
  | 'upstream_not_published'
  | 'no_data';

export class UpstreamError extends Error {
  constructor(readonly reason: UpstreamReason, message: string, readonly status?: number) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** A parser's complaint: the response had the wrong shape (never cached). */
export function unparseable(what: string, problem: string): UpstreamError {
  return new UpstreamError('upstream_unparseable', `${what}: ${problem}`);
}
