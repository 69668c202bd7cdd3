/**
 * Fits the forecasts GET /api/forecast serves, off the request thread, and caches them in memory
 * by the SHA-256 of the history and the requested range (the operation also keeps them in the
 * store, so a restart or another instance reuses them: forecast.ts `storedFit`). The fit runs in a worker thread (forecast-worker.js) so the
 * request thread keeps serving; where the worker file is absent (the TypeScript sources under
 * test), it runs inline. Concurrent requests for the same key share one fit.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PriceBook } from '../domain/prices.js';
import { fitForecastRange, type FitRequest, type FitResult } from './forecast-compute.js';
import { MODEL_FINGERPRINT } from './forecast-model.js';

const cache = new Map<string, Promise<FitResult>>();
const MAX_ENTRIES = 64;

export function bookHash(book: PriceBook): string {
  const h = createHash('sha256');
  for (const d of Object.keys(book).sort()) {
    h.update(d);
    for (const p of book[d] ?? []) h.update(`${p.hour}:${p.priceUahMwh};`);
  }
  return h.digest('hex');
}

function inWorker(req: FitRequest): Promise<FitResult> | null {
  const url = new URL('./forecast-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: req });
    worker.once('message', (m: FitResult) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`forecast worker exited with code ${code}`));
    });
  });
}

/** The cache key of a fit: the model, the history's hash and the range. */
export function fitKey(req: FitRequest): string {
  return `${MODEL_FINGERPRINT}|${bookHash(req.book)}|${req.from}|${req.to}|${req.metricsFrom}`;
}

export function fitCached(req: FitRequest): { key: string; result: Promise<FitResult>; cached: boolean } {
  const key = fitKey(req);
  const hit = cache.get(key);
  if (hit) return { key, result: hit, cached: true };
  const result = inWorker(req) ?? fitForecastRange(req);
  cache.set(key, result);
  result.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return { key, result, cached: false };
}
