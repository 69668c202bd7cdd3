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

/** A JSON array answer (a leading BOM allowed), or the parser's complaint: an HTML page, broken JSON, or not an array. */
export function parseJsonArray(what: string, text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw unparseable(what, text.trimStart().startsWith('<') ? 'an HTML page came instead of JSON' : 'the JSON is not valid');
  }
  if (!Array.isArray(parsed)) throw unparseable(what, 'expected a JSON array');
  return parsed;
}
