/**
 * Secret handling shared by the auth guard and the key-management ops: key format, hashing, and
 * constant-time comparison. Plaintext keys exist only in the caller's hands and in the one POST
 * response that mints them; the store keeps a sha256 digest and a short display prefix.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `svck_` + base64url of 32 random bytes (256 bits): 48 characters, URL and header safe. */
export const API_KEY_PREFIX = 'svck_';
export const API_KEY_DISPLAY_PREFIX_LENGTH = 12;

export function newApiKeyPlaintext(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function displayPrefix(plaintext: string): string {
  return plaintext.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH);
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Compares two secrets in time independent of where they differ: both sides are hashed first, so
 * the lengths are equal and neither length nor content leaks through timing.
 */
export function secretsEqual(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Three non-empty base64url parts separated by dots: the compact JWS form of a JWT. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}
