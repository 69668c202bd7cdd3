/**
 * The Ed25519 key that signs no-egress receipts. Source, in order:
 *  1. config.receiptSigningKey (SVC_RECEIPT_SIGNING_KEY): a PKCS#8 private key, PEM text or the
 *     base64 of its DER bytes;
 *  2. the file <dataDir>/receipt-ed25519.pem, created on first use (PKCS#8 PEM, mode 0600, the
 *     directory 0700) with an exclusive create, so two processes starting together end up with the
 *     same key instead of overwriting each other's.
 * Keys are cached per source for the life of the process. The private key never leaves this
 * module's callers in any rendered output; only the public key and its id are shown.
 */
import { existsSync } from 'node:fs';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { ensureDataDir } from '../../store/data-dir.js';
import { join } from 'node:path';
import type { SvcConfig } from '../../config/config.js';
import { SvcError } from '../../domain/errors.js';
import { fileErrorWords } from '../../domain/file-errors.js';
import { keyIdOf, spkiDer } from '../../engines/receipt.js';
import { readPublicKey, readSigningKey } from '../../data/keys.js';

export { readPublicKey, readSigningKey };
import type { Logger } from '../types.js';

export const RECEIPT_KEY_FILE = 'receipt-ed25519.pem';

export interface ReceiptKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
  /** base64 of the SPKI DER public key (what receipts embed). */
  publicKeyBase64: string;
  publicKeyPem: string;
  source: 'config' | 'file';
  /** The key file, when source is `file`. */
  path?: string;
}

function keysOf(privateKey: KeyObject, source: ReceiptKeys['source'], path?: string): ReceiptKeys {
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey,
    keyId: keyIdOf(publicKey),
    publicKeyBase64: spkiDer(publicKey).toString('base64'),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    source,
    ...(path ? { path } : {}),
  };
}

async function fromFile(dataDir: string, logger?: Logger): Promise<ReceiptKeys> {
  const path = join(dataDir, RECEIPT_KEY_FILE);
  ensureDataDir(dataDir);
  try {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await writeFile(path, pem, { mode: 0o600, flag: 'wx' });
    logger?.info('created the receipt signing key', { path });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new SvcError('internal_error', `cannot create the receipt signing key ${RECEIPT_KEY_FILE} in the data directory: ${fileErrorWords(e)}`, { cause: e, reason: 'receipt_key_unavailable' });
    }
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) logger?.warn('the receipt signing key file is readable by others; chmod 600 it', { path, mode: mode.toString(8) });
  } catch (e) {
    throw new SvcError('internal_error', `cannot read the receipt signing key ${RECEIPT_KEY_FILE} in the data directory: ${fileErrorWords(e)}`, { cause: e, reason: 'receipt_key_unavailable' });
  }
  const key = readSigningKey(text);
  // The message names the file, never its full path: a 500 body may reach anonymous callers.
  if (!key) throw new SvcError('internal_error', `${RECEIPT_KEY_FILE} in the data directory does not hold an Ed25519 private key (PKCS#8 PEM); move it away to let svc create a new one`, { reason: 'receipt_key_unavailable' });
  return keysOf(key, 'file', path);
}

const cache = new Map<string, Promise<ReceiptKeys>>();

/** The signing key for this configuration (see the file comment for the order of sources). */
export function loadReceiptKeys(config: Pick<SvcConfig, 'receiptSigningKey' | 'dataDir'>, logger?: Logger): Promise<ReceiptKeys> {
  if (config.receiptSigningKey !== undefined) {
    const configured = config.receiptSigningKey;
    const cacheKey = `config:${configured}`;
    let hit = cache.get(cacheKey);
    if (!hit) {
      const key = readSigningKey(configured);
      // Never echo the value: it is a secret.
      if (!key) {
        return Promise.reject(
          // A server fault, not the caller's: 500, and loadConfig refuses such a key at start anyway.
          new SvcError('internal_error', 'invalid configuration: SVC_RECEIPT_SIGNING_KEY must be an Ed25519 private key, PKCS#8 PEM or base64 DER', {
            reason: 'invalid_config',
            issues: [{ path: 'SVC_RECEIPT_SIGNING_KEY', message: 'expected an Ed25519 PKCS#8 private key (PEM or base64 DER)' }],
          }),
        );
      }
      hit = Promise.resolve(keysOf(key, 'config'));
      cache.set(cacheKey, hit);
    }
    return hit;
  }
  const cacheKey = `file:${config.dataDir}`;
  let hit = cache.get(cacheKey);
  if (!hit) {
    hit = fromFile(config.dataDir, logger);
    cache.set(cacheKey, hit);
    hit.catch(() => cache.delete(cacheKey));
  }
  return hit;
}

/** The key if one is configured or already on disk; never creates one (verifying must not write). */
export async function existingReceiptKeys(config: Pick<SvcConfig, 'receiptSigningKey' | 'dataDir'>, logger?: Logger): Promise<ReceiptKeys | undefined> {
  if (config.receiptSigningKey === undefined && !existsSync(join(config.dataDir, RECEIPT_KEY_FILE))) return undefined;
  return loadReceiptKeys(config, logger);
}
