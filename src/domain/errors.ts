/**
 * The one error type of svc. It carries a stable code (and message, reason, failing paths), never
 * a door's form: every door maps the code through ERROR_TABLE, HTTP to its status and the one
 * error body (src/http/errors.ts, `httpStatusOf`), the CLI to one line on stderr (exit 2 for the
 * caller's fault, 1 otherwise), MCP to a tool error.
 */
import type { ZodError } from 'zod';

/**
 * The one table from error code to meaning. Each door maps a code to its own form from here: the
 * HTTP status (and the ErrorResponse enum), the CLI exit code (2 when the caller can fix it, 1
 * otherwise), the MCP tool error. A new code is added here and nowhere else.
 */
export const ERROR_TABLE = {
  validation_error: { status: 400, callerFault: true, meaning: 'the input (body, query, file, flag or setting) is invalid; `issues` names each failing path' },
  unauthorized: { status: 401, callerFault: true, meaning: 'a credential is required, or the one presented is invalid, revoked or expired' },
  forbidden: { status: 403, callerFault: true, meaning: "the caller's roles do not grant the permission this operation needs" },
  not_found: { status: 404, callerFault: true, meaning: 'no such route, record or date' },
  method_not_allowed: { status: 405, callerFault: true, meaning: 'the path exists under other methods (see Allow)' },
  conflict: { status: 409, callerFault: true, meaning: 'the record already exists' },
  payload_too_large: { status: 413, callerFault: true, meaning: 'the request body exceeds the configured limit' },
  unsupported_media_type: { status: 415, callerFault: true, meaning: 'the body is not UTF-8 JSON' },
  rate_limited: { status: 429, callerFault: true, meaning: 'too many requests in the window; Retry-After says when to retry' },
  internal_error: { status: 500, callerFault: false, meaning: 'an unexpected failure; the request id identifies it in the server log' },
  upstream_error: { status: 502, callerFault: false, meaning: 'an upstream data source failed and no usable cached copy exists; `reason` says how' },
  unavailable: { status: 503, callerFault: false, meaning: 'a dependency or the platform is unavailable; `reason` says which' },
} as const satisfies Record<string, { status: number; callerFault: boolean; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;
export const ERROR_CODES = Object.keys(ERROR_TABLE) as ErrorCode[];

export interface FailingPath {
  /** Dotted path of the failing field, e.g. `settings.maxTradesPerDay` or `prices.3.priceUahMwh`; '' for the root. */
  path: string;
  message: string;
}

export interface SvcErrorOptions {
  reason?: string;
  issues?: FailingPath[];
  cause?: unknown;
}

export class SvcError extends Error {
  readonly code: ErrorCode;
  readonly reason: string | undefined;
  readonly issues: FailingPath[];

  constructor(code: ErrorCode, message: string, options: SvcErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SvcError';
    this.code = code;
    this.reason = options.reason;
    this.issues = options.issues ?? [];
  }

  /** True when the caller can fix it by changing the input (CLI exit code 2), from ERROR_TABLE. */
  get isCallerFault(): boolean {
    return ERROR_TABLE[this.code].callerFault;
  }

  static validation(message: string, issues: FailingPath[] = [], reason?: string): SvcError {
    return new SvcError('validation_error', message, { issues, ...(reason ? { reason } : {}) });
  }

  static fromZod(error: ZodError, prefix = '', input?: unknown): SvcError {
    return SvcError.fromIssues(error.issues, prefix, input);
  }

  /**
   * The 400 for a failed validation, from zod's issues or any Standard Schema validator's (a path
   * segment may be a key or `{ key }`): the same message and `issues` whichever validated. `input`,
   * the value validated (paths relative to it), lets a message say what was given: an enum's
   * `must be one of PL, SK, HU, RO, MD (got "XX")`, not zod's `Invalid option: expected one of "PL"|"SK"|…`.
   */
  static fromIssues(list: readonly ValidationIssue[], prefix = '', input?: unknown): SvcError {
    const issues = list.map((issue) => {
      const segments = (issue.path ?? []).map((s) => (typeof s === 'object' ? s.key : s));
      return {
        path: [prefix, ...segments.map(String)].filter((p) => p !== '').join('.'),
        message: plainMessage(issue, input === undefined ? undefined : { value: valueAt(input, segments) }),
      };
    });
    const first = issues[0];
    const message = first
      ? `invalid input: ${first.path || '(root)'}: ${first.message}${moreIssues(issues.length)}`
      : 'invalid input';
    return SvcError.validation(message, issues);
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.issues.length ? { issues: this.issues } : {}),
    };
  }
}

/** One issue as a validator reports it (zod's, or a Standard Schema validator's); `code` and `values` are zod's. */
export interface ValidationIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  code?: string;
  values?: readonly unknown[];
}

/**
 * An issue in plain words: a missing field says so ("required: a number"), not the validator's
 * "Invalid input: expected number, received undefined"; a value outside a set of choices (zod's
 * `invalid_value`: an enum, a literal) lists them as a person writes them and, when the given value
 * is known, says it: `must be one of PL, SK, HU, RO, MD (got "XX")`.
 */
function plainMessage(issue: ValidationIssue, given: { value: unknown } | undefined): string {
  const { message } = issue;
  const missing = /^(?:Invalid input: )?expected (.+), received undefined$/.exec(message);
  if (missing) return `required: ${/^[aeiou]/.test(missing[1] as string) ? 'an' : 'a'} ${missing[1]} is missing`;
  const values = issue.code === 'invalid_value' ? issue.values : undefined;
  if (values && values.length > 0 && values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
    const choices = values.length === 1 ? String(values[0]) : `one of ${values.map(String).join(', ')}`;
    if (given === undefined) return `must be ${choices}`;
    if (given.value === undefined) return `required: ${choices}`;
    return `must be ${choices} (got ${JSON.stringify(given.value) ?? String(given.value)})`;
  }
  return message;
}

/** The value at a path of keys (undefined when the path leaves the value). */
function valueAt(value: unknown, segments: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of segments) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * The most issues said where a person reads them: a file reader keeps this many (src/data/issues.ts,
 * its message counting them all) and the CLI lists this many on stderr, counting the rest (a schema's
 * issues are not capped where they are made: the JSON error holds every one).
 */
export const MAX_ISSUES = 50;

/**
 * The suffix of a message that names the first of several issues: ` (1 more issue)`, ` (3 more
 * issues)`, nothing for one. Said as issues, so that after an enum's choices it never reads as one
 * more choice (`expected one of "json"|"csv"|"wide" (1 more issue)`).
 */
export function moreIssues(total: number): string {
  const n = total - 1;
  return n > 0 ? ` (${n} more ${n === 1 ? 'issue' : 'issues'})` : '';
}

export function isSvcError(value: unknown): value is SvcError {
  return value instanceof SvcError;
}
