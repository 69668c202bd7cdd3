/**
 * No-egress receipts: a signed statement that a brief was produced by the deterministic rules
 * engine svc-rules-v1, with no external model, no data sent out and 0 external tokens, for inputs
 * identified by a recomputable hash.
 *
 * Model. receipt = { receiptVersion, model, provider, method, dataSentToExternalModel,
 * externalTokens, operation, inputsHash: { algorithm, canonicalization, value }, rationaleId,
 * issuedAt, signature: { algorithm, keyId, publicKey, value } }. inputsHash.value is the SHA-256
 * (lower-case hex) of the RFC 8785 canonical JSON of the declared inputs; signature.value is the
 * Ed25519 signature (base64) over the canonical JSON of the receipt with the `signature` member
 * removed. Anyone holding the inputs can recompute the hash; anyone holding the public key can
 * check the signature (docs/receipt.md shows both by hand).
 *
 * Why it is sound: canonical JSON gives one byte string per JSON value, so equal inputs give equal
 * hashes in any language; SHA-256 makes a different input with the same hash infeasible; Ed25519
 * signs deterministically (same key and message give the same signature) and covers every other
 * field, so changing any attested value, the hash, the time or the rationale invalidates it.
 * What a signature proves depends on the key: the key embedded in a receipt proves integrity only
 * (anyone can sign with a key of their own), so a receipt is valid only when the embedded key is
 * one the verifier trusts; an unknown key fails as `key_untrusted`, naming its fingerprint.
 *
 * Pure: keys arrive as KeyObjects and the issue time as a string; loading or creating keys lives
 * in src/ops/ai/receipt-keys.ts. Verification is in receipt-verify.ts.
 */
import { createHash, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { canonicalJsonBytes } from './canonical-json.js';
import { BRIEF_MODEL, rationaleIdOf } from './brief/rationale.js';

export const RECEIPT_VERSION = 'svc-no-egress-receipt-1';
export const RECEIPT_OPERATION = 'ai.tradingBrief';

export const ReceiptSignature = z.strictObject({
  algorithm: z.literal('ed25519'),
  /** "svc-ed25519-" + first 16 hex digits of sha256(SPKI DER of the public key). */
  keyId: z.string(),
  /** The public key, base64 of its SPKI DER encoding (44 bytes for Ed25519). */
  publicKey: z.string(),
  /** base64 Ed25519 signature over canonical JSON of the receipt without `signature`. */
  value: z.string(),
});

export const NoEgressReceipt = z.strictObject({
  receiptVersion: z.literal(RECEIPT_VERSION),
  model: z.literal(BRIEF_MODEL),
  provider: z.literal('none'),
  method: z.literal('deterministic'),
  dataSentToExternalModel: z.literal(false),
  externalTokens: z.literal(0),
  /** What the inputs were declared for (the operation id). */
  operation: z.literal(RECEIPT_OPERATION),
  inputsHash: z.strictObject({
    algorithm: z.literal('sha256'),
    canonicalization: z.literal('rfc8785'),
    /** Lower-case hex SHA-256 of the canonical JSON of the declared inputs. */
    value: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  rationaleId: z.string(),
  issuedAt: z.string(),
  signature: ReceiptSignature,
});
export type NoEgressReceipt = z.infer<typeof NoEgressReceipt>;

/** What every receipt attests, whatever the inputs. */
export const ATTESTED = {
  model: BRIEF_MODEL,
  provider: 'none',
  method: 'deterministic',
  dataSentToExternalModel: false,
  externalTokens: 0,
} as const;

export function sha256HexOfBytes(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** SHA-256 hex of the canonical JSON of the inputs: the value a receipt's inputsHash must carry. */
export function inputsHashOf(inputs: unknown): string {
  return sha256HexOfBytes(canonicalJsonBytes(inputs));
}

export function spkiDer(key: KeyObject): Buffer {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return pub.export({ format: 'der', type: 'spki' });
}

export function fingerprintOf(key: KeyObject): string {
  return `sha256:${sha256HexOfBytes(spkiDer(key))}`;
}

export function keyIdOf(key: KeyObject): string {
  return `svc-ed25519-${sha256HexOfBytes(spkiDer(key)).slice(0, 16)}`;
}

/** The receipt without its signature: the part that is signed. */
export function unsignedPart(receipt: Record<string, unknown>): Record<string, unknown> {
  const { signature: _signature, ...rest } = receipt;
  return rest;
}

export interface IssueReceiptInput {
  /** The declared inputs (already in their canonical shape, see brief/rationale.ts). */
  inputs: unknown;
  /** ISO 8601 time of issue, from the caller's clock. */
  issuedAt: string;
  /** Ed25519 private key. */
  privateKey: KeyObject;
}

export function issueReceipt({ inputs, issuedAt, privateKey }: IssueReceiptInput): NoEgressReceipt {
  if (privateKey.asymmetricKeyType !== 'ed25519' || privateKey.type !== 'private') {
    throw new TypeError('a receipt is signed with an Ed25519 private key');
  }
  const unsigned = {
    receiptVersion: RECEIPT_VERSION,
    ...ATTESTED,
    operation: RECEIPT_OPERATION,
    inputsHash: { algorithm: 'sha256', canonicalization: 'rfc8785', value: inputsHashOf(inputs) },
    rationaleId: rationaleIdOf(inputs),
    issuedAt,
  } as const;
  const value = sign(null, canonicalJsonBytes(unsigned), privateKey).toString('base64');
  return {
    ...unsigned,
    signature: { algorithm: 'ed25519', keyId: keyIdOf(privateKey), publicKey: spkiDer(privateKey).toString('base64'), value },
  };
}
