/**
 * The one error type of svc. Every door renders it: HTTP as the one error body, the CLI as one
 * line on stderr (exit 2 for the caller's fault, 1 otherwise), MCP as a tool error.
 */
import type { ZodError } from 'zod';

export type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'upstream_error'
  | 'unavailable'
  | 'conflict'
  | 'internal_error';

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
  readonly status: number;
  readonly code: ErrorCode;
  readonly reason: string | undefined;
  readonly issues: FailingPath[];

  constructor(status: number, code: ErrorCode, message: string, options: SvcErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SvcError';
    this.status = status;
    this.code = code;
    this.reason = options.reason;
    this.issues = options.issues ?? [];
  }

  /** True when the caller can fix it by changing the input (CLI exit code 2). */
  get isCallerFault(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  static validation(message: string, issues: FailingPath[] = [], reason?: string): SvcError {
    return new SvcError(400, 'validation_error', message, { issues, ...(reason ? { reason } : {}) });
  }

  static fromZod(error: ZodError, prefix = ''): SvcError {
    const issues = error.issues.map((issue) => ({
      path: [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    const message = first
      ? `invalid input: ${first.path || '(root)'}: ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`
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

export function isSvcError(value: unknown): value is SvcError {
  return value instanceof SvcError;
}
