/**
 * Verifying a no-egress receipt (the format and its issuing are in receipt.ts): every check runs
 * (none short-circuits) — version, attestation, inputs hash, rationale id, signature against a
 * trusted key — and the first failing one is the reason. Pure.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { rationaleIdOf } from './brief/rationale.js';
import { ATTESTED, RECEIPT_OPERATION, RECEIPT_VERSION, fingerprintOf, inputsHashOf, keyIdOf, spkiDer, unsignedPart } from './receipt.js';

/**
 * The most a receipt's declared inputs may hold to be verified: a real brief request is about
 * 1 KB and 120 JSON values (24 prices, the settings, a context); these caps are ~40× that. They are
 * checked before anything is canonicalised or hashed, by a walk that stops at the first value past
 * them, so an oversized body costs the server the cap, not its size (the public verify route).
 */
export const RECEIPT_INPUTS_LIMITS = { maxValues: 5_000, maxChars: 64 * 1024, maxDepth: 16 } as const;

/** Why `value` is past RECEIPT_INPUTS_LIMITS, or null when it is within them. Stops early. */
export function receiptInputsOverLimits(value: unknown): string | null {
  const { maxValues, maxChars, maxDepth } = RECEIPT_INPUTS_LIMITS;
  let values = 0;
  let chars = 0;
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (++values > maxValues) return `more than ${maxValues.toLocaleString('en-US')} JSON values`;
    if (depth > maxDepth) return `nested deeper than ${maxDepth} levels`;
    if (typeof v === 'string') chars += v.length + 2;
    else if (v === null || typeof v !== 'object') chars += 8;
    else if (Array.isArray(v)) {
      chars += 2;
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1 });
    } else {
      chars += 2;
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        chars += key.length + 3;
        stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
    if (chars > maxChars) return `larger than ${maxChars / 1024} KiB of JSON`;
    if (stack.length > maxValues) return `more than ${maxValues.toLocaleString('en-US')} JSON values`;
  }
  return null;
}

export type CheckStatus = 'pass' | 'fail' | 'skipped';
export interface ReceiptCheck {
  status: CheckStatus;
  /** One sentence: what was compared and what was found. */
  reason: string;
}

export const RECEIPT_FAILURES = [
  'receipt_malformed',
  'version_unsupported',
  'attestation_mismatch',
  'inputs_hash_mismatch',
  'rationale_mismatch',
  'signature_invalid',
  'key_untrusted',
] as const;
export type ReceiptFailure = (typeof RECEIPT_FAILURES)[number];

export interface ReceiptVerification {
  valid: boolean;
  /** The first failing part, in the order version, attestation, inputsHash, rationaleId, signature. */
  reason?: ReceiptFailure;
  /** "valid", or the failing check's reason prefixed by its name. */
  message: string;
  checks: { version: ReceiptCheck; attestation: ReceiptCheck; inputsHash: ReceiptCheck; rationaleId: ReceiptCheck; signature: ReceiptCheck };
  /** keyId of the key that signed, when the embedded public key could be read. */
  keyId: string | null;
  /** `sha256:<hex>` of the signing key's SPKI DER (the whole fingerprint keyId abbreviates), or null. */
  fingerprint: string | null;
  /** True when the signature was checked against a key the verifier trusts (not only the embedded one). */
  keyTrusted: boolean;
}


const pass = (reason: string): ReceiptCheck => ({ status: 'pass', reason });
const fail = (reason: string): ReceiptCheck => ({ status: 'fail', reason });
const skipped = (reason: string): ReceiptCheck => ({ status: 'skipped', reason });
const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));

function asRecord(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function checkVersion(r: Record<string, unknown>): ReceiptCheck {
  return r.receiptVersion === RECEIPT_VERSION
    ? pass(`receiptVersion is ${RECEIPT_VERSION}`)
    : fail(`receiptVersion is ${show(r.receiptVersion)}, this verifier supports "${RECEIPT_VERSION}" only`);
}

function checkAttestation(r: Record<string, unknown>): ReceiptCheck {
  const wrong = Object.entries(ATTESTED)
    .filter(([k, v]) => r[k] !== v)
    .map(([k, v]) => `${k} is ${show(r[k])}, expected ${JSON.stringify(v)}`);
  if (r.operation !== RECEIPT_OPERATION) wrong.push(`operation is ${show(r.operation)}, expected "${RECEIPT_OPERATION}"`);
  return wrong.length === 0 ? pass('model svc-rules-v1, provider none, method deterministic, no data sent, 0 external tokens') : fail(wrong.join('; '));
}

function checkInputsHash(r: Record<string, unknown>, inputs: unknown): { check: ReceiptCheck; recomputed: string | null } {
  const h = asRecord(r.inputsHash);
  if (!h) return { check: fail(`inputsHash is ${show(r.inputsHash)}, expected an object`), recomputed: null };
  if (h.algorithm !== 'sha256' || h.canonicalization !== 'rfc8785') {
    return { check: fail(`inputsHash uses ${show(h.algorithm)}/${show(h.canonicalization)}, expected "sha256"/"rfc8785"`), recomputed: null };
  }
  let recomputed: string;
  try {
    recomputed = inputsHashOf(inputs);
  } catch (e) {
    return { check: fail(`the inputs are not canonical JSON: ${(e as Error).message}`), recomputed: null };
  }
  return {
    check: h.value === recomputed ? pass(`sha256 of the canonical inputs is ${recomputed}`) : fail(`sha256 of the canonical inputs is ${recomputed}, the receipt says ${show(h.value)}: the inputs differ from those the receipt was issued for`),
    recomputed,
  };
}

function checkRationale(r: Record<string, unknown>, inputs: unknown): ReceiptCheck {
  let expected: string;
  try {
    expected = rationaleIdOf(inputs);
  } catch (e) {
    return skipped(`cannot derive a rationale id: ${(e as Error).message}`);
  }
  return r.rationaleId === expected ? pass(`${expected} follows from the inputs`) : fail(`rationaleId is ${show(r.rationaleId)}, the inputs give ${expected}`);
}

function readPublicKey(base64: unknown): KeyObject | null {
  if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  try {
    const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

function checkSignature(r: Record<string, unknown>, trusted: readonly KeyObject[]): { check: ReceiptCheck; failure?: ReceiptFailure; keyId: string | null; keyTrusted: boolean } {
  const s = asRecord(r.signature);
  if (!s) return { check: fail(`signature is ${show(r.signature)}, expected an object`), failure: 'signature_invalid', keyId: null, keyTrusted: false };
  if (s.algorithm !== 'ed25519') return { check: fail(`signature.algorithm is ${show(s.algorithm)}, expected "ed25519"`), failure: 'signature_invalid', keyId: null, keyTrusted: false };
  const embedded = readPublicKey(s.publicKey);
  if (!embedded) return { check: fail('signature.publicKey is not a base64 SPKI Ed25519 public key'), failure: 'signature_invalid', keyId: null, keyTrusted: false };
  const keyId = keyIdOf(embedded);
  if (s.keyId !== keyId) return { check: fail(`signature.keyId is ${show(s.keyId)}, the embedded public key has id ${keyId}`), failure: 'signature_invalid', keyId, keyTrusted: false };
  if (trusted.length === 0) {
    return {
      check: fail(`signed by key ${keyId} (${fingerprintOf(embedded)}), but no trusted key is known here: give the signer's public key (--public-key, trustedPublicKey) or list it in SVC_RECEIPT_TRUSTED_KEYS`),
      failure: 'key_untrusted',
      keyId,
      keyTrusted: false,
    };
  }
  const der = spkiDer(embedded);
  if (!trusted.some((k) => spkiDer(k).equals(der))) {
    const names = trusted.map(keyIdOf).join(', ');
    return { check: fail(`signed by key ${keyId} (${fingerprintOf(embedded)}), which is not a trusted key (trusted: ${names}): anyone can sign a receipt with a key of their own`), failure: 'key_untrusted', keyId, keyTrusted: false };
  }
  let ok = false;
  if (typeof s.value === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(s.value)) {
    try {
      ok = verify(null, Buffer.from(canonicalJson(unsignedPart(r)), 'utf8'), embedded, Buffer.from(s.value, 'base64'));
    } catch {
      ok = false;
    }
  }
  if (!ok) return { check: fail(`Ed25519 signature does not match the receipt's content for key ${keyId}: the receipt or its signature was altered`), failure: 'signature_invalid', keyId, keyTrusted: false };
  return {
    check: pass(`valid Ed25519 signature by the trusted key ${keyId}`),
    keyId,
    keyTrusted: true,
  };
}

export interface VerifyReceiptInput {
  receipt: unknown;
  inputs: unknown;
  /**
   * The keys the verifier trusts. A receipt is valid only when signed by one of them: the key
   * embedded in a receipt proves integrity, never origin (anyone can sign with a key of their own).
   */
  trustedPublicKeys: readonly KeyObject[];
}

/** Runs every check (none short-circuits) and reports the first failing one as `reason`. */
export function verifyReceipt({ receipt, inputs, trustedPublicKeys }: VerifyReceiptInput): ReceiptVerification {
  const r = asRecord(receipt);
  if (!r) {
    const why = skipped('the receipt is not a JSON object');
    return {
      valid: false,
      reason: 'receipt_malformed',
      message: 'receipt: not a JSON object',
      checks: { version: why, attestation: why, inputsHash: why, rationaleId: why, signature: why },
      keyId: null,
      fingerprint: null,
      keyTrusted: false,
    };
  }
  const version = checkVersion(r);
  const attestation = checkAttestation(r);
  const { check: inputsHash } = checkInputsHash(r, inputs);
  const rationaleId = checkRationale(r, inputs);
  const sig = checkSignature(r, trustedPublicKeys);
  const checks = { version, attestation, inputsHash, rationaleId, signature: sig.check };
  const order: Array<[keyof typeof checks, ReceiptFailure]> = [
    ['version', 'version_unsupported'],
    ['attestation', 'attestation_mismatch'],
    ['inputsHash', 'inputs_hash_mismatch'],
    ['rationaleId', 'rationale_mismatch'],
    ['signature', sig.failure ?? 'signature_invalid'],
  ];
  const first = order.find(([name]) => checks[name].status === 'fail');
  const embedded = readPublicKey(asRecord(r.signature)?.publicKey);
  const base = { checks, keyId: sig.keyId, fingerprint: embedded ? fingerprintOf(embedded) : null, keyTrusted: sig.keyTrusted };
  if (!first) return { valid: true, message: 'valid', ...base };
  return { valid: false, reason: first[1], message: `${first[0]}: ${checks[first[0]].reason}`, ...base };
}
