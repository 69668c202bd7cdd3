/** Tenant API keys (fields beyond the spec's listed ones are svc's design) and strategy-profile requests. */
import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.js';
import { TradingSettings } from './settings.js';

export const ApiKeyRecord = z.strictObject({
  id: Uuid,
  name: z.string(),
  prefix: z.string(),
  lastUsedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

export const ApiKeyCreateRequest = z.strictObject({ name: z.string().trim().min(1).max(80) });
export const ApiKeyCreated = z.strictObject({
  key: ApiKeyRecord,
  /** The plaintext key: returned exactly once, never stored. */
  plaintext: z.string(),
});
export const ApiKeyList = z.strictObject({ keys: z.array(ApiKeyRecord) });
export const ApiKeyRevoked = z.strictObject({
  id: Uuid,
  revoked: z.literal(true),
  revokedAt: IsoDateTime,
  actorId: z.string(),
});

export const StrategyProfileSaveRequest = z.strictObject({
  profileKey: z.string().max(120).optional(),
  name: z.string().min(1).max(80),
  settings: TradingSettings,
});
export type StrategyProfileSaveRequest = z.infer<typeof StrategyProfileSaveRequest>;
export const ACTIVE_PROFILE_KEY = '__active__';
