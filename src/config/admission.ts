/**
 * Admission control of heavy work (docs/security.md, "Admission control"; src/http/admission.ts):
 * how many heavy requests run at once in this process, how many one caller may have running or
 * waiting, how many may wait. Part of SvcConfig (config.ts).
 */
import { z } from 'zod';
import { int } from './schema.js';

export const ADMISSION_ENV = {
  /** Heavy requests running at once in this process (each spreads its fits over the forecast pool's threads). */
  SVC_HEAVY_CONCURRENCY: int(1, 1_000).default(2),
  /** Heavy requests one caller (key, signed-in user, or address) may have running or waiting; past it 429. */
  SVC_HEAVY_PER_CALLER: int(1, 1_000).default(2),
  /** Heavy requests that may wait for a slot; past it 503. A waiting request gives up at its deadline. */
  SVC_HEAVY_QUEUE: int(0, 100_000).default(16),
};

type AdmissionEnv = z.infer<z.ZodObject<typeof ADMISSION_ENV>>;

export interface AdmissionConfig {
  admission: {
    /** SVC_HEAVY_CONCURRENCY */
    concurrency: number;
    /** SVC_HEAVY_PER_CALLER */
    perCaller: number;
    /** SVC_HEAVY_QUEUE */
    queue: number;
  };
}

export function admissionConfigOf(e: AdmissionEnv): AdmissionConfig {
  return { admission: { concurrency: e.SVC_HEAVY_CONCURRENCY, perCaller: e.SVC_HEAVY_PER_CALLER, queue: e.SVC_HEAVY_QUEUE } };
}
