/**
 * The checks' explanations in Ukrainian (`locale: 'uk'`): every variant of every check says its
 * finding in Ukrainian, with the same figures as the English one, in uk-UA's number format.
 */
import { describe, expect, it } from 'vitest';
import type { RiskCheck, RiskCheckId } from '../../src/domain/plans.js';
import { parseRiskConfig, type RiskCaps, type RiskInput } from '../../src/engines/risk.js';
import { flatWith } from './backtest-fixture.js';
import { baseInput, check, plannedInput, run } from './risk-helpers.js';

const NBSP = '\u00a0';
/** Latin words a Ukrainian explanation may hold: codes, field names, units of the metric, and what the test itself put in. */
const ALLOWED = ['dataProvenanceUnavailableReason', 'not-supplied', 'dataCoverage', 'svc', 'rMAE', 'LEAR', 'mktop', 'unknown', 'fixture', 'test', 'RX', 'R4', 'feed'];
/** No English left once the allowed tokens are taken out. */
function expectUkrainian(detail: string): void {
  let rest = detail;
  for (const word of ALLOWED) rest = rest.split(word).join('');
  expect(rest, detail).not.toMatch(/[A-Za-z]{2,}/);
  expect(detail).toMatch(/[а-яіїєґ]{3,}/i);
}
const both = (input: RiskInput, id: RiskCheckId, config = parseRiskConfig({})): { en: RiskCheck; uk: RiskCheck } => ({
  en: check(run(input, config), id),
  uk: check(run({ ...input, locale: 'uk' }, config), id),
});
/** The same verdict and value in both languages; only the words differ. */
function sameVerdict({ en, uk }: { en: RiskCheck; uk: RiskCheck }): void {
  expect({ ...uk, detail: '' }).toEqual({ ...en, detail: '' });
  expect(uk.detail).not.toBe(en.detail);
  expectUkrainian(uk.detail ?? '');
}

const caps: RiskCaps = {
  regime: 'R4',
  decision: 'NEURC Resolution 949',
  minByHour: new Array<number | null>(24).fill(10),
  maxByHour: new Array<number | null>(24).fill(4000),
};

describe('risk explanations in Ukrainian', () => {
  it('dataSource: no label, a stated label, a review with every reason, a forecast', () => {
    const none = both(baseInput({ sourceLabel: 'unknown', supplied: { fee: true, degradation: true, sourceLabel: false } }), 'dataSource');
    sameVerdict(none);
    expect(none.uk.detail).toContain('Мітку джерела не передано');
    sameVerdict(both(baseInput({ sourceLabel: 'mktop' }), 'dataSource'));
    const review = both(baseInput({ sourceLabel: 'test fixture', isFallbackData: true }), 'dataSource');
    sameVerdict(review);
    expect(review.uk).toMatchObject({ status: 'review' });
    expect(review.uk.detail).toContain('запит позначає ціни як резервні дані; мітка джерела містить «fixture», «test»');
    const forecast = both(baseInput({ forecast: { model: 'LEAR', rmaeVsNaive: 0.8412, days: 56 } }), 'dataSource');
    sameVerdict(forecast);
    expect(forecast.uk.detail).toContain('rMAE 0,84 щодо наївного прогнозу за останні 56 днів');
    expect(both(baseInput({ forecast: { model: 'LEAR', rmaeVsNaive: null, days: 21 } }), 'dataSource').uk.detail).toContain('останнім часом не оцінювалася');
  });

  it('dataCoverage: a whole day, and a day with hours missing, twice and invalid', () => {
    sameVerdict(both(baseInput(), 'dataCoverage'));
    const holes = both(baseInput({ prices: flatWith(1000, { 3: Number.NaN, 7: -5 }), coverage: { missingHours: [3], duplicateHours: [5] } }), 'dataCoverage');
    sameVerdict(holes);
    expect(holes.uk.detail).toContain('21 з 24 годин мають рівно одну коректну ціну (87,5 %): бракує: год. 3; подано двічі: год. 5; не скінченна ціна ≥ 0: год. 7');
  });

  it('priceAnomaly: none, above the cap (the decision named in Ukrainian), outliers, a flat day, no caps known', () => {
    sameVerdict(both(plannedInput(flatWith(2000, { 5: 2300 }), { caps }), 'priceAnomaly'));
    const above = both(baseInput({ prices: flatWith(2000, { 2: 4500 }), caps }), 'priceAnomaly');
    sameVerdict(above);
    expect(above.uk.detail).toContain(`Год. 2: 4${NBSP}500, вище максимальної граничної ціни 4${NBSP}000 грн/МВт·год (постанова НКРЕКП № 949, режим R4)`);
    const spikes = both(baseInput({ prices: [...new Array<number>(22).fill(1000), 5000, 5000] }), 'priceAnomaly');
    sameVerdict(spikes);
    expect(spikes.uk.detail).toContain('Год. 22, 23: ціна відстоїть більш ніж на');
    expect(spikes.uk.detail).toContain('Граничні ціни регулятора для цієї дати й ринку невідомі');
    const flat = both(baseInput({ prices: flatWith(1000) }), 'priceAnomaly');
    sameVerdict(flat);
    expect(flat.uk.detail).toContain('Доба пласка: ціни змінюються лише на 0 грн/МВт·год');
  });

  it('tradeConcentration: no profit, one trade by choice, review and pass, with the trade count in its form', () => {
    sameVerdict(both(baseInput(), 'tradeConcentration'));
    const day = [...new Array<number>(12).fill(1000), ...new Array<number>(12).fill(3000)];
    const one = both(plannedInput(day, { strategySettings: { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 1, feeUahPerMwh: 0 } }), 'tradeConcentration');
    sameVerdict(one);
    expect(one.uk.detail).toContain('плану з 1 угоди; налаштування дозволяють одну угоду на добу');
    const strict = parseRiskConfig({ tradeConcentration: { reviewShareAtOrAbove: 0.05 } });
    const review = both(plannedInput(day), 'tradeConcentration', strict);
    sameVerdict(review);
    expect(review.uk).toMatchObject({ status: 'review' });
    expect(review.uk.detail).toContain('плану з 12 угод — не менше порогу перевірки 5 %');
    sameVerdict(both(plannedInput(day), 'tradeConcentration'));
  });

  it('cashExposure, bessCycles and humanApproval', () => {
    const day = [...new Array<number>(12).fill(1000), ...new Array<number>(12).fill(3000)];
    const cash = both(plannedInput(day), 'cashExposure', parseRiskConfig({ cashExposure: { reviewAboveUah: 1000, blockAboveUah: 5000 } }));
    sameVerdict(cash);
    expect(cash.uk.detail).toContain(`потребують 13${NBSP}111,11 грн, понад ліміт блокування (перевірка понад 1${NBSP}000,00 грн, блокування понад 5${NBSP}000,00 грн)`);
    const cycles = both(plannedInput(day), 'bessCycles');
    sameVerdict(cycles);
    expect(cycles.uk.detail).toContain('План УЗЕ використовує 1 еквівалентний повний цикл — у межах ліміту 1 на добу');
    const broken = both(baseInput({ bessPlan: { cycles: [], netProfitUah: 0, chargedMwh: 0, dischargedMwh: 0, equivalentCycles: 2.5 } }), 'bessCycles');
    sameVerdict(broken);
    expect(broken.uk.detail).toContain('2,5 еквівалентного повного циклу за ліміту 1 на добу');
    sameVerdict(both(baseInput(), 'humanApproval'));
  });
});
