/**
 * Who is calling. Resolves a Caller from the request headers for the op's access rule:
 *
 * - `public`: nobody is checked; the caller is anonymous.
 * - `serviceToken`: header `x-svc-service-token` (or `Authorization: Bearer`) must equal
 *   SVC_SERVICE_TOKEN in constant time; with no token configured the route answers 503
 *   `service_token_not_configured` (a guarded route is never silently open).
 * - `key` / `tenant`: a presented credential is always verified (a wrong one is 401 even where none
 *   is required). A Bearer that looks like a JWT is verified with jose when external auth is
 *   configured; anything else is an API key: the master key (SVC_API_KEY, constant-time) or an
 *   active tenant key found by its sha256 digest. An empty header of either form (`x-svc-api-key:`,
 *   `Authorization: Bearer`) is no credential. Without a credential the caller is the local
 *   tenant (`local` / `local-user`, owner; no roles when RBAC is enforced) unless
 *   SVC_REQUIRE_API_KEY or external auth requires one.
 */
import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { externalAuthConfigured, type SvcConfig } from '../config/config.js';
import { SvcError } from '../domain/errors.js';
import { RoleId, type SecurityMode } from '../domain/operational.js';
import { authRequiredOf, securityModeOf } from '../ops/account/access.js';
import type { Stores } from '../ops/facade/stores.js';
import type { Access, Caller } from '../ops/types.js';
import { looksLikeJwt, secretsEqual, sha256Hex } from '../ops/account/api-key-secrets.js';

export const LOCAL_TENANT = 'local';
export const LOCAL_USER = 'local-user';

/** lastUsedAt is refreshed at most this often per key, so a busy key does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export type HeaderBag = Record<string, string | string[] | undefined>;

type JwtKeys = Parameters<typeof jwtVerify>[1];

export interface Authenticator {
  readonly securityMode: SecurityMode;
  /** True when non-public routes refuse callers without a credential. */
  readonly authRequired: boolean;
  /**
   * The caller, synchronously when no I/O is needed (no credential, master key, service token) and
   * as a promise when a store or key-set lookup is; throws (synchronously or by rejection) a 401/503.
   */
  resolve(access: Access, headers: HeaderBag): Caller | Promise<Caller>;
}

/**
 * A header's first value, trimmed; undefined when absent or blank. Callers read the header by its
 * literal name (`headers.authorization`), each read with its own inline cache: a read by a variable
 * name goes through V8's megamorphic cache on every request (docs/benchmarks.md, "eleventh session").
 */
function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

/** The token of an `Authorization: Bearer <token>` value. */
function bearer(auth: string | undefined): string | undefined {
  if (!auth) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(auth);
  return match?.[1];
}

/**
 * An Authorization header that is neither `Bearer <token>` nor empty. `Bearer` with nothing after it
 * is an empty credential, as an empty `x-svc-api-key` is: no credential at all (a curl line with an
 * unset $SVC_API_KEY).
 */
function malformedAuthorization(auth: string | undefined): boolean {
  return auth !== undefined && !/^Bearer$/i.test(auth);
}

const unauthorized = (reason: string, message: string) => new SvcError('unauthorized', message, { reason });

export const ANONYMOUS: Caller = Object.freeze({ tenantId: LOCAL_TENANT, actorId: 'anonymous', roles: [], via: 'anonymous' as const });

async function loadJwtKeys(config: SvcConfig): Promise<JwtKeys | undefined> {
  if (!externalAuthConfigured(config)) return undefined;
  if (config.auth.jwksFile) {
    let jwks: JSONWebKeySet;
    try {
      jwks = JSON.parse(await readFile(config.auth.jwksFile, 'utf8')) as JSONWebKeySet;
    } catch {
      throw new SvcError('validation_error', 'invalid configuration: SVC_AUTH_JWKS_FILE is not a readable JWKS JSON file', { reason: 'invalid_config' });
    }
    return createLocalJWKSet(jwks);
  }
  return createRemoteJWKSet(new URL(config.auth.jwksUrl as string));
}

/** tenant from `tenant_id`, else `tid` (Entra), else `org_id` (Auth0/Clerk organisations). */
export function tenantFromClaims(payload: JWTPayload): string | undefined {
  for (const claim of ['tenant_id', 'tid', 'org_id']) {
    const value = payload[claim];
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) return value.trim();
  }
  return undefined;
}

/** `roles` as an array (or a space-separated string); ids outside the six roles are ignored. */
export function rolesFromClaims(payload: JWTPayload): RoleId[] {
  const raw = payload.roles;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/\s+/) : [];
  const roles = new Set<RoleId>();
  for (const item of list) {
    const parsed = RoleId.safeParse(item);
    if (parsed.success) roles.add(parsed.data);
  }
  return [...roles];
}

export async function createAuthenticator(config: SvcConfig, stores: Stores, now: () => Date): Promise<Authenticator> {
  const jwtKeys = await loadJwtKeys(config);
  const securityMode = securityModeOf(config);
  const authRequired = authRequiredOf(config);
  // Uncredentialed callers are the local owner, unless roles are enforced: enforcement means roles
  // come from an identity (key or JWT), so an anonymous caller then holds none.
  const localRoles: RoleId[] = config.enforceRbac ? [] : ['owner'];
  const localCaller: Caller = Object.freeze({ tenantId: LOCAL_TENANT, actorId: LOCAL_USER, roles: localRoles, via: 'anonymous' as const });

  async function verifyJwt(token: string): Promise<Caller> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwtKeys as JwtKeys, {
        issuer: config.auth.issuer as string,
        audience: config.auth.audience as string,
        requiredClaims: ['sub', 'exp'],
        currentDate: now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('token_expired', 'bearer token has expired');
      // A key-set fetch that timed out or failed is our outage, not the caller's bad token.
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
        throw new SvcError('unavailable', 'identity provider keys are unavailable', { reason: 'identity_provider_unavailable' });
      }
      throw unauthorized('invalid_token', 'bearer token is invalid');
    }
    const tenantId = tenantFromClaims(payload);
    if (!tenantId) throw unauthorized('token_missing_tenant', 'bearer token carries no tenant claim (tenant_id, tid or org_id)');
    // The local tenant belongs to the local user and the master key: a token naming it would share their data.
    if (tenantId === LOCAL_TENANT) throw unauthorized('token_reserved_tenant', `bearer token names the reserved tenant "${LOCAL_TENANT}"`);
    return { tenantId, actorId: payload.sub as string, roles: rolesFromClaims(payload), via: 'jwt' };
  }

  function verifyKey(key: string): Caller | Promise<Caller> {
    if (config.apiKey && secretsEqual(key, config.apiKey)) {
      return { tenantId: LOCAL_TENANT, actorId: LOCAL_USER, roles: ['owner'], via: 'masterKey' };
    }
    return verifyTenantKey(key);
  }

  async function verifyTenantKey(key: string): Promise<Caller> {
    const stored = await stores.apiKeys.findActiveByHash(sha256Hex(key));
    if (!stored) throw unauthorized('invalid_api_key', 'API key is invalid or revoked');
    const at = now();
    if (stored.lastUsedAt === null || at.getTime() - Date.parse(stored.lastUsedAt) >= TOUCH_INTERVAL_MS) {
      await stores.apiKeys.touch(stored.id, at.toISOString());
    }
    const roles = stored.roles.filter((r): r is RoleId => RoleId.safeParse(r).success);
    return { tenantId: stored.tenantId, actorId: `apikey:${stored.id}`, roles, via: 'tenantKey', keyId: stored.id };
  }

  function checkServiceToken(headers: HeaderBag): Caller {
    if (!config.serviceToken) {
      throw new SvcError('unavailable', 'this route is guarded by a service token and none is configured (SVC_SERVICE_TOKEN)', {
        reason: 'service_token_not_configured',
      });
    }
    const token = headerValue(headers['x-svc-service-token']) ?? bearer(headerValue(headers.authorization));
    if (!token) throw unauthorized('missing_service_token', 'service token required in x-svc-service-token');
    if (!secretsEqual(token, config.serviceToken)) throw unauthorized('invalid_service_token', 'service token is invalid');
    return { tenantId: LOCAL_TENANT, actorId: 'service', roles: [], via: 'serviceToken' };
  }

  return {
    securityMode,
    authRequired,
    resolve(access, headers) {
      if (access === 'public') return ANONYMOUS;
      if (access === 'serviceToken') return checkServiceToken(headers);
      const apiKey = headerValue(headers['x-svc-api-key']);
      const authorization = headerValue(headers.authorization);
      const token = apiKey ?? bearer(authorization);
      if (token === undefined) {
        if (malformedAuthorization(authorization)) throw unauthorized('malformed_authorization', 'Authorization must be "Bearer <key or token>"');
        if (authRequired) throw unauthorized('missing_credentials', 'an API key (x-svc-api-key or Authorization: Bearer) is required');
        return localCaller;
      }
      if (apiKey === undefined && jwtKeys !== undefined && looksLikeJwt(token)) return verifyJwt(token);
      return verifyKey(token);
    },
  };
}
