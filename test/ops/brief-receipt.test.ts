import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { SvcError } from '../../src/domain/errors.js';
import { issueBriefReceipt, receiptPublicKey, receiptVerify, tradingBriefReceipt } from '../../src/ops/ai/receipt.js';
import { RECEIPT_KEY_FILE, loadReceiptKeys } from '../../src/ops/ai/receipt-keys.js';
import type { OpContext } from '../../src/ops/types.js';
import { call } from './helpers.js';
import { fullRequest } from '../engines/brief-fixtures.js';
import { testDataDir } from '../temp-data-dir.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'svc-receipt-'));
  dirs.push(d);
  return join(d, 'nested', 'data');
}

function fakeCtx(dir = dataDir(), receiptSigningKey?: string): OpContext {
  return {
    now: () => new Date('2025-03-01T10:00:00.000Z'),
    newId: () => '00000000-0000-4000-8000-000000000001',
    config: loadConfig({}, { dataDir: dir, receiptSigningKey }),
    caller: { tenantId: 'public', actorId: 'anonymous', roles: [], via: 'anonymous' },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    stores: () => Promise.reject(new Error('no store')),
  };
}


const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('receipt key', () => {
  it('is created once in <dataDir>/receipt-ed25519.pem with mode 0600 and reused', async () => {
    const dir = dataDir();
    const a = await loadReceiptKeys({ dataDir: dir, receiptSigningKey: undefined });
    expect(a.source).toBe('file');
    expect(a.path).toBe(join(dir, RECEIPT_KEY_FILE));
    expect(statSync(join(dir, RECEIPT_KEY_FILE)).mode & 0o777).toBe(0o600);
    const b = await loadReceiptKeys({ dataDir: dir, receiptSigningKey: undefined });
    expect(b.keyId).toBe(a.keyId);
    expect(a.keyId).toMatch(/^svc-ed25519-[0-9a-f]{16}$/);
  });

  it('comes from SVC_RECEIPT_SIGNING_KEY as PEM or base64 DER, and a bad value is a config error that does not echo it', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const fromPem = await loadReceiptKeys({ dataDir: testDataDir(), receiptSigningKey: pem });
    const fromDer = await loadReceiptKeys({ dataDir: testDataDir(), receiptSigningKey: der });
    expect(fromPem.source).toBe('config');
    expect(fromDer.keyId).toBe(fromPem.keyId);
    const bad = await loadReceiptKeys({ dataDir: testDataDir(), receiptSigningKey: 'not-a-key-SECRET' }).then(
      () => undefined,
      (e: unknown) => e as SvcError,
    );
    expect(bad?.reason).toBe('invalid_config');
    expect(bad?.message).not.toContain('SECRET');
  });
});

describe('issue and verify', () => {
  const request = fullRequest('15.12.2024', { locale: 'en' });

  it('a receipt issued for a brief request verifies against the service key', async () => {
    const ctx = fakeCtx();
    const bundle = await issueBriefReceipt(ctx, request);
    expect(bundle.receipt.issuedAt).toBe('2025-03-01T10:00:00.000Z');
    const out = await call(receiptVerify, ctx, clone(bundle));
    expect(out).toMatchObject({ valid: true, message: 'valid', keyTrusted: true, keyId: bundle.receipt.signature.keyId });
    const key = await call(receiptPublicKey, ctx, {});
    expect(key.keyId).toBe(bundle.receipt.signature.keyId);
    expect(key.publicKey).toBe(bundle.receipt.signature.publicKey);
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('the receipt op validates like the brief and hashes the declared inputs', async () => {
    const ctx = fakeCtx();
    const { locale: _l, ...body } = request;
    const out = await call(tradingBriefReceipt, ctx, body);
    expect(out.inputs).toMatchObject({ locale: 'uk', tradeDate: '15.12.2024' });
    expect((await call(receiptVerify, ctx, clone(out))).valid).toBe(true);
    // tradeDate is a plain string in bodies (spec): only an empty one is refused, like the brief.
    await expect(call(tradingBriefReceipt, ctx, { ...body, tradeDate: '' })).rejects.toThrow(SvcError);
  });

  it('reports a changed price, a changed setting, a changed signature and a changed version, each with its reason (200, valid false)', async () => {
    const ctx = fakeCtx();
    const bundle = clone(await issueBriefReceipt(ctx, request));
    const price = clone(bundle);
    price.inputs.prices[7]!.priceUahMwh += 0.01;
    const setting = clone(bundle);
    setting.inputs.settings.maxTradesPerDay = 5;
    const signature = clone(bundle);
    signature.receipt.signature.value = Buffer.from('x'.repeat(64)).toString('base64');
    const version = clone(bundle);
    (version.receipt as { receiptVersion: string }).receiptVersion = 'svc-no-egress-receipt-0';
    const results = await Promise.all([price, setting, signature, version].map((b) => call(receiptVerify, ctx, b)));
    expect(results.map((r) => [r.valid, r.reason])).toEqual([
      [false, 'inputs_hash_mismatch'],
      [false, 'inputs_hash_mismatch'],
      [false, 'signature_invalid'],
      [false, 'version_unsupported'],
    ]);
  });

  it('a receipt from another instance fails as untrusted, unless its key is given as trustedPublicKey', async () => {
    const other = fakeCtx();
    const bundle = clone(await issueBriefReceipt(other, request));
    const here = fakeCtx();
    // Trusting no key at all, a verifier accepts nothing (and creates no key): the embedded key proves no origin.
    const none = await call(receiptVerify, here, bundle);
    expect(none).toMatchObject({ valid: false, reason: 'key_untrusted', keyTrusted: false, keyId: bundle.receipt.signature.keyId });
    expect(none.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    await loadReceiptKeys(here.config); // now it has its own key, and a foreign one is untrusted
    expect((await call(receiptVerify, here, bundle)).reason).toBe('key_untrusted');
    const trusted = await call(receiptVerify, here, { ...bundle, trustedPublicKey: bundle.receipt.signature.publicKey });
    expect(trusted).toMatchObject({ valid: true, keyTrusted: true });
  });

  it('a malformed body is a 400 naming the path', async () => {
    const ctx = fakeCtx();
    const cases: Array<[unknown, string]> = [
      [{ receipt: 'x', inputs: {} }, 'receipt'],
      [{ receipt: {} }, 'inputs'],
      [{ receipt: {}, inputs: {}, extra: true }, ''],
      [{ receipt: {}, inputs: {}, trustedPublicKey: 'garbage!' }, 'trustedPublicKey'],
    ];
    for (const [input, path] of cases) {
      const e = await call(receiptVerify, ctx, input).then(
        () => undefined,
        (err: unknown) => err as SvcError,
      );
      expect(e?.code, JSON.stringify(input)).toBe('validation_error');
      expect(e?.issues[0]?.path).toBe(path);
    }
  });

  it('is public and bound to POST /api/ai/receipt/verify (200; 400, 413 past its own 128 KiB body limit, 429 past its per-address limit); the public key has a GET', () => {
    expect(receiptVerify.access).toBe('public');
    expect(receiptVerify.http).toMatchObject({ method: 'POST', path: '/api/ai/receipt/verify', successStatus: 200, errors: [400, 413, 429], bodyLimitBytes: 128 * 1024, addressRateLimit: true });
    expect(receiptPublicKey.http).toMatchObject({ method: 'GET', path: '/api/ai/receipt/public-key' });
  });
});
