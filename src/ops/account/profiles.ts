/**
 * Strategy profiles of the signed-in tenant and user: named TradingSettings, saved by profileKey.
 *
 * - Saving with an existing profileKey updates that profile (same id and createdAt).
 * - Without a profileKey the key is derived from the name (lower-cased, runs of anything but
 *   letters and digits become `-`), so saving the same name twice updates rather than duplicates.
 * - `__active__` is the hidden active profile used for cross-device sync: a client saves its
 *   current settings under that key. GET lists it first; it is recognised by its profileKey.
 *   Other keys starting with `__` are reserved.
 * - fingerprint = sha256 (hex) of the RFC 8785 canonical JSON of the settings after defaults,
 *   so equal settings give equal fingerprints whatever order or omitted defaults they came with.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ACTIVE_PROFILE_KEY, StrategyProfileSaveRequest } from '../../domain/account.js';
import { Uuid } from '../../domain/common.js';
import { StrategyProfile, type TradingSettings } from '../../domain/settings.js';
import { canonicalJson } from '../../engines/canonical-json.js';
import { defineOperation } from '../types.js';

export function settingsFingerprint(settings: TradingSettings): string {
  return createHash('sha256').update(canonicalJson(settings)).digest('hex');
}

export function profileKeyFromName(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return slug === '' ? 'profile' : slug;
}

const SaveRequest = StrategyProfileSaveRequest.superRefine((value, ctx) => {
  const key = value.profileKey;
  if (key !== undefined && key.startsWith('__') && key !== ACTIVE_PROFILE_KEY) {
    ctx.addIssue({ code: 'custom', path: ['profileKey'], message: `keys starting with "__" are reserved (only ${ACTIVE_PROFILE_KEY} is allowed)` });
  }
  if (key !== undefined && key.trim() === '') ctx.addIssue({ code: 'custom', path: ['profileKey'], message: 'profileKey must not be blank' });
});

const ProfileList = z.strictObject({ profiles: z.array(StrategyProfile) });
const ProfileSaved = z.strictObject({ profile: StrategyProfile });
const DeleteQuery = z.strictObject({ id: Uuid.describe('Id of the profile to delete.') });
const Deleted = z.strictObject({ deleted: z.boolean().describe('False when no profile of the caller had that id.') });

const ACTIVE_NOTE = `The hidden active profile (cross-device sync) has profileKey \`${ACTIVE_PROFILE_KEY}\`.`;

export const profilesList = defineOperation({
  id: 'profiles.list',
  summary: 'List the caller\'s strategy profiles',
  description: `Profiles of the signed-in tenant and user, the active profile first, then the most recently updated. ${ACTIVE_NOTE}`,
  tags: ['profiles'],
  access: 'tenant',
  // Not strict: the spec lists no 400 here, so stray query parameters (cache busters) are ignored.
  input: z.object({}),
  output: ProfileList,
  http: { method: 'GET', path: '/api/strategy/profiles', inputFrom: 'query', successStatus: 200, errors: [401, 429] },
  async run(ctx) {
    const stores = await ctx.stores();
    const profiles = await stores.profiles.list(ctx.caller.tenantId, ctx.caller.actorId);
    const rank = (p: StrategyProfile) => (p.profileKey === ACTIVE_PROFILE_KEY ? 0 : 1);
    profiles.sort((a, b) => rank(a) - rank(b) || (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
    return { profiles };
  },
});

export const profilesSave = defineOperation({
  id: 'profiles.save',
  summary: 'Save or update a strategy profile',
  description:
    'Saves settings under profileKey; an existing profile with that key is updated (id and createdAt kept). Without profileKey ' +
    `the key is derived from the name, so the same name updates the same profile. ${ACTIVE_NOTE} Keys starting with "__" are ` +
    'otherwise reserved. fingerprint is the sha256 of the canonical JSON of the settings after defaults.',
  tags: ['profiles'],
  access: 'tenant',
  writes: true,
  permission: 'profiles.write',
  input: SaveRequest,
  output: ProfileSaved,
  http: { method: 'POST', path: '/api/strategy/profiles', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429] },
  async run(ctx, input) {
    const at = ctx.now().toISOString();
    const stores = await ctx.stores();
    const profile = await stores.profiles.upsert({
      id: ctx.newId(),
      tenantId: ctx.caller.tenantId,
      actorId: ctx.caller.actorId,
      profileKey: input.profileKey?.trim() ?? profileKeyFromName(input.name),
      name: input.name,
      settings: input.settings,
      fingerprint: settingsFingerprint(input.settings),
      createdAt: at,
      updatedAt: at,
    });
    return { profile };
  },
});

export const profilesDelete = defineOperation({
  id: 'profiles.delete',
  summary: 'Delete a strategy profile',
  description: 'Deletes the caller\'s profile with that id; `deleted` is false when none matched (another user\'s id never matches).',
  tags: ['profiles'],
  access: 'tenant',
  writes: true,
  permission: 'profiles.write',
  input: DeleteQuery,
  output: Deleted,
  http: { method: 'DELETE', path: '/api/strategy/profiles', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429] },
  async run(ctx, input) {
    const stores = await ctx.stores();
    return { deleted: await stores.profiles.delete(ctx.caller.tenantId, ctx.caller.actorId, input.id) };
  },
});
