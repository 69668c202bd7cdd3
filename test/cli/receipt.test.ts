import { beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE, tempDir } from './helpers.js';
import { cli } from './in-process.js';

interface Bundle {
  receipt: { receiptVersion: string; signature: { value: string; keyId: string; publicKey: string } };
  inputs: { prices: { hour: number; priceUahMwh: number }[]; settings: Record<string, number> };
}

const dataDir = tempDir('svc-data-');
const env = { SVC_DATA_DIR: dataDir };
const dir = tempDir();
const original = join(dir, 'receipt.json');
let bundle: Bundle;

beforeAll(async () => {
  const r = await cli(['brief', FIXTURE, '--date', '15.12.2024', '--fee', '12', '--receipt', original, '-q'], { env });
  expect(r.exitCode).toBe(0);
  bundle = JSON.parse(readFileSync(original, 'utf8')) as Bundle;
}, 30_000);

function tampered(name: string, change: (b: Bundle) => void): string {
  const copy = JSON.parse(JSON.stringify(bundle)) as Bundle;
  change(copy);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(copy));
  return file;
}

describe('svc receipt verify', () => {
  const cases: Array<[string, (b: Bundle) => void, string]> = [
    ['one price', (b) => void (b.inputs.prices[18]!.priceUahMwh += 1), 'inputs_hash_mismatch'],
    ['one setting', (b) => void (b.inputs.settings.volumeMwh = 5), 'inputs_hash_mismatch'],
    // The first character is replaced by a different one (a fresh key's signature starts with 'A' one time in 64).
    ['the signature', (b) => void (b.receipt.signature.value = `${b.receipt.signature.value.startsWith('A') ? 'B' : 'A'}${b.receipt.signature.value.slice(1)}`), 'signature_invalid'],
    ['the version', (b) => void (b.receipt.receiptVersion = 'svc-no-egress-receipt-9'), 'version_unsupported'],
  ];
  it.each(cases)('a changed %s exits 3 with the reason on stderr', async (name, change, reason) => {
    const r = await cli(['receipt', 'verify', tampered(name.replace(/\s/g, '-'), change)], { env });
    expect(r.exitCode).toBe(3);
    expect(r.stdout.trim().split('\n')[0]).toBe('invalid');
    expect(r.stderr).toContain(reason);
  });

  it('--format json prints the verification body and still exits 3 when invalid', async () => {
    const r = await cli(['receipt', 'verify', tampered('json', (b) => void (b.inputs.prices[0]!.priceUahMwh = 0)), '--format', 'json'], { env });
    expect(r.exitCode).toBe(3);
    const body = JSON.parse(r.stdout) as { valid: boolean; reason: string; checks: Record<string, { status: string }> };
    expect(body).toMatchObject({ valid: false, reason: 'inputs_hash_mismatch' });
    expect(body.checks.signature?.status).toBe('pass');
  });

  it('a verifier that trusts no key rejects every receipt (exit 3), names the key, and creates no key', async () => {
    const keyless = { SVC_DATA_DIR: tempDir('svc-data-') };
    const r = await cli(['receipt', 'verify', original], { env: keyless });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('key_untrusted');
    expect(r.stderr).toContain(bundle.receipt.signature.keyId);
    expect(r.stderr).toMatch(/sha256:[0-9a-f]{64}/);
    expect(existsSync(join(keyless.SVC_DATA_DIR, 'receipt-ed25519.pem'))).toBe(false);
  });

  it('SVC_RECEIPT_TRUSTED_KEYS (a file or inline keys) makes a foreign key trusted', async () => {
    const keyless = { SVC_DATA_DIR: tempDir('svc-data-') };
    const listFile = join(dir, 'trusted-keys.txt');
    writeFileSync(listFile, `# desk A\n${bundle.receipt.signature.publicKey}\n`);
    expect((await cli(['receipt', 'verify', original], { env: { ...keyless, SVC_RECEIPT_TRUSTED_KEYS: listFile } })).exitCode).toBe(0);
    expect((await cli(['receipt', 'verify', original], { env: { ...keyless, SVC_RECEIPT_TRUSTED_KEYS: bundle.receipt.signature.publicKey } })).exitCode).toBe(0);
    const bad = await cli(['receipt', 'verify', original], { env: { ...keyless, SVC_RECEIPT_TRUSTED_KEYS: 'not-a-key' } });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('SVC_RECEIPT_TRUSTED_KEYS');
  });

  it('another installation does not trust the key, unless given with --public-key', async () => {
    const stranger = { SVC_DATA_DIR: tempDir('svc-data-') };
    expect((await cli(['receipt', 'public-key', '-q'], { env: stranger })).exitCode).toBe(0); // it now has a key of its own
    const untrusted = await cli(['receipt', 'verify', original], { env: stranger });
    expect(untrusted.exitCode).toBe(3);
    expect(untrusted.stderr).toContain('key_untrusted');
    const pem = await cli(['receipt', 'public-key', '-q'], { env });
    const keyFile = join(dir, 'issuer.pub.pem');
    writeFileSync(keyFile, pem.stdout);
    expect((await cli(['receipt', 'verify', original, '--public-key', keyFile], { env: stranger })).exitCode).toBe(0);
    expect((await cli(['receipt', 'verify', original, '--public-key', bundle.receipt.signature.publicKey], { env: stranger })).exitCode).toBe(0);
    expect((await cli(['receipt', 'verify', original, '--public-key', 'nonsense'], { env: stranger })).exitCode).toBe(2);
  });

  it('a file that is not {receipt, inputs} exits 2', async () => {
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"receipt": ');
    expect((await cli(['receipt', 'verify', notJson], { env })).exitCode).toBe(2);
    const noInputs = join(dir, 'no-inputs.json');
    writeFileSync(noInputs, JSON.stringify({ receipt: bundle.receipt }));
    const r = await cli(['receipt', 'verify', noInputs], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('inputs');
  });
});

describe('svc receipt public-key', () => {
  it('prints the PEM of the key that signed the receipts, and the same id in JSON', async () => {
    const pem = await cli(['receipt', 'public-key'], { env });
    expect(pem.exitCode).toBe(0);
    expect(pem.stdout).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const json = JSON.parse((await cli(['receipt', 'public-key', '--format', 'json'], { env })).stdout) as { keyId: string; publicKey: string };
    expect(json.keyId).toBe(bundle.receipt.signature.keyId);
    expect(json.publicKey).toBe(bundle.receipt.signature.publicKey);
  });

  it('SVC_RECEIPT_SIGNING_KEY gives the same key in any data directory', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const id = async () => (JSON.parse((await cli(['receipt', 'public-key', '--format', 'json'], { env: { SVC_DATA_DIR: tempDir('svc-data-'), SVC_RECEIPT_SIGNING_KEY: pem } })).stdout) as { keyId: string; source: string });
    const [a, b] = await Promise.all([id(), id()]);
    expect(a).toEqual(b);
    expect(a.source).toBe('config');
  });
});
