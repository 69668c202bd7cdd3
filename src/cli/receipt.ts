/**
 * `svc receipt verify <file.json>` and `svc receipt public-key`: check a no-egress receipt written
 * by `svc brief --receipt` (or returned by the API) against this installation's key, or print
 * that key. Exit 0 and "valid" when every check passes; exit 3 with the failing part on stderr
 * when not, so a script can gate on it. docs/receipt.md shows the same checks by hand.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import { CliExit, type CliEnv } from './cli-env.js';
import { readJsonInput } from './json-input.js';
import { keyValueTable } from './table.js';

interface VerifyOpts {
  publicKey?: string;
}

/** --public-key takes a file (PEM or base64) or the base64 SPKI string itself. */
function trustedKeyText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return existsSync(value) ? readFileSync(value, 'utf8') : value;
}

export function registerReceipt(program: Command, env: CliEnv): void {
  const receipt = program.command('receipt').description('no-egress receipts: verify one, or print the key that signs them');
  receipt.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc brief fixtures/sample-week.csv --date 03.12.2024 --receipt receipt.json && svc receipt verify receipt.json\n' +
      '  $ svc receipt public-key > desk.pub.pem',
  );

  const verify = receipt
    .command('verify')
    .description('verify a receipt file {receipt, inputs}: inputs hash, attested facts, rationale id, Ed25519 signature')
    .argument('<file.json>', 'the file written by `svc brief --receipt` (or an API body {receipt, inputs}); - for stdin')
    .option('--public-key <key>', 'trust this Ed25519 public key (file with PEM/base64, or base64 SPKI) instead of this installation’s key');
  verify.addHelpText('after', '\nExamples:\n  $ svc receipt verify receipt.json && echo trusted\n  $ svc receipt verify receipt.json --public-key other-desk.pub.pem --format json');
  verify.action(async (file: string, opts: VerifyOpts) => {
    const body = readJsonInput(file, 'receipt');
    const { receiptVerify } = await import('../ops/ai/receipt.js');
    const trusted = trustedKeyText(opts.publicKey);
    const bundle = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : { receipt: body };
    // The verify operation itself, through invoke(); --public-key is its `trustedPublicKey` field.
    const result = await env.runOp(receiptVerify, { receipt: bundle.receipt, inputs: bundle.inputs, ...(trusted !== undefined ? { trustedPublicKey: trusted } : {}) }).catch((e: unknown) => {
      if (e instanceof SvcError && e.issues[0]?.path === 'trustedPublicKey') {
        throw SvcError.validation('--public-key: expected an Ed25519 public key (a PEM file, or base64 SPKI DER)', [{ path: '--public-key', message: 'not an Ed25519 public key' }]);
      }
      if (e instanceof SvcError && e.code === 'validation_error') {
        throw SvcError.validation(`${file === '-' ? 'stdin' : file}: ${e.message}`, e.issues.map((i) => ({ ...i, path: `${file === '-' ? 'stdin' : file}${i.path ? `.${i.path}` : ''}` })));
      }
      throw e;
    });
    const out = env.out();
    if (env.globals().format === 'json') out.json(result);
    else {
      out.print(result.valid ? 'valid' : 'invalid');
      for (const [name, check] of Object.entries(result.checks)) out.info(`  ${check.status.padEnd(7)} ${name}: ${check.reason}`);
    }
    if (!result.valid) throw new CliExit(3, `receipt invalid (${result.reason ?? 'unknown'}): ${result.message}`, 'receipt_invalid');
  });

  const publicKey = receipt.command('public-key').description('print the Ed25519 public key that signs this installation’s receipts (PEM; --format json for all fields)');
  publicKey.addHelpText('after', '\nExample:\n  $ svc receipt public-key > svc-receipts.pub.pem');
  publicKey.action(async () => {
    const { receiptPublicKey } = await import('../ops/ai/receipt.js');
    const key = await env.runOp(receiptPublicKey, {});
    const out = env.out();
    const { format } = env.globals();
    if (format === 'json') return out.json(key);
    if (format === 'csv') return out.print(`keyId,publicKey\n${key.keyId},${key.publicKey}`);
    out.raw(key.publicKeyPem);
    out.info(keyValueTable([['keyId', key.keyId], ['base64 SPKI', key.publicKey], ['source', key.source]], out.c));
  });
}
