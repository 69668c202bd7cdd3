/**
 * One V8 setting for a server process: allocation-site pretenuring off.
 *
 * V8 watches the objects each allocation site (an object or array literal in optimised code)
 * makes; when most of a site's objects survive a young-generation collection, it decides the site
 * makes long-lived objects and from then on allocates them straight in the old generation. The
 * decision is never taken back: objects made there carry no more feedback.
 *
 * A server makes the wrong decision on a busy minute. Measured on `svc serve` (docs/benchmarks.md,
 * "V8's pretenuring in the server"): within the first 1,000 plan requests the parser's site of the
 * 24 price rows was decided long-lived, and every request after it put ≈ 1 kB of rows that die at
 * once in the old generation: ≈ 10,000 page faults per 40,000 requests (fresh old-space pages), a
 * full collection every ≈ 70,000, and 11–16 % more CPU per request than with the setting off.
 * A server's long-lived state is built at start and in caches, which the old generation gets by
 * surviving two young collections anyway; a forecast's year of recalibration ran no slower.
 *
 * V8 flags are process-wide and read as V8 runs, so this is called once, by `svc serve`, before the
 * server is built. A process started with either form of the flag on its command line
 * (`node --allocation-site-pretenuring …`) keeps it: the operator's choice wins.
 */
import { setFlagsFromString } from 'node:v8';

/** Turns pretenuring off unless the command line set it; true when it did. */
export function tuneServerHeap(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => arg.replace(/_/g, '-').includes('allocation-site-pretenuring'))) return false;
  setFlagsFromString('--no-allocation-site-pretenuring');
  return true;
}
