import { describe, expect, it } from 'vitest';
import { createPrivateKey, generateKeyPairSync, verify } from 'node:crypto';
import { canonicalJson } from '../../src/engines/canonical-json.js';
import { NoEgressReceipt, RECEIPT_VERSION, inputsHashOf, issueReceipt, keyIdOf } from '../../src/engines/receipt.js';
import { verifyReceipt } from '../../src/engines/receipt-verify.js';
import { declaredInputs, rationaleIdOf } from '../../src/engines/brief/rationale.js';

// A fixed test key (PKCS#8 PEM) so signatures are reproducible; Ed25519 signing is deterministic.
const PEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF
-----END PRIVATE KEY-----`;
const privateKey = createPrivateKey(PEM);

const prices = Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: 2000 + 150 * hour }));
const inputs = declaredInputs({ tradeDate: '15.12.2024', prices, settings: { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 3, feeUahPerMwh: 10 }, locale: 'uk' });
const issuedAt = '2024-12-14T10:00:00.000Z';
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('issueReceipt', () => {
  const receipt = issueReceipt({ inputs, issuedAt, privateKey });

  it('attests the fixed no-egress facts and matches the schema', () => {
    expect(NoEgressReceipt.parse(receipt)).toEqual(receipt);
    expect(receipt).toMatchObject({
      receiptVersion: 'svc-no-egress-receipt-1',
      model: 'svc-rules-v1',
      method: 'deterministic',
      dataSentToExternalModel: false,
      externalTokens: 0,
      inputsHash: { algorithm: 'sha256', canonicalization: 'rfc8785' },
      issuedAt,
      signature: { algorithm: 'ed25519', keyId: keyIdOf(privateKey) },
    });
  });

  it('inputsHash is sha256 of the canonical inputs, and the signature covers the receipt without signature', () => {
    expect(receipt.inputsHash.value).toBe(inputsHashOf(inputs));
    expect(receipt.rationaleId).toBe(rationaleIdOf(inputs));
    expect(receipt.rationaleId).toMatch(/^svc-rat-[0-9a-f]{32}$/);
    const { signature, ...rest } = receipt;
    expect(verify(null, Buffer.from(canonicalJson(rest)), privateKey, Buffer.from(signature.value, 'base64'))).toBe(true);
  });

  it('is byte-identical when issued twice with the same key and time', () => {
    expect(canonicalJson(issueReceipt({ inputs, issuedAt, privateKey }))).toBe(canonicalJson(receipt));
  });

  it('the rationale id ignores the locale but not the prices', () => {
    expect(rationaleIdOf({ ...inputs, locale: 'en' })).toBe(receipt.rationaleId);
    const other = clone(inputs);
    other.prices[3]!.priceUahMwh += 1;
    expect(rationaleIdOf(other)).not.toBe(receipt.rationaleId);
  });

  it('refuses a key that is not Ed25519', () => {
    const { privateKey: ec } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => issueReceipt({ inputs, issuedAt, privateKey: ec })).toThrow(/Ed25519/);
  });
});

describe('verifyReceipt', () => {
  const receipt = issueReceipt({ inputs, issuedAt, privateKey });

  it('accepts an untouched receipt against the trusted key', () => {
    const v = verifyReceipt({ receipt, inputs, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: true, message: 'valid', keyTrusted: true, keyId: keyIdOf(privateKey) });
    expect(v.reason).toBeUndefined();
    expect(Object.values(v.checks).map((c) => c.status)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
  });

  it('without any trusted key a receipt is never valid: the embedded key proves nothing about origin', () => {
    const v = verifyReceipt({ receipt, inputs, trustedPublicKeys: [] });
    expect(v).toMatchObject({ valid: false, reason: 'key_untrusted', keyTrusted: false, keyId: keyIdOf(privateKey) });
    expect(v.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(v.checks.signature.reason).toContain(v.fingerprint as string);
    expect(v.checks.signature.reason).toMatch(/no trusted key/);
  });

  it('accepts a receipt signed by any one key of a trust list', () => {
    const { privateKey: other } = generateKeyPairSync('ed25519');
    expect(verifyReceipt({ receipt, inputs, trustedPublicKeys: [other, privateKey] }).valid).toBe(true);
  });

  it('detects one changed price as an inputs hash mismatch', () => {
    const tampered = clone(inputs);
    tampered.prices[18]!.priceUahMwh = 7500.01;
    const v = verifyReceipt({ receipt, inputs: tampered, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'inputs_hash_mismatch' });
    expect(v.message).toMatch(/^inputsHash: /);
    expect(v.checks.signature.status).toBe('pass');
    expect(v.checks.rationaleId.status).toBe('fail');
  });

  it('detects one changed setting as an inputs hash mismatch', () => {
    const tampered = clone(inputs);
    tampered.settings.feeUahPerMwh = 0;
    expect(verifyReceipt({ receipt, inputs: tampered, trustedPublicKeys: [privateKey] }).reason).toBe('inputs_hash_mismatch');
    const dropped = clone(inputs);
    delete dropped.settings.feeUahPerMwh;
    expect(verifyReceipt({ receipt, inputs: dropped, trustedPublicKeys: [privateKey] }).reason).toBe('inputs_hash_mismatch');
  });

  it('accepts the same inputs with members in another order (canonical form)', () => {
    const reordered = { settings: inputs.settings, locale: inputs.locale, prices: inputs.prices, tradeDate: inputs.tradeDate };
    expect(verifyReceipt({ receipt, inputs: reordered, trustedPublicKeys: [privateKey] }).valid).toBe(true);
  });

  it('detects a changed signature', () => {
    const tampered = clone(receipt);
    const bytes = Buffer.from(tampered.signature.value, 'base64');
    bytes[5] = (bytes[5] ?? 0) ^ 0x01;
    tampered.signature.value = bytes.toString('base64');
    const v = verifyReceipt({ receipt: tampered, inputs, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'signature_invalid' });
    expect(v.checks.inputsHash.status).toBe('pass');
  });

  it('detects a changed version first, and the signature no longer matches either', () => {
    const tampered = { ...clone(receipt), receiptVersion: 'svc-no-egress-receipt-2' };
    const v = verifyReceipt({ receipt: tampered, inputs, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'version_unsupported' });
    expect(v.message).toContain(RECEIPT_VERSION);
    expect(v.checks.signature.status).toBe('fail');
  });

  it('detects a flipped attestation (data sent to an external model)', () => {
    const tampered = { ...clone(receipt), dataSentToExternalModel: true };
    const v = verifyReceipt({ receipt: tampered, inputs, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'attestation_mismatch' });
    expect(v.checks.attestation.reason).toContain('dataSentToExternalModel is true');
  });

  it('detects a rewritten inputsHash even when the inputs were rewritten to match it', () => {
    const tampered = clone(inputs);
    tampered.prices[0]!.priceUahMwh = 1;
    const forged = clone(receipt);
    forged.inputsHash.value = inputsHashOf(tampered);
    forged.rationaleId = rationaleIdOf(tampered);
    const v = verifyReceipt({ receipt: forged, inputs: tampered, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'signature_invalid' });
  });

  it('rejects a receipt re-signed by another key (a forgery), naming the key', () => {
    const { privateKey: other } = generateKeyPairSync('ed25519');
    const forged = issueReceipt({ inputs, issuedAt, privateKey: other });
    expect(verifyReceipt({ receipt: forged, inputs, trustedPublicKeys: [other] }).valid).toBe(true);
    const v = verifyReceipt({ receipt: forged, inputs, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'key_untrusted' });
    expect(v.checks.signature.reason).toContain(keyIdOf(other));
  });

  it('detects a keyId that does not belong to the embedded key', () => {
    const tampered = clone(receipt);
    tampered.signature.keyId = 'svc-ed25519-0000000000000000';
    expect(verifyReceipt({ receipt: tampered, inputs, trustedPublicKeys: [privateKey] }).reason).toBe('signature_invalid');
  });

  it('reports a non-object receipt as malformed and survives garbage fields', () => {
    expect(verifyReceipt({ receipt: 'x', inputs, trustedPublicKeys: [privateKey] })).toMatchObject({ valid: false, reason: 'receipt_malformed' });
    const v = verifyReceipt({ receipt: { receiptVersion: RECEIPT_VERSION, inputsHash: 3, signature: { algorithm: 'ed25519', publicKey: '!!', value: 1 } }, inputs, trustedPublicKeys: [privateKey] });
    expect(v.valid).toBe(false);
    expect(v.reason).toBe('attestation_mismatch');
    expect(v.checks.inputsHash.status).toBe('fail');
    expect(v.checks.signature.status).toBe('fail');
  });

  it('inputs that are not JSON fail the hash check instead of throwing', () => {
    const v = verifyReceipt({ receipt, inputs: { x: Number.NaN }, trustedPublicKeys: [privateKey] });
    expect(v).toMatchObject({ valid: false, reason: 'inputs_hash_mismatch' });
    expect(v.checks.inputsHash.reason).toMatch(/not canonical JSON/);
  });
});
