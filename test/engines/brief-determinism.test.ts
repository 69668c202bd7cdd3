import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { canonicalJson } from '../../src/engines/canonical-json.js';
import { composeTradingBrief } from '../../src/engines/brief/index.js';
import { issueReceipt } from '../../src/engines/receipt.js';
import { fullRequest } from './brief-fixtures.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./brief-determinism.script.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PEM = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n-----END PRIVATE KEY-----\n';

describe('determinism across processes', () => {
  it('two separate node processes and this one produce the same brief and receipt bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-brief-'));
    const file = join(dir, 'request.json');
    const req = fullRequest('15.12.2024');
    // Written with the price points reversed: order must not matter.
    writeFileSync(file, JSON.stringify({ ...req, prices: [...req.prices].reverse() }));
    const env = { ...process.env, RECEIPT_PEM: PEM };
    const [a, b] = await Promise.all([0, 1].map(() => run('node', ['--import', 'tsx', SCRIPT, file], { cwd: ROOT, env })));
    const { brief, inputs } = composeTradingBrief(req);
    const receipt = issueReceipt({ inputs, issuedAt: '2025-01-01T00:00:00.000Z', privateKey: createPrivateKey(PEM) });
    const here = canonicalJson({ brief, receipt });
    expect(a?.stdout).toBe(here);
    expect(b?.stdout).toBe(here);
    expect(here.length).toBeGreaterThan(5000);
  }, 60_000);
});
