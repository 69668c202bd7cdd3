/** The task of forecast-parallel.ts's pool (tinypool): the member fits of one chunk of days. */
import { memberForecasts } from '../../engines/forecast/index.js';
import type { MembersTask } from './forecast-parallel.js';

export default function fitMembers({ s, lear, a, to }: MembersTask): Float64Array {
  return memberForecasts(s, a, to, lear);
}
