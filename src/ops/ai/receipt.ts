/**
 * No-egress receipts at the doors: issue one for a brief request, verify one (public), and show
 * the service's public key. Format and hand verification: docs/receipt.md.
 */
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';
import { validatedBriefInputs, type BriefInputs } from '../../engines/brief/index.js';
import { NoEgressReceipt, issueReceipt } from '../../engines/receipt.js';
import { RECEIPT_FAILURES, RECEIPT_INPUTS_LIMITS, receiptInputsOverLimits, verifyReceipt, type ReceiptVerification } from '../../engines/receipt-verify.js';
import { existingReceiptKeys, loadReceiptKeys, readPublicKey } from './receipt-keys.js';
import type { KeyObject } from 'node:crypto';
import { defineOperation, type OpContext } from '../types.js';
import { LARGE_VERIFY_BYTES, verifyCost } from '../cost.js';
import { onPoolOrInline } from '../pool.js';
import { TradingBriefOpInput } from './brief-input.js';

const JsonObject = z.record(z.string(), z.unknown());

/** The verify route's body limit: the inputs' 64 KiB cap, a receipt (~2 KB) and room for non-ASCII text. */
export const RECEIPT_VERIFY_BODY_LIMIT_BYTES = 128 * 1024;

export const ReceiptVerifyRequest = z.strictObject({
  receipt: JsonObject,
  /** The declared inputs the receipt was issued for (as written next to it by `svc brief --receipt`). */
  inputs: JsonObject.superRefine((value, ctx) => {
    const over = receiptInputsOverLimits(value);
    if (over !== null) {
      ctx.addIssue({
        code: 'custom',
        message: `too large to verify: ${over} (a receipt's inputs are about 1 KB; the limit is ${RECEIPT_INPUTS_LIMITS.maxValues.toLocaleString('en-US')} values, ${RECEIPT_INPUTS_LIMITS.maxChars / 1024} KiB, depth ${RECEIPT_INPUTS_LIMITS.maxDepth})`,
      });
    }
  }).describe(`The declared inputs the receipt was issued for. At most ${RECEIPT_INPUTS_LIMITS.maxValues.toLocaleString('en-US')} JSON values, ${RECEIPT_INPUTS_LIMITS.maxChars / 1024} KiB and depth ${RECEIPT_INPUTS_LIMITS.maxDepth}, checked before anything is hashed (400 beyond).`),
  /** Trust this Ed25519 public key (PEM or base64 SPKI DER) instead of the service's own key. */
  trustedPublicKey: z.string().min(1).max(4096).optional(),
});
export type ReceiptVerifyRequest = z.infer<typeof ReceiptVerifyRequest>;

const ReceiptCheck = z.strictObject({ status: z.enum(['pass', 'fail', 'skipped']), reason: z.string() });
export const ReceiptVerificationResult = z.strictObject({
  valid: z.boolean(),
  reason: z.enum(RECEIPT_FAILURES).optional(),
  message: z.string(),
  checks: z.strictObject({ version: ReceiptCheck, attestation: ReceiptCheck, inputsHash: ReceiptCheck, rationaleId: ReceiptCheck, signature: ReceiptCheck }),
  keyId: z.string().nullable(),
  /** `sha256:<hex>` of the signing key's SPKI DER; null when the receipt carries no readable key. */
  fingerprint: z.string().nullable(),
  keyTrusted: z.boolean(),
});

export const ReceiptBundle = z.strictObject({ receipt: NoEgressReceipt, inputs: JsonObject });
export type ReceiptBundle = { receipt: NoEgressReceipt; inputs: BriefInputs };

export const ReceiptPublicKey = z.strictObject({
  algorithm: z.literal('ed25519'),
  keyId: z.string(),
  /** base64 SPKI DER, the same string receipts embed in signature.publicKey. */
  publicKey: z.string(),
  publicKeyPem: z.string(),
  source: z.enum(['config', 'file']),
});

/** A receipt for declared inputs (already validated), signed with this service's key. */
export async function issueReceiptForInputs(ctx: OpContext, inputs: BriefInputs): Promise<ReceiptBundle> {
  const keys = await loadReceiptKeys(ctx.config, ctx.logger);
  return { receipt: issueReceipt({ inputs, issuedAt: ctx.now().toISOString(), privateKey: keys.privateKey }), inputs };
}

/** Validates a brief request exactly as the brief does (without composing it), then issues its receipt. */
export async function issueBriefReceipt(ctx: OpContext, request: BriefInputs): Promise<ReceiptBundle> {
  return issueReceiptForInputs(ctx, validatedBriefInputs(request));
}

/**
 * The keys a verification trusts: the explicit key when one is given; otherwise the keys of
 * SVC_RECEIPT_TRUSTED_KEYS plus this installation's own signing key (if it has one). Never the
 * key a receipt carries.
 */
export async function trustedReceiptKeys(ctx: OpContext, explicit: string | undefined): Promise<KeyObject[]> {
  if (explicit !== undefined) {
    const key = readPublicKey(explicit);
    if (!key) throw SvcError.validation('invalid input: trustedPublicKey: expected an Ed25519 public key, PEM or base64 SPKI DER', [{ path: 'trustedPublicKey', message: 'expected an Ed25519 public key (PEM or base64 SPKI DER)' }]);
    return [key];
  }
  const keys = [...ctx.config.receiptTrustedKeys];
  const own = (await existingReceiptKeys(ctx.config, ctx.logger))?.publicKey;
  if (own) keys.push(own);
  return keys;
}

/** The pool's worker of the verification (receipt-worker.ts; built only: from the sources it runs inline). */
const WORKER = new URL('./receipt-worker.js', import.meta.url);

/**
 * The verification against the trusted keys. Served to a caller (a signal: the HTTP door), inputs
 * past LARGE_VERIFY_BYTES (the size that makes the request heavy, ops/cost.ts) are canonicalised,
 * hashed and checked on the shared pool, off the event loop; the keys cross as KeyObjects.
 */
export async function verifyWithServiceKey(ctx: OpContext, body: { receipt: unknown; inputs: unknown; trustedPublicKey?: string | undefined }): Promise<ReceiptVerification> {
  const task = { receipt: body.receipt, inputs: body.inputs, trustedPublicKeys: await trustedReceiptKeys(ctx, body.trustedPublicKey) };
  const large = ctx.signal && (JSON.stringify(body.inputs)?.length ?? 0) > LARGE_VERIFY_BYTES;
  return large ? onPoolOrInline(WORKER, 'verify', () => task, () => verifyReceipt(task), { signal: ctx.signal }) : verifyReceipt(task);
}

export const receiptVerify = defineOperation({
  id: 'ai.receiptVerify',
  summary: 'Verify a no-egress receipt',
  description:
    'Recomputes sha256 over the RFC 8785 canonical JSON of `inputs` and checks it against the receipt, checks the attested facts ' +
    '(svc-rules-v1, deterministic, no data sent to an external model, 0 external tokens), the rationale id, and the Ed25519 signature ' +
    'against the trusted keys: `trustedPublicKey` when given, otherwise the keys listed in SVC_RECEIPT_TRUSTED_KEYS and this service’s own key. ' +
    'A receipt signed by any other key is `valid` false with reason key_untrusted and its `fingerprint` (sha256 of the key): the key a receipt carries proves ' +
    'integrity, never origin. Always 200 for a well-formed body: `valid` false with `reason` naming the first ' +
    'failing part (version_unsupported, attestation_mismatch, inputs_hash_mismatch, rationale_mismatch, signature_invalid, key_untrusted). ' +
    'A body that is not {receipt: object, inputs: object} is a 400, and so are `inputs` past the caps (5,000 JSON values, 64 KiB, depth 16: ' +
    'a real receipt\'s inputs are about 1 KB), checked by a walk that stops at the cap, before anything is canonicalised or hashed. ' +
    'A body over 128 KiB is a 413 before it is parsed, and each client address may call this route SVC_PUBLIC_RATE_LIMIT_PER_MINUTE times ' +
    'a minute (default 30, per process; 429 with Retry-After beyond).',
  tags: ['ai'],
  access: 'public',
  input: ReceiptVerifyRequest,
  output: ReceiptVerificationResult,
  exactOutput: true,
  cost: verifyCost,
  // A real receipt and its inputs are a few KB: the route's own body limit and per-address rate limit
  // keep this uncredentialed route from being a CPU sink (issue 26; docs/security.md).
  http: { method: 'POST', path: '/api/ai/receipt/verify', inputFrom: 'body', successStatus: 200, errors: [400, 413, 429], bodyLimitBytes: RECEIPT_VERIFY_BODY_LIMIT_BYTES, addressRateLimit: true },
  // `svc receipt verify <file.json>`: exit 3 and the failing part on stderr when invalid, so a script can gate on it.
  cli: {
    command: ['receipt', 'verify'],
    description: 'verify a receipt file {receipt, inputs}: inputs hash, attested facts, rationale id, Ed25519 signature',
    parent: {
      description: 'no-egress receipts: verify one, or print the key that signs them',
      examples: ['svc brief fixtures/sample-week.csv --date 03.12.2024 --receipt receipt.json && svc receipt verify receipt.json', 'svc receipt public-key > desk.pub.pem'],
    },
    body: { arg: 'file.json', help: 'the file written by `svc brief --receipt` (or an API body {receipt, inputs}); - for stdin', fields: ['receipt', 'inputs'], what: 'receipt' },
    flags: { trustedPublicKey: { flag: '--public-key', value: 'key' } },
    textFiles: ['trustedPublicKey'],
    flagHelp: { trustedPublicKey: 'trust this Ed25519 public key (file with PEM/base64, or base64 SPKI) instead of this installation’s key' },
    flagErrors: { trustedPublicKey: { says: 'expected an Ed25519 public key (a PEM file, or base64 SPKI DER)', issue: 'not an Ed25519 public key' } },
    view: {
      text: (r) => [r.valid ? 'valid' : 'invalid'],
      notes: (r) => Object.entries(r.checks).map(([name, check]) => `  ${check.status.padEnd(7)} ${name}: ${check.reason}`),
    },
    fails: { when: (r) => !r.valid, says: (r) => `receipt invalid (${r.reason ?? 'unknown'}): ${r.message}`, exitCode: 3, errorCode: 'receipt_invalid' },
    examples: ['svc receipt verify receipt.json && echo trusted', 'svc receipt verify receipt.json --public-key other-desk.pub.pem --format json'],
  },
  async run(ctx, input) {
    return verifyWithServiceKey(ctx, input);
  },
});

export const receiptPublicKey = defineOperation({
  id: 'receipt.publicKey',
  summary: 'The public key that signs no-egress receipts',
  description: 'Ed25519 public key of this service (base64 SPKI DER and PEM) and its key id; receipts carry the same key in signature.publicKey. Not a secret.',
  tags: ['ai'],
  access: 'public',
  input: z.strictObject({}),
  output: ReceiptPublicKey,
  http: { method: 'GET', path: '/api/ai/receipt/public-key', inputFrom: 'query', successStatus: 200, errors: [] },
  cli: {
    command: ['receipt', 'public-key'],
    description: 'print the Ed25519 public key that signs this installation’s receipts (PEM; --format json for all fields)',
    view: {
      text: (k) => [k.publicKeyPem],
      facts: (k) => [['keyId', k.keyId], ['base64 SPKI', k.publicKey], ['source', k.source]],
      csv: { row: (k) => ({ keyId: k.keyId, publicKey: k.publicKey }), columns: ['keyId', 'publicKey'] },
    },
    examples: ['svc receipt public-key > svc-receipts.pub.pem'],
  },
  async run(ctx) {
    const keys = await loadReceiptKeys(ctx.config, ctx.logger);
    return { algorithm: 'ed25519' as const, keyId: keys.keyId, publicKey: keys.publicKeyBase64, publicKeyPem: keys.publicKeyPem, source: keys.source };
  },
});

export const tradingBriefReceipt = defineOperation({
  id: 'ai.tradingBriefReceipt',
  summary: 'Issue a no-egress receipt for a trading-brief request',
  description:
    'Validates the body exactly as POST /api/ai/trading-brief does and returns {receipt, inputs}: `inputs` are the declared inputs ' +
    '(locale default applied, prices sorted by hour, settings and context as sent) and the receipt signs their hash. Keep both: ' +
    'POST /api/ai/receipt/verify takes them back as they are.',
  tags: ['ai'],
  access: 'key',
  permission: 'decision.plan',
  input: TradingBriefOpInput,
  output: ReceiptBundle,
  exactOutput: true,
  http: { method: 'POST', path: '/api/ai/trading-brief/receipt', inputFrom: 'body', successStatus: 200, errors: [400, 401, 429], headers: { 'x-ai-generated': 'true' } },
  async run(ctx, input) {
    return issueBriefReceipt(ctx, input);
  },
});
