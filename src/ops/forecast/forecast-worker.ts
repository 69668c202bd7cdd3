/**
 * The forecast's tasks on the shared pool (src/ops/pool.ts, sent by forecast-parallel.ts): the
 * member fits of one chunk of days, and the combination phase of a run (weights, bands, cap-hit
 * probabilities) with the caps of its days given as data (a function cannot cross to a thread).
 */
import { combineRolling, memberForecasts, type RollingRun } from '../../engines/forecast/index.js';
import type { CombineTask, MembersTask } from './forecast-parallel.js';

export function members({ s, lear, a, to }: MembersTask): Float64Array {
  return memberForecasts(s, a, to, lear);
}

export function combine({ s, from, to, members, options, caps }: CombineTask): RollingRun {
  return combineRolling(s, from, to, members, options, (t) => caps[t] ?? null);
}
