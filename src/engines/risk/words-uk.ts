/**
 * The checks' explanations in Ukrainian (words.ts has the English and the contract). Numbers as
 * uk-UA writes them (1 234,5), hours as «год. 3, 4», units грн and грн/МВт·год. Text that comes
 * from data (a fallback reason, the caps table's decision beyond its number) is quoted as given.
 */
import { upperFirst } from '../../domain/text.js';
import type { CapBreach } from './types.js';
import type { CoverageProblems, RiskWords, SourceReason } from './words.js';

let number: Intl.NumberFormat | undefined;
let money: Intl.NumberFormat | undefined;
let plural: Intl.PluralRules | undefined;
/** Built on first use: an English report never pays for the Ukrainian formatters. */
const n = (value: number): string => (number ??= new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 2 })).format(value);
const m = (value: number): string => (money ??= new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value);
const pct = (share: number): string => `${n(share * 100)} %`;

type Forms = { one: string; few: string; many: string; other: string };
/** The noun's form for n (1 угода, 2 угоди, 5 угод, 1,5 угоди). */
const form = (count: number, forms: Forms): string => forms[(plural ??= new Intl.PluralRules('uk')).select(count) as keyof Forms] ?? forms.other;
const TRADE: Forms = { one: 'угоди', few: 'угод', many: 'угод', other: 'угоди' }; // genitive: «з 1 угоди», «з 5 угод»
const DAY: Forms = { one: 'день', few: 'дні', many: 'днів', other: 'дня' };
const CYCLE: Forms = { one: 'еквівалентний повний цикл', few: 'еквівалентні повні цикли', many: 'еквівалентних повних циклів', other: 'еквівалентного повного циклу' };
const POINT: Forms = { one: 'точка', few: 'точки', many: 'точок', other: 'точки' };

const hours = (list: readonly number[]): string => `год. ${list.join(', ')}`;
const breach = (b: CapBreach): string =>
  `год. ${b.hour}: ${n(b.priceUahMwh)}, ${b.bound === 'max' ? 'вище максимальної граничної ціни' : 'нижче мінімальної граничної ціни'} ${n(b.limitUahMwh)}`;
const noCaps = (caps: string | null): string => (caps === null ? ' Граничні ціни регулятора для цієї дати й ринку невідомі, тож ціни з ними не порівнювалися.' : '');
const largestOf = (largest: number, share: number, positive: number, trades: number): string =>
  `Найбільша угода дає ${m(largest)} грн, ${pct(share)} від ${m(positive)} грн плану з ${trades} ${form(trades, TRADE)}`;

const reasonUk = (r: SourceReason): string =>
  r.kind === 'fallback'
    ? r.reason
      ? `ціни — резервні дані: ${r.reason}`
      : 'запит позначає ціни як резервні дані'
    : r.kind === 'emptyLabel'
      ? 'мітка джерела порожня'
      : `мітка джерела містить ${r.words.map((w) => `«${w}»`).join(', ')}`;

const problemsUk = (p: CoverageProblems): string => {
  const said: string[] = [];
  if (p.missing.length > 0) said.push(`бракує: ${hours(p.missing)}`);
  if (p.duplicate.length > 0) said.push(`подано двічі: ${hours(p.duplicate)}`);
  if (p.invalid.length > 0) said.push(`не скінченна ціна ≥ 0: ${hours(p.invalid)}`);
  if (p.extraPoints > 0) said.push(`${p.extraPoints} ${form(p.extraPoints, POINT)} після години 23`);
  return said.join('; ');
};

export const RISK_WORDS_UK: RiskWords = {
  source: {
    forecast: (tradeDate, model, rmae, days) =>
      `Прогнозні ціни на ${tradeDate}, а не ціни торгів: очікувана траєкторія моделі ${model} (${rmae === null ? 'останнім часом не оцінювалася' : `rMAE ${n(rmae)} щодо наївного прогнозу за останні ${days} ${form(days, DAY)}`}). Розрахунків за ними не ведіть; звірте з опублікованими цінами.`,
    review: (reasons, tradeDate) =>
      `Потрібна перевірка: ${reasons.map(reasonUk).join('; ')}. Перш ніж діяти за планом, переконайтеся, що це опубліковані оператором ринку ціни РДН на ${tradeDate}.`,
    notSupplied: (label) => `Мітку джерела не передано, тож джерело вказано як «${label}». Перевірку пройдено; dataProvenanceUnavailableReason має значення not-supplied, щоб це було видно.`,
    labelled: (label) => `Ціни з джерела «${label}»; воно не позначене як резервне, зразкове чи тестове.`,
  },
  coverage: {
    complete: (valid, share, forecast) =>
      `${valid} з 24 годин мають рівно одну коректну ціну (${pct(share)}); доба повна${forecast ? ' (як прогноз: кожну годину спрогнозовано, торгів ще не було)' : ''}.`,
    incomplete: (valid, share, p, reviewShare, blockShare) =>
      `${valid} з 24 годин мають рівно одну коректну ціну (${pct(share)}): ${problemsUk(p)}. Правило: перевірка нижче ${pct(reviewShare)}, блокування нижче ${pct(blockShare)}. План на неповній добі може поєднати години, для яких немає справжньої ціни.`,
  },
  anomaly: {
    confirmed: (breaches, caps) => `${breaches.map(breach).join('; ')} грн/МВт·год (${caps}); ціна РДН не може скластися поза цими межами, тож дані хибні`,
    unconfirmed: (breaches, caps) =>
      `${breaches.map(breach).join('; ')} грн/МВт·год — ${breaches.length === 1 ? 'межа, яку' : 'межі, які'} ця таблиця виводить для цієї дати (${caps}), ` +
      'але не підтверджує; таблиця може бути застарілою, тож звірте з чинним рішенням регулятора, перш ніж вважати ціни хибними',
    outliers: (list, threshold, median, reviewAt, blockAt) =>
      `${hours(list)}: ціна відстоїть більш ніж на ${n(threshold)} грн/МВт·год від медіани доби ${n(median)} грн/МВт·год (перевірка від ${reviewAt}, блокування від ${blockAt} таких годин)`,
    flat: (range, below) => `доба пласка: ціни змінюються лише на ${n(range)} грн/МВт·год (перевірка нижче ${n(below)} грн/МВт·год), як буває із застарілим чи тестовим потоком даних`,
    noValid: () => 'Немає жодної коректної ціни для перевірки (див. dataCoverage).',
    none: (threshold, median, caps) =>
      `Аномалій немає: кожна ціна${caps === null ? '' : ` в межах граничних цін регулятора (${caps}),`} відстоїть від медіани доби ${n(median)} грн/МВт·год не більш ніж на ${n(threshold)} грн/МВт·год, і доба не пласка.${noCaps(caps)}`,
    found: (findings, caps) => `${upperFirst(findings.join('; '))}.${noCaps(caps)}`,
    capsName: (decision, regime) => {
      // The table's decisions are written in English: their number is said in Ukrainian, a remark after it as given.
      const named = decision?.replace(/^NEURC Resolution (\d+)/, 'постанова НКРЕКП № $1').replace(/^NEURC urgent decision/, 'термінове рішення НКРЕКП');
      const parts = [named, regime === undefined ? undefined : `режим ${regime}`].filter((p): p is string => p !== undefined && p !== '');
      return parts.length > 0 ? parts.join(', ') : 'граничні ціни регулятора';
    },
  },
  concentration: {
    noProfit: () => 'У плані спредів немає прибуткової угоди, тож прибуток не тримається на одній угоді.',
    byChoice: (largest, share, positive, trades) => `${largestOf(largest, share, positive, trades)}; налаштування дозволяють одну угоду на добу, тож ця концентрація — свідомий вибір.`,
    review: (largest, share, positive, trades, threshold) =>
      `${largestOf(largest, share, positive, trades)} — не менше порогу перевірки ${pct(threshold)}: одна хибно оцінена пара годин забрала б більшу частину результату доби.`,
    pass: (largest, share, positive, trades, threshold) => `${largestOf(largest, share, positive, trades)} — нижче порогу перевірки ${pct(threshold)}.`,
  },
  cash: (cash, status, reviewAbove, blockAbove) =>
    `Купівлі доби (купівлі спредів разом із комісією на купівлю, заряджання УЗЕ) потребують ${m(cash)} грн, ${status === 'pass' ? 'у межах лімітів' : status === 'review' ? 'понад ліміт перевірки' : 'понад ліміт блокування'} (перевірка понад ${m(reviewAbove)} грн, блокування понад ${m(blockAbove)} грн).`,
  cycles: (cycles, limit, ok) =>
    ok
      ? `План УЗЕ використовує ${n(cycles)} ${form(cycles, CYCLE)} — у межах ліміту ${limit} на добу.`
      : `План УЗЕ використовує ${n(cycles)} ${form(cycles, CYCLE)} за ліміту ${limit} на добу: план порушує налаштування батареї, ним не можна користуватися.`,
  approval: () => 'Перш ніж подати будь-яку заявку, план має затвердити людина; svc лише готує плани й ніколи не подає заявок, тож цей крок обов’язковий завжди.',
};
