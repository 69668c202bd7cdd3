/**
 * The series the reports draw that no other operation returns: each derived from an operation's
 * output (or the prices it was given) here, so the rendering floor (src/report) computes no figure.
 */
import { addDays, compareTradeDates } from '../../domain/dates.js';
import { hourlyPrices, type PriceBook } from '../../domain/prices.js';
import { H, indexOf, isEvaluable, naiveLag, seriesFromPriceBook } from '../../engines/forecast/index.js';

/** Cumulative combined PnL day by day, and its distance below the running peak (≤ 0; the start counts as a peak of 0). */
export function equitySeries(daily: readonly { tradeDate: string; combinedPnlUah: number }[]): { date: string; equityUah: number; drawdownUah: number }[] {
  const days = [...daily].sort((a, b) => compareTradeDates(a.tradeDate, b.tradeDate));
  let equity = 0;
  let peak = 0;
  return days.map((d) => {
    equity += d.combinedPnlUah;
    peak = Math.max(peak, equity);
    return { date: d.tradeDate, equityUah: equity, drawdownUah: equity - peak };
  });
}

/** Every calendar day of from..to with its 24 prices, or a column of nulls where the book has none. */
export function heatMatrix(book: PriceBook, from: string, to: string): { dates: string[]; prices: (number | null)[][] } {
  const dates: string[] = [];
  const prices: (number | null)[][] = [];
  for (let d = from; compareTradeDates(d, to) <= 0; d = addDays(d, 1)) {
    dates.push(d);
    const day = book[d];
    prices.push(day ? hourlyPrices(day) : Array.from({ length: H }, () => null));
  }
  return { dates, prices };
}

/** Grid energy per hour and the state of charge at the end of each hour, from a plan's charge→discharge pairs (stored energy = dischargeMwh). */
export function socSchedule(cycles: readonly { chargeHour: number; dischargeHour: number; chargeMwh: number; dischargeMwh: number }[]): { hour: number; chargeMwh: number; dischargeMwh: number; socMwh: number }[] {
  const rows = Array.from({ length: H }, (_, hour) => ({ hour, chargeMwh: 0, dischargeMwh: 0, socMwh: 0, stored: 0 }));
  for (const c of cycles) {
    const ch = rows[c.chargeHour];
    const dis = rows[c.dischargeHour];
    if (ch) {
      ch.chargeMwh += c.chargeMwh;
      ch.stored += c.dischargeMwh;
    }
    if (dis) dis.dischargeMwh += c.dischargeMwh;
  }
  let soc = 0;
  return rows.map(({ stored, ...r }) => {
    soc += stored - r.dischargeMwh;
    return { ...r, socMwh: Math.abs(soc) < 1e-9 ? 0 : soc };
  });
}

/**
 * Mean absolute error by hour of day of the model's p50 and of the naive forecast (d-1; d-7 on
 * Monday, Saturday and Sunday: the evaluation's own naive), over the scored days only.
 */
export function errorsByHour(book: PriceBook, hours: readonly { date: string; hour: number; actual: number | null; p50: number }[], unscored: ReadonlySet<string>): { hour: number; modelMae: number | null; naiveMae: number | null }[] {
  const s = seriesFromPriceBook(book);
  const model = new Array<number>(H).fill(0);
  const naive = new Array<number>(H).fill(0);
  const n = new Array<number>(H).fill(0);
  for (const p of hours) {
    if (p.actual === null || unscored.has(p.date)) continue;
    const t = indexOf(s, p.date);
    if (t < 0 || t >= s.nDays || !isEvaluable(s, t)) continue;
    const lag = naiveLag(s, t);
    model[p.hour] = (model[p.hour] as number) + Math.abs(p.actual - p.p50);
    naive[p.hour] = (naive[p.hour] as number) + Math.abs(p.actual - (s.price[(t - lag) * H + p.hour] as number));
    n[p.hour] = (n[p.hour] as number) + 1;
  }
  return Array.from({ length: H }, (_, hour) => {
    const k = n[hour] as number;
    return { hour, modelMae: k ? (model[hour] as number) / k : null, naiveMae: k ? (naive[hour] as number) / k : null };
  });
}

/** The naive's MAE from the model's MAE and their ratio (rMAE = MAE / MAE(naive)). */
export function naiveMae(mae: number | undefined, rmae: number | undefined): number | null {
  return mae !== undefined && rmae !== undefined && rmae > 0 ? mae / rmae : null;
}
