/**
 * The parts of the day report that differ on a forecast day (a date without prices yet): the
 * forecast bands with the caps instead of prices, the PnL distribution of both plans, the bids and
 * the words saying, in either language, that everything is planned on a forecast. Rendering only:
 * every figure comes from the plan-ahead operations.
 */
import { esc, hourLabel, num, pct, type Lang } from './format.js';
import { lineChart } from './charts.js';
import { section, table, type Figure } from './page.js';
import { words } from './i18n.js';
import type { PnlDistribution } from '../domain/plans.js';

export interface DayAhead {
  model: string;
  plannedOn: 'mean' | 'p50';
  hours: readonly { hour: number; p10: number; p50: number; p90: number; mean: number; minCap: number; maxCap: number | null }[];
  scenarioDays: number;
  skill: { days: number; maeUahMwh: number | null; rmaeVsNaive: number | null };
  /** The last day with prices the forecast was made from. */
  lastDataDay: string;
  spreadPnl: Pnl | null;
  bessPnl: Pnl | null;
  bids: readonly { plan: 'spread' | 'bess'; hour: number; side: 'buy' | 'sell'; volumeMwh: number; limitPriceUahMwh: number }[];
}
type Pnl = PnlDistribution;

const EN = {
  label: 'FORECAST DAY: no prices are published for this date yet. Every price, plan, PnL and check below is built on the price forecast, not on cleared prices.',
  title: 'Day report (forecast)',
  caption: 'Price forecast of the day: p10–p90 band, p50, the expected path the plans were chosen on, the regulator’s caps and the trades',
  expected: 'Expected price (planned on)', p10: 'p10', p90: 'p90',
  expectedPnl: (plan: string) => `${plan}: expected PnL on the forecast`, pnlAt: (plan: string, q: string) => `${plan}: PnL ${q}`, loss: (plan: string) => `${plan}: probability of a loss`,
  pnlNote: (n: number) => `PnL over ${n} whole-day scenarios drawn from the forecast's quantiles in the shape of recent days' errors, inside the caps; its p10–p90 calibrated on the realised PnL of the same plan on the recent days.`,
  noPnl: 'No scenario days behind this forecast (too little history): no PnL distribution.',
  model: (model: string, last: string, skill: string) => `Forecast: ${model}, made from the prices up to ${last}; recent skill: ${skill}.`,
  skill: (mae: string, rmae: string, days: number) => `MAE ${mae} UAH/MWh${rmae ? `, rMAE ${rmae} vs the naive` : ''} over the last ${days} days`, noSkill: 'no recent days scored',
  plannedOnP50: 'Too few scenario days: the plans were chosen on p50.',
  bids: 'Bids on the forecast (break-even limits)', plan: 'Plan', side: 'Side', limit: 'Limit',
  bidsNote: 'Limit: the break-even price of the hour given the rest of the schedule at the planned prices (buy at or below, sell at or above), inside the caps. A person approves and submits; svc never does.',
  noBids: 'No hour is scheduled: no bids.',
  forecastStatus: 'forecast',
};
type AheadWords = typeof EN;
const UK: AheadWords = {
  label: 'ПРОГНОЗНИЙ ДЕНЬ: ціни на цю дату ще не опубліковано. Усі ціни, плани, результати й перевірки нижче побудовано за прогнозом цін, а не за фактичними цінами.',
  title: 'Звіт за день (прогноз)',
  caption: 'Прогноз цін доби: смуга p10–p90, p50, очікувана траєкторія, за якою складено плани, граничні ціни регулятора та угоди',
  expected: 'Очікувана ціна (основа плану)', p10: 'p10', p90: 'p90',
  expectedPnl: (plan: string) => `${plan}: очікуваний результат за прогнозом`, pnlAt: (plan: string, q: string) => `${plan}: результат ${q}`, loss: (plan: string) => `${plan}: ймовірність збитку`,
  pnlNote: (n: number) => `Результат за ${n} сценаріями цілої доби з квантилів прогнозу у формі похибок останніх днів, у межах граничних цін; p10–p90 відкалібровано за фактичним результатом такого самого плану в останні дні.`,
  noPnl: 'За цим прогнозом немає днів-сценаріїв (замало історії): розподілу результату немає.',
  model: (model: string, last: string, skill: string) => `Прогноз: ${model}, за цінами до ${last}; нещодавня точність: ${skill}.`,
  skill: (mae: string, rmae: string, days: number) => `MAE ${mae} грн/МВт·год${rmae ? `, rMAE ${rmae} щодо наївного` : ''} за останні ${days} днів`, noSkill: 'немає оцінених днів',
  plannedOnP50: 'Замало днів-сценаріїв: плани складено за p50.',
  bids: 'Заявки за прогнозом (беззбиткові ліміти)', plan: 'План', side: 'Сторона', limit: 'Ліміт',
  bidsNote: 'Ліміт: беззбиткова ціна години за решти графіка за запланованими цінами (купівля за цією ціною або нижче, продаж — або вище), у межах граничних цін. Затверджує й подає людина; svc — ніколи.',
  noBids: 'Жодної години не заплановано: заявок немає.',
  forecastStatus: 'прогноз',
};
export const aheadWords = (lang: Lang): AheadWords => (lang === 'uk' ? UK : EN);

/** The forecast day's own headline figures, keyed by their path in strategy.planAhead / bess.planAhead. */
export function aheadFigures(a: DayAhead, lang: Lang): Figure[] {
  const W = words(lang);
  const A = aheadWords(lang);
  const money = (x: number) => `${num(x, lang)} ${W.uah}`;
  return (
    [
      ['strategy.planAhead', W.strategy, a.spreadPnl],
      ['bess.planAhead', W.battery, a.bessPnl],
    ] as const
  ).flatMap(([op, name, p]) => [
    { key: `${op}.pnl.expectedUah`, label: A.expectedPnl(name), value: p?.expectedUah ?? null, text: p ? money(p.expectedUah) : '—' },
    { key: `${op}.pnl.p10Uah`, label: A.pnlAt(name, 'p10'), value: p?.p10Uah ?? null, text: p ? money(p.p10Uah) : '—' },
    { key: `${op}.pnl.p90Uah`, label: A.pnlAt(name, 'p90'), value: p?.p90Uah ?? null, text: p ? money(p.p90Uah) : '—' },
    { key: `${op}.pnl.probabilityOfLoss`, label: A.loss(name), value: p?.probabilityOfLoss ?? null, text: p ? pct(p.probabilityOfLoss, lang) : '—' },
  ]);
}

/** The forecast bands with the caps, the expected path planned on and the trades' hours. */
export function aheadPricesChart(a: DayAhead, date: string, trades: { buys: ReadonlySet<number>; sells: ReadonlySet<number> }, lang: Lang): string {
  const W = words(lang);
  const A = aheadWords(lang);
  const price = (x: number | null) => num(x, lang, 2);
  return lineChart(
    'prices',
    a.hours.map((h) => ({
      label: hourLabel(h.hour),
      values: [h.p10, h.p90, h.p50, h.mean, h.maxCap, h.minCap, trades.buys.has(h.hour) ? h.mean : null, trades.sells.has(h.hour) ? h.mean : null],
      tip: `${date} ${hourLabel(h.hour)}, ${W.uahMwh}: p10 ${price(h.p10)}, p50 ${price(h.p50)}, p90 ${price(h.p90)}; ${A.expected} ${price(h.mean)}; ${W.maxCap} ${price(h.maxCap)}; ${W.minCap} ${price(h.minCap)}${trades.buys.has(h.hour) ? `; ${W.buy}` : ''}${trades.sells.has(h.hour) ? `; ${W.sell}` : ''}`,
    })),
    [
      { cls: 'l-band', name: A.p10 },
      { cls: 'l-band', name: A.p90 },
      { cls: 'l-p50', name: W.p50, kind: 'line' },
      { cls: 'l-strategy', name: A.expected, kind: 'line' },
      { cls: 'l-maxcap', name: W.maxCap, kind: 'step' },
      { cls: 'l-mincap', name: W.minCap, kind: 'step' },
      { cls: 'c-buy', name: W.buy, kind: 'dots' },
      { cls: 'c-sell', name: W.sell, kind: 'dots' },
    ],
    lang,
    { caption: A.caption, unitY: W.uahMwh, unitX: W.hourAxis, band: { lo: 0, hi: 1, cls: 'c-band', name: W.band }, xTicks: [0, 3, 6, 9, 12, 15, 18, 21, 23] },
  );
}

/** Notes under the headline: the forecast, its skill, the scenarios behind the PnL. */
export function aheadNotes(a: DayAhead, lang: Lang): string {
  const A = aheadWords(lang);
  const s = a.skill;
  const skill = s.maeUahMwh === null ? A.noSkill : A.skill(num(s.maeUahMwh, lang), s.rmaeVsNaive === null ? '' : num(s.rmaeVsNaive, lang, 2), s.days);
  const scenarios = a.bessPnl?.scenarios ?? a.spreadPnl?.scenarios ?? 0;
  return [A.model(a.model, a.lastDataDay, skill), scenarios ? A.pnlNote(scenarios) : A.noPnl, ...(a.plannedOn === 'p50' ? [A.plannedOnP50] : [])].map((t) => `<p class="note">${esc(t)}</p>`).join('');
}

/** The bid sheet of both plans. */
export function aheadBids(a: DayAhead, lang: Lang): string {
  const W = words(lang);
  const A = aheadWords(lang);
  const rows = a.bids.map((b) => [b.plan === 'spread' ? W.strategy : W.battery, hourLabel(b.hour), b.side === 'buy' ? W.buy : W.sell, { n: num(b.volumeMwh, lang, 3) }, { n: num(b.limitPriceUahMwh, lang, 2) }]);
  const body = rows.length ? table([A.plan, W.hourAxis, A.side, W.mwh, `${A.limit}, ${W.uahMwh}`], rows, 'bids') : `<p>${esc(A.noBids)}</p>`;
  return section(A.bids, body + `<p class="note">${esc(A.bidsNote)}</p>`);
}
