/** access.ts restates config's externalAuthConfigured (to keep zod out of CLI start-up): the two must agree. */
import { describe, expect, it } from 'vitest';
import { externalAuthConfigured, loadConfig } from '../../src/config/config.js';
import { authRequiredOf, securityModeOf } from '../../src/ops/account/access.js';

describe('access rules agree with the configuration', () => {
  it.each([
    {},
    { requireApiKey: true },
    { auth: { issuer: 'https://idp/', audience: 'a', jwksUrl: undefined, jwksFile: '/k.json' } },
    { auth: { issuer: 'https://idp/', audience: 'a', jwksUrl: 'https://idp/jwks', jwksFile: undefined } },
    { auth: { issuer: 'https://idp/', audience: undefined, jwksUrl: undefined, jwksFile: '/k.json' } },
  ])('%j', (overrides) => {
    const config = { ...loadConfig({}, { dataDir: '/x' }), ...overrides };
    expect(authRequiredOf(config)).toBe(config.requireApiKey || externalAuthConfigured(config));
    expect(securityModeOf(config) === 'external-auth').toBe(externalAuthConfigured(config));
  });
});
