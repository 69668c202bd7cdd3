/**
 * The id of each request (`x-request-id`, the `requestId` of error bodies, the log's `reqId`):
 * 128 random bits as 32 lower-case hex digits, the form of a W3C Trace Context trace-id, from a
 * pool of bytes drawn from the system's CSPRNG (`randomFillSync`) 256 ids at a time. Nothing reads
 * the id but people and log searches: it only has to be unique and unguessable enough not to
 * collide across instances.
 *
 * Not `crypto.randomUUID()`: a UUID's text is built by 19 string concatenations, and the id then
 * goes into the response head, where Node flattens that tree of pieces again before writing it;
 * here it is one flat string made in one step (fewer instructions a request,
 * docs/benchmarks.md "ninth session"). The ids operations mint (`ctx.newId`: audit events,
 * subscriptions, keys) stay UUIDs.
 */
import { randomFillSync } from 'node:crypto';

const IDS_PER_FILL = 256;
const pool = Buffer.allocUnsafeSlow(16 * IDS_PER_FILL);
let used = IDS_PER_FILL;

/** Byte b's two hex digits (character codes) at 2b and 2b + 1. */
const HEX = new Uint8Array(512);
for (let b = 0; b < 256; b++) {
  HEX[2 * b] = '0123456789abcdef'.charCodeAt(b >> 4);
  HEX[2 * b + 1] = '0123456789abcdef'.charCodeAt(b & 15);
}
/** The id's 32 character codes, reused: String.fromCharCode copies them into a new string. */
const codes: number[] = new Array<number>(32).fill(0);

export function requestId(): string {
  if (used === IDS_PER_FILL) {
    randomFillSync(pool);
    used = 0;
  }
  const from = 16 * used++;
  for (let i = 0; i < 16; i++) {
    const b = pool[from + i] as number;
    codes[2 * i] = HEX[2 * b] as number;
    codes[2 * i + 1] = HEX[2 * b + 1] as number;
  }
  // One flat string, built in one step (Buffer#toString('hex') costs a native call and a malloc).
  return String.fromCharCode.apply(null, codes);
}
