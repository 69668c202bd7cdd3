/** Worker thread entry of forecast-fit.ts: one fit, posted back, then exit. */
import { parentPort, workerData } from 'node:worker_threads';
import { fitForecastRange, type FitRequest } from './forecast-compute.js';

parentPort?.postMessage(await fitForecastRange(workerData as FitRequest));
