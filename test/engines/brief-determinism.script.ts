/**
 * Run in a fresh process by brief-determinism.test.ts: reads a brief request (JSON file in argv),
 * prints the canonical JSON of {brief, receipt} with a fixed key and issue time.
 */
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { canonicalJson } from '../../src/engines/canonical-json.js';
import { composeTradingBrief, type BriefInputs } from '../../src/engines/brief/index.js';
import { issueReceipt } from '../../src/engines/receipt.js';

const request = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as BriefInputs;
const privateKey = createPrivateKey(process.env.RECEIPT_PEM as string);
const { brief, inputs } = composeTradingBrief(request);
const receipt = issueReceipt({ inputs, issuedAt: '2025-01-01T00:00:00.000Z', privateKey });
process.stdout.write(canonicalJson({ brief, receipt }));
