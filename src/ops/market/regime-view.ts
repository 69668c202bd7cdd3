/**
 * `svc regime`'s table view: the regime, its facts, the inputs' table and the disclaimer, in the
 * CLI's two table languages (`--lang`); the inputs' names and the JSON's codes stay as the op says
 * them (regime.ts computes, this file only words what it computed).
 */
import type { RegimeResponse } from '../../domain/tsoplatform.js';
import type { DocView } from '../types.js';

type Input = RegimeResponse['inputs'][number];

/**
 * Where an input came from, in words: `live`, `fresh cached copy`, `stale cached copy` or `shipped
 * fixture data`. The table's Source column and the stderr line say it so (source and status in one:
 * a fixture's status is always `fixture` and a live read's `fresh`, so two columns repeated each other).
 */
export const inputFrom = (i: Pick<Input, 'source' | 'status'>): string =>
  i.source === 'fixture' ? 'shipped fixture data' : i.source === 'live' ? 'live' : `${i.status} cached copy`;

/** The words of the view in each table language. */
const REGIME_WORDS = {
  en: {
    regime: 'Regime', regimeName: (r: string) => r.toUpperCase(), score: 'score', basis: 'basis UA–EU', eurMwh: 'EUR/MWh', level: (l: string) => l, vs: 'vs',
    netPosition: 'net position', noFlows: 'missing: no flow data for the day (see the warning)', mw: 'MW', direction: (d: string) => d, incomplete: 'incomplete',
    rate: 'official rate', uahEur: 'UAH/EUR', thresholds: 'thresholds',
    rule: (basis: number, imp: number) => `scarce ≥ 1 ≥ balanced ≥ -1 ≥ surplus; basis/${basis} + import/${imp}`,
    input: 'Input', date: 'Date', source: 'Source', from: inputFrom,
  },
  uk: {
    regime: 'Режим', regimeName: (r: string) => `${({ scarce: 'ДЕФІЦИТ', balanced: 'БАЛАНС', surplus: 'ПРОФІЦИТ' } as Record<string, string>)[r] ?? r.toUpperCase()} (${r})`, score: 'оцінка',
    basis: 'базис UA–EU', eurMwh: 'EUR/МВт·год', level: (l: string) => ({ high: 'високий', neutral: 'нейтральний', low: 'низький' } as Record<string, string>)[l] ?? l, vs: 'щодо',
    netPosition: 'нетто-позиція', noFlows: 'немає: за день немає даних про перетоки (див. попередження)', mw: 'МВт',
    direction: (d: string) => ({ import: 'імпорт', export: 'експорт', balanced: 'баланс' } as Record<string, string>)[d] ?? d, incomplete: 'неповні',
    rate: 'офіційний курс', uahEur: 'грн/EUR', thresholds: 'пороги',
    rule: (basis: number, imp: number) => `дефіцит ≥ 1 ≥ баланс ≥ -1 ≥ профіцит; базис/${basis} + імпорт/${imp}`,
    input: 'Вхідні дані', date: 'Дата', source: 'Джерело',
    from: (i: Pick<Input, 'source' | 'status'>) => (i.source === 'fixture' ? 'вбудовані дані svc' : i.source === 'live' ? 'наживо' : i.status === 'fresh' ? 'свіжа копія з кешу' : 'застаріла копія з кешу'),
    disclaimer: 'Сигнал поточного стану, виведений з опублікованих перетоків і цін; не прогноз і не торгова інструкція. Показано лише похідний базис; первинні ціни бірж не поширюються.',
  },
} as const;

export const regimeView: DocView<RegimeResponse, unknown> = {
  blocks: (r, t) => {
    const w = REGIME_WORDS[t.lang];
    const n = (v: number, digits: number) => t.money(v, digits);
    const colour = r.regime === 'scarce' ? 'red' : r.regime === 'surplus' ? 'green' : 'yellow';
    const lacking = r.missing.filter((m) => m.name.startsWith('flows ')).map((m) => m.name.slice('flows '.length));
    return [
      `${t.bold(w.regime)} ${r.date}: ${t.paint(colour, w.regimeName(r.regime))} (${w.score} ${n(r.score, 2)})`,
      {
        facts: [
          [w.basis, `${n(r.basis.valueEurMwh, 2)} ${w.eurMwh} (${w.level(r.basis.level)}; ${w.vs} ${r.basis.neighbours.join(', ')})`],
          // Why it is missing is the stderr warning `regime input cross-border flows missing: …` (remarks), one line, not this cell.
          [w.netPosition, r.flow.netImportMw === null ? w.noFlows : `${n(r.flow.netImportMw, 0)} ${w.mw} (${r.flow.direction === null ? '' : w.direction(r.flow.direction)}${lacking.length > 0 ? `; ${w.incomplete}: ${lacking.join(', ')}` : ''})`],
          [w.rate, `${n(r.rate.uahPerEur, 4)} ${w.uahEur} (${r.rate.rateDate}, ${r.rate.source})`],
          [w.thresholds, w.rule(r.thresholds.basisScaleEurMwh, r.thresholds.importScaleMw)],
        ],
      },
      { table: { head: [w.input, w.date, w.source], rows: r.inputs.map((i) => [i.name, i.date, w.from(i)]) } },
      t.lang === 'uk' ? REGIME_WORDS.uk.disclaimer : r.disclaimer,
    ];
  },
  csv: { rows: (r) => [{ date: r.date, regime: r.regime, score: r.score, basisEurMwh: r.basis.valueEurMwh, basisLevel: r.basis.level, netImportMw: r.flow.netImportMw, flowDirection: r.flow.direction }] },
};
