/** backtest.summary's tasks on the shared pool (src/ops/pool.ts, sent by backtest.ts): see backtest-run.ts. */
import { backtestOnActual, settleOnForecasts, type ActualTask, type SettleTask } from './backtest-run.js';

export const actual = (t: ActualTask): ReturnType<typeof backtestOnActual> => backtestOnActual(t);
export const settle = (t: SettleTask): ReturnType<typeof settleOnForecasts> => settleOnForecasts(t);
