/** Worker thread entry of forecast-parallel.ts: fits the members of the day ranges it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { memberForecasts } from '../engines/forecast/index.js';
import type { MembersJob } from './forecast-parallel.js';

const { s, lear } = workerData as MembersJob;
parentPort?.on('message', ({ a, to }: { a: number; to: number }) => {
  const out = memberForecasts(s, a, to, lear);
  parentPort?.postMessage({ a, to, out }, [out.buffer as ArrayBuffer]);
});
