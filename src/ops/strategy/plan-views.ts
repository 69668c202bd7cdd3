/**
 * The CLI's views of one day's plans (`svc plan`, `svc bess`; the bindings in strategy.ts): a title,
 * the day's prices as a chart with the plan's hours marked, the pairs (or the hourly schedule) as
 * numbered rows and the totals under them. Plain data and pure functions of the output, drawn by
 * the one renderer (src/cli/render.ts).
 */
import { hourlyPrices } from '../../domain/hourly.js';
import type { PriceDay } from '../../domain/prices.js';
import type { BessPlan, TradingPlan } from '../../domain/plans.js';
import type { BessSettings } from '../../domain/settings.js';
import type { NoteText, TableColumn, TableView, ViewLine } from '../types.js';
import { PRICE_LABELS } from '../market/price-labels.js';
import type { z } from 'zod';

type Label = { en: string; uk: string };
interface DayOut<P> {
  tradeDate: string;
  plan: P;
}
interface DayIn<S> {
  prices: z.infer<typeof PriceDay>;
  settings: S;
}

const col = (key: string, en: string, uk: string, format?: TableColumn['format'], digits?: number): TableColumn => ({ key, label: { en, uk }, ...(format ? { format } : {}), ...(digits ? { digits } : {}) });
const DATE: TableColumn = { key: 'tradeDate', label: 'Date', table: false };
const word = (t: NoteText, l: Label): string => l[t.lang];
const W = {
  total: { en: 'Total', uk: 'Разом' },
  mwh: { en: 'MWh', uk: 'МВт·год' },
  uah: { en: 'UAH', uk: 'грн' },
  uahMwh: { en: 'UAH/MWh', uk: 'грн/МВт·год' },
  netPnl: { en: 'net PnL', uk: 'чистий результат' },
  avgSpread: { en: 'average net spread', uk: 'середній чистий спред' },
  netProfit: { en: 'net profit', uk: 'чистий прибуток' },
  equivalentCycles: { en: 'equivalent cycles', uk: 'еквівалентних циклів' },
  humanReview: { en: 'A plan for human review. svc never submits orders.', uk: 'План для перевірки людиною. svc ніколи не подає заявки.' },
} as const;

const dayPrices = (_o: unknown, input: DayIn<unknown>): number[] => hourlyPrices(input.prices);
const footer = (t: NoteText, totals: string): ViewLine[] => [`${t.bold(word(t, W.total))}: ${totals}`, { dim: word(t, W.humanReview) }];

export const spreadPlanView: TableView<DayOut<TradingPlan>, DayIn<unknown>> = {
  title: (o, t) => `${t.lang === 'uk' ? 'План спред-торгівлі' : 'Spread plan'} · ${o.tradeDate}`,
  chart: { values: dayPrices, pairs: (o) => o.plan.trades.map((x) => [x.buyHour, x.sellHour] as const), marks: ['B', 'S'], legend: { en: 'B = buy hour, S = sell hour', uk: 'B = година купівлі, S = година продажу' } },
  numbered: true,
  empty: { en: 'No trade clears the settings: no pair of hours has a net spread above the minimum.', uk: 'Жодна угода не проходить за налаштуваннями: немає пари годин зі спредом вище мінімального.' },
  rows: (o) => o.plan.trades.map((x) => ({ tradeDate: o.tradeDate, ...x })),
  columns: [
    DATE,
    col('buyHour', 'Buy', 'Купівля', 'hour'),
    col('sellHour', 'Sell', 'Продаж', 'hour'),
    col('buyPriceUahMwh', 'Buy, UAH/MWh', 'Купівля, грн/МВт·год', 'money'),
    col('sellPriceUahMwh', 'Sell, UAH/MWh', 'Продаж, грн/МВт·год', 'money'),
    col('netSpreadUah', 'Net spread, UAH/MWh', 'Чистий спред, грн/МВт·год', 'money'),
    col('volumeMwh', 'MWh', 'МВт·год', 'money', 3),
    col('pnlUah', 'PnL, UAH', 'Результат, грн', 'money'),
  ],
  after: (o, t) => {
    const p = o.plan;
    return footer(t, `${t.count(p.trades.length, 'trade')}, ${t.money(p.totalVolumeMwh, 3)} ${word(t, W.mwh)}, ${word(t, W.netPnl)} ${t.money(p.netPnlUah)} ${word(t, W.uah)}, ${word(t, W.avgSpread)} ${t.money(p.averageSpreadUah)} ${word(t, W.uahMwh)}`);
  },
};

const bessBase = {
  title: (o: DayOut<BessPlan>, t: NoteText) => `${t.lang === 'uk' ? 'План роботи УЗЕ' : 'Battery plan'} · ${o.tradeDate}`,
  chart: { values: dayPrices, pairs: (o: DayOut<BessPlan>) => o.plan.cycles.map((x) => [x.chargeHour, x.dischargeHour] as const), marks: ['C', 'D'] as const, legend: { en: 'C = charge hour, D = discharge hour', uk: 'C = заряд, D = розряд' } },
  numbered: true,
  empty: { en: 'No cycle pays: no charge/discharge pair beats losses and wear.', uk: 'Жоден цикл не окупається: немає пари заряд/розряд, що перекриває втрати і знос.' },
  after: (o: DayOut<BessPlan>, t: NoteText, input: DayIn<z.infer<typeof BessSettings>>) => {
    const p = o.plan;
    const mwh = word(t, W.mwh);
    return footer(t, `${word(t, W.netProfit)} ${t.money(p.netProfitUah)} ${word(t, W.uah)}, ${t.money(p.chargedMwh, 3)} ${mwh} → ${t.money(p.dischargedMwh, 3)} ${mwh}, ${t.money(p.equivalentCycles, 3)} ${word(t, W.equivalentCycles)} (E = ${input.settings.capacityMwh} ${mwh})`);
  },
};

/** `svc bess`: charge→discharge pairs. */
export const bessCyclesView: TableView<DayOut<BessPlan>, DayIn<z.infer<typeof BessSettings>>> = {
  ...bessBase,
  rows: (o) => o.plan.cycles.map((x) => ({ tradeDate: o.tradeDate, ...x })),
  columns: [
    DATE,
    col('chargeHour', 'Charge', 'Заряд', 'hour'),
    col('dischargeHour', 'Discharge', 'Розряд', 'hour'),
    col('chargeMwh', 'Charged, MWh', 'Заряджено, МВт·год', 'money', 3),
    col('dischargeMwh', 'Discharged, MWh', 'Віддано, МВт·год', 'money', 3),
    col('chargePriceUahMwh', 'Charge, UAH/MWh', 'Заряд, грн/МВт·год', 'money'),
    col('dischargePriceUahMwh', 'Discharge, UAH/MWh', 'Розряд, грн/МВт·год', 'money'),
    col('grossSpreadUahMwh', 'Gross spread, UAH/MWh', 'Валовий спред, грн/МВт·год', 'money'),
    col('profitUah', 'Profit, UAH', 'Прибуток, грн', 'money'),
  ],
};

/** `svc bess --view schedule`: one row per hour (SoC at the end of the hour), the totals unchanged. */
export const bessScheduleView: TableView<DayOut<BessPlan>, DayIn<z.infer<typeof BessSettings>>> & { input: { schedule: true } } = {
  ...bessBase,
  input: { schedule: true },
  rows: (o) => (o.plan.schedule ?? []).map((h) => ({ tradeDate: o.tradeDate, ...h })),
  columns: [
    DATE,
    { key: 'hour', label: PRICE_LABELS.hour, format: 'hour' },
    { key: 'priceUahMwh', label: PRICE_LABELS.price, format: 'money' },
    col('chargeMw', 'Charge, MW', 'Заряд, МВт', 'money', 3),
    col('dischargeMw', 'Discharge, MW', 'Розряд, МВт', 'money', 3),
    col('socMwh', 'SoC at end, MWh', 'Заряд на кінець, МВт·год', 'money', 3),
    col('profitUah', 'Profit, UAH', 'Прибуток, грн', 'money'),
  ],
};
