/**
 * The one error body of the HTTP door. Every error status (400, 401, 403, 404, 413, 415, 429, 500,
 * 502, 503) renders `{ error: { code, message, reason?, issues?, requestId } }`. Fastify's own
 * errors (bad JSON, wrong content type, oversized body) are mapped here so a caller's mistake is
 * never a 500, and an unexpected failure never leaks a stack or a configured secret.
 */
import { z } from 'zod';
import { ERROR_CODES as DOMAIN_ERROR_CODES, ERROR_TABLE, SvcError, isSvcError, type ErrorCode } from '../domain/errors.js';

/** The codes of the one error table (src/domain/errors.ts); the HTTP status of each comes from there too. */
export const ERROR_CODES = DOMAIN_ERROR_CODES as [ErrorCode, ...ErrorCode[]];

export const ErrorResponse = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(ERROR_CODES).describe('Stable machine code.'),
      message: z.string().describe('Human-readable explanation; never contains a secret or a stack.'),
      reason: z.string().optional().describe('Finer machine reason where one applies, e.g. `invalid_json`, `missing_credentials`, `service_token_not_configured`.'),
      issues: z
        .array(z.strictObject({ path: z.string().describe('Dotted path of the failing field; empty for the root.'), message: z.string() }))
        .optional()
        .describe('Each failing input path (validation errors only).'),
      requestId: z.string().describe('Same value as the `x-request-id` response header.'),
    }),
  })
  .describe('The one error body returned with every error status.');
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * The HTTP status of an error, from its code through the one table (as tRPC's
 * `getHTTPStatusCode`): the domain error carries no status.
 */
export function httpStatusOf(error: SvcError): number {
  return ERROR_TABLE[error.code].status;
}

/** A framework status (fastify's own errors) back to its code in the table. */
const DEFAULT_CODES: Record<number, ErrorCode> = Object.fromEntries(DOMAIN_ERROR_CODES.map((c) => [ERROR_TABLE[c].status, c]));

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
}

/** Turns anything thrown during a request into an SvcError safe to show the caller. */
export function toSvcError(error: unknown): SvcError {
  if (isSvcError(error)) return error;
  const fe = (typeof error === 'object' && error !== null ? error : {}) as FrameworkError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new SvcError('validation_error', 'request body is not valid JSON', { reason: 'invalid_json' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new SvcError('validation_error', 'request body is empty but content-type is application/json', { reason: 'empty_json_body' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new SvcError('validation_error', 'request body size does not match Content-Length', { reason: 'invalid_content_length' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SvcError('unsupported_media_type', 'request bodies must be application/json', { reason: 'unsupported_content_type' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SvcError('payload_too_large', 'request body exceeds the configured limit', { reason: 'body_too_large' });
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
      return new SvcError('validation_error', 'malformed request URL', { reason: 'invalid_url' });
    default:
      break;
  }
  // Other framework client errors (4xx) keep their status with a generic message of our own.
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new SvcError(DEFAULT_CODES[fe.statusCode] ?? 'validation_error', 'the request could not be processed');
  }
  return new SvcError('internal_error', 'internal error; the request id identifies it in the server log');
}

/**
 * Retry-After (seconds) of every 503 error: a dependency (the store, an identity provider) that is
 * down or failing over is usually back within seconds, and a client told so retries instead of failing.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * Retry-After (seconds) by reason where it differs (admission.ts): a heavy request refused at
 * admission (about one heavy job's time), a request answered at its deadline.
 */
export const RETRY_AFTER_BY_REASON: Readonly<Record<string, number>> = { heavy_concurrency: 5, heavy_queue_full: 5, deadline_exceeded: 10 };

export function errorBody(error: SvcError, requestId: string): ErrorResponse {
  const code = (ERROR_CODES as readonly string[]).includes(error.code) ? error.code : 'internal_error';
  return {
    error: {
      code,
      message: error.message,
      ...(error.reason ? { reason: error.reason } : {}),
      ...(error.issues.length ? { issues: error.issues.map((i) => ({ path: i.path, message: i.message })) } : {}),
      requestId,
    },
  };
}
