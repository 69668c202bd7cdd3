/**
 * Fits the forecasts GET /api/forecast serves and caches them in memory by the SHA-256 of the
 * history and the requested range (the operation also keeps them in the store, so a restart or
 * another instance reuses them: forecast.ts `storedFit`). The member fits, nearly all of the work,
 * run on the one pool of forecast-parallel.ts, so the request thread keeps serving; the
 * combination (a few ms a day) runs on it. Concurrent requests for the same key share one fit.
 */
import { createHash } from 'node:crypto';
import type { PriceBook } from '../../domain/prices.js';
import { fitForecastRange, type FitRequest, type FitResult } from './forecast-compute.js';
import { HISTORY_DAYS, MODEL_FINGERPRINT } from './forecast-model.js';
import { addDays, compareTradeDates } from '../../domain/dates.js';

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

/**
 * The cache key of a fit: the model, the range, and the hash of the days the fit reads — from
 * HISTORY_DAYS before its first forecast or metric day to its last day — so a history that differs
 * only after the range, or long before it, reuses the fit.
 */
export function fitKey(req: FitRequest): string {
  const first = addDays(compareTradeDates(req.metricsFrom, req.from) < 0 ? req.metricsFrom : req.from, -HISTORY_DAYS);
  const read: PriceBook = {};
  for (const [d, day] of Object.entries(req.book)) if (compareTradeDates(d, first) >= 0 && compareTradeDates(d, req.to) <= 0) read[d] = day;
  return `${MODEL_FINGERPRINT}|${bookHash(read)}|${req.from}|${req.to}|${req.metricsFrom}|${extraHash(req)}`;
}

/** The exogenous columns of a request ('off': none), hashed whole: they are derived from the same days of inputs. */
export function extraHash(req: Pick<FitRequest, 'extra' | 'exogenous'>): string {
  if (!req.extra) return 'off';
  const h = createHash('sha256').update(JSON.stringify({ names: req.extra.names, mode: req.exogenous?.mode ?? null }));
  for (const x of [...req.extra.hourly, ...req.extra.daily]) h.update(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
  return h.digest('hex').slice(0, 32);
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
