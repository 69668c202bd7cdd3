/**
 * Fits the forecasts GET /api/forecast serves and caches them in memory by the SHA-256 of the
 * history and the requested range (the operation also keeps them in the store, so a restart or
 * another instance reuses them: forecast.ts `storedFit`). The member fits, nearly all of the work,
 * run on the one pool of forecast-parallel.ts, so the request thread keeps serving; the
 * combination (a few ms a day) runs on it. Concurrent requests for the same key share one fit.
 */
import { createHash } from 'node:crypto';
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

/** The cache key of a fit: the model, the history's hash and the range. */
export function fitKey(req: FitRequest): string {
  return `${MODEL_FINGERPRINT}|${bookHash(req.book)}|${req.from}|${req.to}|${req.metricsFrom}`;
}

export function fitCached(req: FitRequest): { key: string; result: Promise<FitResult>; cached: boolean } {
  const key = fitKey(req);
  const hit = cache.get(key);
  if (hit) return { key, result: hit, cached: true };
  const result = fitForecastRange(req);
  cache.set(key, result);
  result.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return { key, result, cached: false };
}
