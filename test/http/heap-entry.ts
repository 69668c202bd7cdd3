/**
 * Child-process entry for heap.test.ts (run with --allow-natives-syntax --expose-gc): one object
 * literal site whose objects all survive young collections, which V8 then decides to pretenure;
 * prints how many of 1,000 fresh objects from that site were allocated in the old generation.
 * `tuned` as the argument: tuneServerHeap() first, as `svc serve` does.
 */
import { tuneServerHeap } from '../../src/http/heap.js';

if (process.argv[2] === 'tuned') tuneServerHeap([]);
// The natives syntax is not TypeScript: read through the Function constructor, parsed by V8 at run time.
const inYoung = new Function('o', 'return %InYoungGeneration(o)') as (o: object) => boolean;
const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
const row = (hour: number) => ({ hour, priceUahMwh: hour * 2 });
let kept: object[] | null = [];
for (let round = 0; round < 20; round++) {
  for (let i = 0; i < 20_000; i++) kept.push(row(i));
  gc({ type: 'minor' });
}
kept = null;
let old = 0;
for (let i = 0; i < 1_000; i++) if (!inYoung(row(i))) old += 1;
process.stdout.write(`${old}\n`);
