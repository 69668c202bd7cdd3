/**
 * The store of the forecast's member fits between processes (docs/forecast.md, "Doors";
 * src/ops/forecast/forecast-member-cache.ts): where it lives, whether it is used, how large it may
 * grow. Part of SvcConfig (config.ts).
 */
import { z } from 'zod';
import { bool, int, optionalString } from './schema.js';

export const FIT_CACHE_ENV = {
  /** `false`: every forecast fits its days afresh, nothing is read or written. */
  SVC_FIT_CACHE: bool.default(true),
  /** Directory of the member fits; default `<SVC_DATA_DIR>/cache/forecast-members`. */
  SVC_FIT_CACHE_DIR: optionalString,
  /** Past this many MiB of fits the least recently used are deleted (to three quarters of it). */
  SVC_FIT_CACHE_MAX_MB: int(1, 1_000_000).default(64),
};

type FitCacheEnv = z.infer<z.ZodObject<typeof FIT_CACHE_ENV>>;

export interface FitCacheConfig {
  fitCache: {
    /** SVC_FIT_CACHE */
    enabled: boolean;
    /** SVC_FIT_CACHE_DIR; undefined: `<dataDir>/cache/forecast-members` (ops/forecast/forecast-member-cache.ts memberCacheOf). */
    dir: string | undefined;
    /** SVC_FIT_CACHE_MAX_MB in bytes. */
    maxBytes: number;
  };
}

export function fitCacheConfigOf(e: FitCacheEnv): FitCacheConfig {
  return { fitCache: { enabled: e.SVC_FIT_CACHE, dir: e.SVC_FIT_CACHE_DIR, maxBytes: e.SVC_FIT_CACHE_MAX_MB * 1024 * 1024 } };
}
