/**
 * Response headers of the HTTP door. `X-Svc-API-Version` carries the surface's major, `v1`, the
 * same value as health's `app.apiVersion`; the exact description version (1.0.0) is in the
 * OpenAPI document's info.version. Anonymous health and the OpenAPI document omit
 * `X-Svc-Security-Mode` (spec: status and interface-description metadata stay mode-neutral).
 */
export const API_VERSION_HEADER = 'x-svc-api-version';
export const API_VERSION = 'v1';
export const SECURITY_MODE_HEADER = 'x-svc-security-mode';
export const REQUEST_ID_HEADER = 'x-request-id';
export const CACHE_CONTROL = 'no-store';

export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const;

export const OPENAPI_PATH = '/api/openapi.json';
