import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { SvcError } from '../src/domain/errors.js';
import { existingReceiptKeys, RECEIPT_KEY_FILE } from '../src/ops/ai/receipt-keys.js';

function configError(env: Record<string, string>): SvcError {
  try {
    loadConfig(env);
  } catch (e) {
    return e as SvcError;
  }
  throw new Error('expected loadConfig to refuse the environment');
}

describe('SVC_* configuration', () => {
  it('has documented defaults', () => {
    const c = loadConfig({ XDG_DATA_HOME: '/xdg' });
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8787, requireApiKey: false, rateLimitPerMinute: 120, rateLimitWindowMs: 60_000, bodyLimitBytes: 1024 * 1024, dataDir: '/xdg/svc' });
  });

  it('names the variable of a bad value and never echoes it', () => {
    for (const [name, value] of [
      ['SVC_PORT', '99999'],
      ['SVC_REQUIRE_API_KEY', 'maybe'],
      ['SVC_AUTH_JWKS_URL', 'not a url SECRET'],
      ['SVC_API_BASE', 'ftp://x SECRET'],
      ['SVC_RECEIPT_SIGNING_KEY', 'not-a-key SECRET'],
    ] as const) {
      const e = configError({ [name]: value, SVC_AUTH_ISSUER: 'i', SVC_AUTH_AUDIENCE: 'a' });
      expect(e.code, name).toBe('validation_error');
      expect(e.message, name).toContain(name);
      expect(JSON.stringify(e.toJSON()), name).not.toContain('SECRET');
    }
  });

  it('a number out of range names its range (it used to say "expected a decimal integer")', () => {
    for (const [name, value, range] of [
      ['SVC_RATE_LIMIT_PER_MINUTE', '100000000', '1..1,000,000'],
      ['SVC_RATE_LIMIT_PER_MINUTE', '0', '1..1,000,000'],
      ['SVC_PORT', '70000', '0..65,535'],
      ['SVC_BODY_LIMIT_BYTES', 'lots', '1,024..268,435,456'],
    ] as const) {
      const e = configError({ [name]: value });
      expect(e.message, `${name}=${value}`).toContain(name);
      expect(e.message, `${name}=${value}`).toContain(`expected a whole number in ${range}`);
      expect(e.message).not.toContain('decimal integer');
    }
    expect(configError({ SVC_RATE_LIMIT_PER_MINUTE: '100000000' }).message).toMatch(/above the range/);
    expect(configError({ SVC_RATE_LIMIT_PER_MINUTE: '0' }).message).toMatch(/below the range/);
  });

  it('refuses a partial external-auth configuration', () => {
    expect(configError({ SVC_AUTH_ISSUER: 'https://idp.example' }).message).toContain('SVC_AUTH_AUDIENCE');
  });

  it('verifying needs no key and never creates one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-cfg-'));
    expect(await existingReceiptKeys({ dataDir, receiptSigningKey: undefined })).toBeUndefined();
    expect(existsSync(join(dataDir, RECEIPT_KEY_FILE))).toBe(false);
  });
});
