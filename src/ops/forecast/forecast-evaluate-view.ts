/**
 * `svc forecast evaluate <book>` (forecast.evaluate's cli binding, under `svc forecast`): an OREE
 * price book (any format svc reads; DAM caps apply) or an EPF benchmark file (`YYYY-MM-DD
 * HH:MM:SS,price,x1,x2`, told apart by its second line; read by forecast-evaluate-epf.ts), whose
 * published LEAR-Ens / DNN-Ens forecasts, found beside it or named by --reference, are scored over
 * the same days. The table: the scores beside the published ones, Diebold–Mariano, cap-hit, the
 * exogenous inputs and the months; CSV the months; JSON the output with its source; on stderr, the
 * part of the asked range not scored (under the tables in the table format).
 */
import type { z } from 'zod';
import type { Block, CliBinding, DocView, Remark } from '../types.js';
import type { ForecastEvaluateRequest, ForecastEvaluateResponse } from './forecast-evaluate-contract.js';

type Out = z.infer<typeof ForecastEvaluateResponse>;
type In = z.input<typeof ForecastEvaluateRequest>;

/** A figure to `d` decimals: as it always printed in English (1234.56), grouped with a decimal comma in Ukrainian (1 234,56). */
type Fmt = (v: unknown, d?: number) => string;
const f: Fmt = (v, d = 3) => (typeof v === 'number' ? v.toFixed(d) : '—');
const fmtFor = (t: { lang: 'en' | 'uk'; money(v: number, d?: number): string }): Fmt => (t.lang === 'en' ? f : (v, d = 3) => (typeof v === 'number' ? t.money(v, d) : '—'));
const CSV_COLUMNS = ['month', 'sampleDays', 'mae', 'rmse', 'smape', 'rmaeVsNaive', 'rmaeVsWeeklyNaive', 'coverage', 'pinball', 'pinballQuantiles', 'crps'];
const right = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

/** The view's words in the CLI's two table languages (`--lang`); metric names (MAE, rMAE, CRPS, Diebold–Mariano…) and the series' codes stay as they are. */
const WORDS = {
  en: {
    svc: 'svc LEAR ensemble', unit: ', UAH/MWh', model: 'Model', days: 'Days', month: 'Month', vsNaive: 'rMAE vs naive', vsWeekly: 'rMAE vs weekly', coverage: 'Coverage p10–p90',
    title: (from: string, to: string, days: string) => `forecast evaluation · ${from} – ${to} · ${days} days scored`,
    fileUnit: "MAE, RMSE, pinball and CRPS are in the file's price unit.",
    dm: (stat: string, p: string, days: string) => `Diebold–Mariano vs the standard naive: statistic ${stat}, one-sided p ${p} over ${days} days`,
    capHit: (bound: string, brier: string, clim: string) => `cap-hit (${bound}): Brier ${brier} vs climatology ${clim}`,
    noSkill: (hours: string) => `no skill score: none of the ${hours} hours was at the cap`,
    skill: (skill: string, events: string, hours: string) => ` (skill ${skill}), ${events} of ${hours} hours at the cap`,
    exogNone: (mode: string) => `exogenous inputs: none (--exog ${mode}): prices only`,
    exogFallback: (requested: string, why: string) => `exogenous inputs: none, prices only (--exog ${requested} asked; ${why}); the series as read:`,
    exogUsed: (mode: string) => `exogenous inputs (--exog ${mode}), as available at 11:00 Kyiv on D-1:`,
    exogHead: ['series', 'columns', 'a forecast of D reads', 'source', 'book', 'fixture', 'cache', 'live', 'missing'],
    exogNote: 'book … missing: for how many days of the book each series came from each source, or was missing (the calendar is computed, not read)',
    inRange: (parts: string) => `rMAE vs weekly as the EPF papers print it (the naive from the scored days' own prices, none in their first week): ${parts}`,
  },
  uk: {
    svc: 'Ансамбль LEAR svc', unit: ', грн/МВт·год', model: 'Модель', days: 'Днів', month: 'Місяць', vsNaive: 'rMAE до наївного', vsWeekly: 'rMAE до тижневого', coverage: 'Покриття p10–p90',
    title: (from: string, to: string, days: string) => `оцінка прогнозу · ${from} – ${to} · оцінено днів: ${days}`,
    fileUnit: 'MAE, RMSE, pinball і CRPS — в одиницях ціни файлу.',
    dm: (stat: string, p: string, days: string) => `Діболд–Маріано щодо стандартного наївного: статистика ${stat}, однобічне p ${p}, днів: ${days}`,
    capHit: (bound: string, brier: string, clim: string) => `досягнення граничної ціни (${bound}): Brier ${brier} проти кліматології ${clim}`,
    noSkill: (hours: string) => `оцінки точності немає: жодна з ${hours} год. не була на граничній ціні`,
    skill: (skill: string, events: string, hours: string) => ` (skill ${skill}), на граничній ціні ${events} з ${hours} год.`,
    exogNone: (mode: string) => `зовнішні чинники: немає (--exog ${mode}): лише ціни`,
    exogFallback: (requested: string, why: string) => `зовнішні чинники: немає, лише ціни (запитано --exog ${requested}; ${why}); ряди, як їх прочитано:`,
    exogUsed: (mode: string) => `зовнішні чинники (--exog ${mode}), як їх знали о 11:00 за Києвом у день D-1:`,
    exogHead: ['ряд', 'стовпці', 'прогноз на D читає', 'джерело', 'книга', 'вбудовані', 'кеш', 'наживо', 'бракує'],
    exogNote: 'книга … бракує: скільки днів книги кожен ряд узято з кожного джерела або бракувало (календар обчислюється, а не читається)',
    inRange: (parts: string) => `rMAE до тижневого, як у статтях EPF (наївний з цін самих оцінених днів, без першого тижня): ${parts}`,
  },
} as const;
type Words = (typeof WORDS)['en' | 'uk'];

function scoreRow(name: string, s: Record<string, number>, f: Fmt): string[] {
  return [name, f(s.sampleDays, 0), f(s.mae, 2), f(s.rmse, 2), f(s.smape, 2), f(s.rmaeVsNaive), f(s.rmaeVsWeeklyNaive), f(s.coverage), f(s.pinball, 2), f(s.pinballQuantiles, 2), f(s.crps, 2)];
}

/** Which exogenous series every forecast of the run used, and from which source (fixture, cache, live, the book). */
function exogBlocks(exog: Out['exogenous'], w: Words): Block[] {
  if (exog.series.length === 0) return [w.exogNone(exog.mode)];
  const head = exog.fallback ? w.exogFallback(exog.requested, exog.fallback) : w.exogUsed(exog.mode);
  const rows = exog.series.map((r) => [r.series, r.columns.join(', '), r.availability, r.provider, String(r.days.book), String(r.days.fixture), String(r.days.cache), String(r.days.live), String(r.days.missing)]);
  return [head, { table: { head: [...w.exogHead], right: [4, 5, 6, 7, 8], rows } }, { dim: w.exogNote }];
}

function capHitLines(r: Out, w: Words, f: Fmt): string[] {
  return r.capHit.flatMap((ch) => {
    if (typeof ch.hours !== 'number' || ch.hours === 0) return [];
    const scores = w.capHit(String(ch.bound), f(ch.brier, 4), f(ch.brierClimatology, 4));
    if (ch.skill === null) return [`${scores}; ${w.noSkill(f(ch.hours, 0))}`];
    return [`${scores}${w.skill(f(ch.skill), f(ch.events, 0), f(ch.hours, 0))}`];
  });
}

const evaluateView: DocView<Out, In> = {
  blocks(r, t, input, door) {
    const m = r.metrics;
    const dm = r.dieboldMarianoVsNaive;
    const w = WORDS[t.lang];
    const f = fmtFor(t);
    // The errors are in the book's price unit: UAH/MWh for an OREE book; an EPF file's own (said under the table).
    const u = input.priceBook ? w.unit : '';
    const head = [w.model, w.days, `MAE${u}`, `RMSE${u}`, 'sMAPE, %', w.vsNaive, w.vsWeekly, w.coverage, `Pinball${u}`, `Pinball p05–p95${u}`, `CRPS${u}`];
    const wrapAt = head.map((h, i) => (i === 0 ? undefined : Math.max(9, ...h.split(' ').map((x) => x.length))));
    const months = r.monthly.map((x) => [String(x.month), f(x.sampleDays, 0), f(x.mae, 2), f(x.rmaeVsNaive), f(x.rmaeVsWeeklyNaive), f(x.coverage), f(x.crps, 2)]);
    return [
      t.bold(w.title(r.from, r.to, f(m.sampleDays, 0))) + t.dim(` · ${door.source ?? ''} · ${r.seconds.toFixed(1)} s`),
      { table: { head, maxWidths: wrapAt, right: right(10), rows: [scoreRow(w.svc, m, f), ...r.reference.map((x) => scoreRow(x.name, x.metrics, f))] } },
      ...(u ? [] : [{ dim: w.fileUnit }]),
      w.dm(f(dm.statistic, 2), typeof dm.pValue === 'number' ? dm.pValue.toExponential(2) : '—', f(dm.days, 0)),
      // Beside published forecasts (an EPF file), the figures as their papers print them (a range of over a week).
      ...(r.reference.length && m.rmaeVsWeeklyNaiveInRange !== undefined ? [w.inRange([{ name: w.svc as string, metrics: m }, ...r.reference].map((x) => `${x.name} ${f(x.metrics.rmaeVsWeeklyNaiveInRange, 4)}`).join(' · '))] : []),
      ...capHitLines(r, w, f),
      '',
      ...exogBlocks(r.exogenous, w),
      '',
      { table: { head: [w.month, w.days, `MAE${u}`, w.vsNaive, w.vsWeekly, w.coverage, `CRPS${u}`], right: right(6), rows: months } },
    ];
  },
  csv: { rows: (r) => [{ month: 'all', ...r.metrics }, ...r.monthly], columns: CSV_COLUMNS },
};

const REASON = { no_prices: 'no prices: a gap or a clock-change day', no_real_d1: 'd-1 has no real prices', no_real_d7: 'd-7 has no real prices' } as const;

/** The part of the asked range that was not scored, and why. */
function leftOut(r: Out, input: In): Remark[] {
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  const list = (xs: string[]) => `${xs.slice(0, 6).join(', ')}${xs.length > 6 ? ` … (${xs.length})` : ''}`;
  const said: string[] = [];
  if (input.from && input.from !== r.from) said.push(`--from ${input.from}: the series starts later; scored from ${r.from}`);
  if (input.to && input.to !== r.to) said.push(`--to ${input.to}: the last day with prices is ${r.to}; scored to it`);
  if (r.skippedDays.length) said.push(`${days(r.skippedDays.length)} had too little history to forecast: ${list(r.skippedDays)}`);
  for (const reason of Object.keys(REASON) as (keyof typeof REASON)[]) {
    const dates = r.unscoredDays.filter((d) => d.reason === reason).map((d) => d.date);
    if (dates.length) said.push(`${days(dates.length)} forecast but not scored (${REASON[reason]}): ${list(dates)}`);
  }
  return said.map((warn) => ({ warn }));
}

export const forecastEvaluateCli: CliBinding<Out, In> = {
  command: ['forecast', 'evaluate'],
  description: 'rolling-origin evaluation: recalibrated daily on data strictly before each day; rMAE vs naive, coverage, pinball, DM test',
  book: {
    into: 'priceBook',
    shape: 'book',
    arg: { name: 'book', help: 'OREE price book, or an EPF benchmark CSV (its published forecasts are compared in the same run)' },
    kinds: [
      {
        test: (head) => /^\d{4}-\d{2}-\d{2} \d{2}:00:00,/.test(head.split(/\r?\n/)[1] ?? ''),
        flags: { reference: { flag: '--reference', value: 'forecasts.csv', help: 'EPF: the published forecasts file (default: forecasts/Forecasts_<MKT>_DNN_LEAR_ensembles.csv beside the book)' } },
        read: async () => (await import('./forecast-evaluate-epf.js')).readEpfBook,
      },
    ],
  },
  flags: { series: false, damCaps: false, reference: false, defaultDays: false, daily: false, from: { date: true }, to: { date: true }, exogenous: { flag: '--exog', value: 'mode', verbatim: true } },
  flagHelp: {
    from: 'first forecast day (default: 365 days before the end; EPF: the 728-day test period)',
    to: 'last forecast day (default: the last day of the book)',
    exogenous:
      'OREE: exogenous inputs as of 11:00 Kyiv on D-1: off, base (EU base, NBU rate, caps, calendar), lagged (+ solar/wind metered hours), projected (+ the RES projection for D: optimistic); default: base on OREE books (what svc forecast serves), off on EPF files',
  },
  // The op's own words for a range it cannot score (`from 01.01.2025 is after the last day with prices …`), as before.
  errors: 'op',
  flagErrors: { exogenous: { says: 'expected one of off, base, lagged, projected', issue: 'unknown mode' } },
  order: ['from', 'to', '@daily', '@reference', 'exogenous'],
  notWith: { flags: ['--date', '--month'], says: 'forecast evaluate: give the days to score with --from and --to (--date and --month belong to svc forecast)' },
  sideFiles: [
    {
      flag: { flag: '--daily', value: 'out.csv', help: 'write every hour: date, hour, actual, p10, p50, p90, naiveWeight' },
      early: true,
      input: { daily: true },
      rows: (r) => (r.daily ?? []).map((x) => ({ ...x, actual: x.actual ?? '' })),
      columns: ['date', 'hour', 'actual', 'p10', 'p50', 'p90', 'naiveWeight'],
      says: (r, path) => `wrote ${r.daily?.length ?? 0} hourly rows to ${path}`,
    },
  ],
  progress: () => 'forecasting',
  json: (r, _input, door) => {
    const { daily: _daily, ...body } = r;
    return { source: door.source, ...body };
  },
  remarks: leftOut,
  remarksUnder: true,
  view: evaluateView,
  examples: ['svc forecast evaluate fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 07.12.2024', 'svc forecast evaluate fixtures/epf-np-2013-01-03.csv --from 01.03.2013 --to 04.03.2013 --daily daily.csv'],
};
