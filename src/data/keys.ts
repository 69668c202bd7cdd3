/**
 * Ed25519 key codecs: private keys (PKCS#8, PEM or base64 DER) that sign receipts, public keys
 * (SPKI, PEM or base64 DER) a verifier trusts, and trust lists of several public keys.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

/** An Ed25519 private key from PEM or base64 PKCS#8 DER; null when the text is neither. */
export function readSigningKey(text: string): KeyObject | null {
  try {
    const trimmed = text.trim();
    const key = trimmed.includes('-----BEGIN')
      ? createPrivateKey(trimmed)
      : BASE64.test(trimmed)
        ? createPrivateKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' })
        : null;
    return key && key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/**
 * An Ed25519 public key from PEM (public or private key) or base64 SPKI DER; null otherwise.
 * Lets a verifier trust a key given on the command line or in a request.
 */
export function readPublicKey(text: string): KeyObject | null {
  try {
    const trimmed = text.trim();
    let key: KeyObject | null = null;
    if (trimmed.includes('-----BEGIN')) key = createPublicKey(trimmed);
    else if (BASE64.test(trimmed)) key = createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    return key && key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/**
 * A receipt trust list: PEM public-key blocks and/or base64 SPKI keys, separated by commas or
 * lines; `#` starts a comment. Returns the keys, or the 1-based positions that are not keys.
 */
export function readTrustList(text: string): { keys: KeyObject[]; bad: number[] } {
  const pems = text.match(/-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g) ?? [];
  const rest = text
    .replace(/-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g, '\n')
    .split(/[,\n]/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '');
  const keys: KeyObject[] = [];
  const bad: number[] = [];
  [...pems, ...rest].forEach((item, i) => {
    const key = readPublicKey(item);
    if (key) keys.push(key);
    else bad.push(i + 1);
  });
  return { keys, bad };
}
