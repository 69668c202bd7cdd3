/** A throwaway identity provider for tests: a generated key pair, its JWKS in a temp file, and a signer. No network. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import type { SvcConfig } from '../../src/config/config.js';

export const ISSUER = 'https://idp.test/';
export const AUDIENCE = 'svc-api';

export interface TestIdp {
  auth: SvcConfig['auth'];
  /** The public key set as served by an identity provider. */
  jwks: { keys: Record<string, unknown>[] };
  sign(claims: JWTPayload, options?: { expiresIn?: string | number; issuer?: string; audience?: string; foreignKey?: boolean }): Promise<string>;
}

export async function testIdp(): Promise<TestIdp> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const foreign = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-1', alg: 'ES256', use: 'sig' };
  const dir = mkdtempSync(join(tmpdir(), 'svc-jwks-'));
  const file = join(dir, 'jwks.json');
  writeFileSync(file, JSON.stringify({ keys: [jwk] }));
  return {
    auth: { issuer: ISSUER, audience: AUDIENCE, jwksUrl: undefined, jwksFile: file },
    jwks: { keys: [jwk] },
    async sign(claims, options = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'test-1' })
        .setIssuer(options.issuer ?? ISSUER)
        .setAudience(options.audience ?? AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(options.foreignKey ? foreign.privateKey : privateKey);
    },
  };
}
