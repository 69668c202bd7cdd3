/**
 * Tenant API keys. POST mints one (plaintext returned exactly once: `svck_` + 43 base64url
 * characters; the store keeps only its sha256 and the first 12 characters as a display prefix),
 * GET lists the tenant's active keys, DELETE soft-revokes (revokedAt + actorId; refused at once).
 *
 * Keys carry roles (default `apiClient`); `owner` cannot be given to a key, so key management
 * always stays with a signed-in owner or the deployment's master key. Minting and revoking need
 * `api.manage` and an identified caller: an uncredentialed public-demo caller gets 401, so a demo
 * deployment cannot hand out keys that would later open a protected one.
 */
import { z } from 'zod';
import { ApiKeyCreateRequest, ApiKeyRecord, ApiKeyRevoked } from '../../domain/account.js';
import { Uuid } from '../../domain/common.js';
import { SvcError } from '../../domain/errors.js';
import { RoleId } from '../../domain/operational.js';
import type { StoredApiKey } from '../../store/types.js';
import { defineOperation, type OpContext } from '../types.js';
import { displayPrefix, newApiKeyPlaintext, sha256Hex } from './api-key-secrets.js';

const KeyRole = RoleId.exclude(['owner']);

export const ApiKeyMintRequest = ApiKeyCreateRequest.extend({
  roles: z
    .array(KeyRole)
    .min(1)
    .max(5)
    .default(['apiClient'])
    .describe('Roles the key acts with; default ["apiClient"]. `owner` cannot be given to a key.'),
});

export const ApiKeyView = ApiKeyRecord.extend({ roles: z.array(RoleId) });
export const ApiKeyMinted = z.strictObject({
  key: ApiKeyView,
  plaintext: z.string().describe('The key itself. Shown exactly once; store it now, it cannot be retrieved again.'),
});
export const ApiKeyListing = z.strictObject({ keys: z.array(ApiKeyView) });

function view(key: StoredApiKey) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    lastUsedAt: key.lastUsedAt,
    createdAt: key.createdAt,
    roles: key.roles.filter((r): r is RoleId => RoleId.safeParse(r).success),
  };
}

function requireIdentifiedCaller(ctx: OpContext): void {
  if (ctx.caller.via === 'anonymous') {
    throw new SvcError('unauthorized', 'key management needs an identified caller (master key, owner key or signed-in owner)', {
      reason: 'credentials_required',
    });
  }
}

export const apiKeysCreate = defineOperation({
  id: 'apiKeys.create',
  summary: 'Mint a tenant API key (plaintext shown once)',
  description:
    'Mints a key for the caller\'s tenant. The response carries the plaintext exactly once (`svck_` + 43 base64url characters); ' +
    'svc keeps only its sha256 and the first 12 characters (`prefix`). Not self-serve during the free beta: needs api.manage ' +
    '(owner) and an identified caller.',
  tags: ['account'],
  access: 'tenant',
  writes: true,
  permission: 'api.manage',
  input: ApiKeyMintRequest,
  output: ApiKeyMinted,
  http: { method: 'POST', path: '/api/account/api-keys', inputFrom: 'body', successStatus: 200, errors: [400, 401, 403, 429] },
  async run(ctx, input) {
    requireIdentifiedCaller(ctx);
    const plaintext = newApiKeyPlaintext();
    const record: StoredApiKey = {
      id: ctx.newId(),
      tenantId: ctx.caller.tenantId,
      actorId: ctx.caller.actorId,
      name: input.name,
      prefix: displayPrefix(plaintext),
      hash: sha256Hex(plaintext),
      roles: [...new Set(input.roles)],
      createdAt: ctx.now().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    };
    const stores = await ctx.stores();
    await stores.apiKeys.insert(record);
    ctx.logger.info('api key minted', { keyId: record.id, tenantId: record.tenantId, prefix: record.prefix });
    return { key: view(record), plaintext };
  },
});

export const apiKeysList = defineOperation({
  id: 'apiKeys.list',
  summary: 'List the tenant\'s active API keys',
  description:
    'Active keys of the caller\'s tenant: name, prefix, roles, lastUsedAt (refreshed at most once a minute), createdAt. Never the plaintext nor ' +
    'its hash. Auth as the spec gives it: the tenant — any identified caller of the tenant (a tenant key of any role, a signed-in user, the ' +
    'master key) lists its own tenant\'s keys; an uncredentialed caller (public-demo) gets 401. Minting and revoking stay behind api.manage.',
  tags: ['account'],
  access: 'tenant',
  input: z.object({}),
  output: ApiKeyListing,
  http: { method: 'GET', path: '/api/account/api-keys', inputFrom: 'query', successStatus: 200, errors: [401, 403, 429] },
  async run(ctx) {
    requireIdentifiedCaller(ctx);
    const stores = await ctx.stores();
    const keys = await stores.apiKeys.listActive(ctx.caller.tenantId);
    return { keys: keys.map(view) };
  },
});

export const apiKeysRevoke = defineOperation({
  id: 'apiKeys.revoke',
  summary: 'Revoke a tenant API key',
  description:
    'Soft revoke: writes revokedAt and the revoking actor; the key is refused from the next request on and cannot be restored. ' +
    '404 when the tenant has no active key with that id (already revoked, or another tenant\'s).',
  tags: ['account'],
  access: 'tenant',
  writes: true,
  permission: 'api.manage',
  input: z.strictObject({ id: Uuid.describe('Id of the key (from the list).') }),
  output: ApiKeyRevoked,
  http: { method: 'DELETE', path: '/api/account/api-keys/:id', inputFrom: 'query', successStatus: 200, errors: [400, 401, 403, 404, 429] },
  async run(ctx, input) {
    requireIdentifiedCaller(ctx);
    const stores = await ctx.stores();
    const revoked = await stores.apiKeys.revoke(ctx.caller.tenantId, input.id, ctx.caller.actorId, ctx.now().toISOString());
    if (!revoked || !revoked.revokedAt) throw new SvcError('not_found', 'no active API key with that id', { reason: 'api_key_not_found' });
    return { id: revoked.id, revoked: true as const, revokedAt: revoked.revokedAt, actorId: revoked.revokedBy ?? ctx.caller.actorId };
  },
});
