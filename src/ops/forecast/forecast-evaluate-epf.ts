/**
 * An EPF benchmark file as forecast.evaluate's input (the `svc forecast evaluate` book kind,
 * forecast-evaluate-view.ts): its prices and exogenous columns as the series, its published
 * LEAR-Ens and DNN-Ens forecasts (forecasts/Forecasts_<MKT>_DNN_LEAR_ensembles.csv beside it, or
 * --reference) as the references, and its 728-day test period as the default range.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SvcError } from '../../domain/errors.js';
import { readEpfMarket, readEpfReference } from '../../data/epf.js';
import type { BookKindReader } from '../types.js';

export const readEpfBook: BookKindReader = async (file, values, input) => {
  const m = await readEpfMarket(file);
  const given = typeof values.reference === 'string' ? values.reference : undefined;
  const refPath = given ?? join(dirname(file), 'forecasts', `Forecasts_${basename(file, '.csv')}_DNN_LEAR_ensembles.csv`);
  const reference: { name: string; dates: string[]; values: number[][] }[] = [];
  if (existsSync(refPath)) {
    const r = await readEpfReference(refPath);
    reference.push({ name: 'LEAR-Ens (published)', dates: r.dates, values: r.lear.map((v) => Array.from(v)) }, { name: 'DNN-Ens (published)', dates: r.dates, values: r.dnn.map((v) => Array.from(v)) });
  } else if (given) throw SvcError.validation(`--reference: no such file ${refPath}`, [{ path: '--reference', message: 'not found' }]);
  if (input.exogenous !== undefined && input.exogenous !== 'off') throw SvcError.validation('--exog: the exogenous inputs are Ukrainian series, for OREE books (an EPF file brings its own columns)', [{ path: '--exog', message: 'not for EPF files' }]);
  const series = { dates: m.dates, prices: m.prices.map((v) => Array.from(v)), exog: m.exog.map((x) => x.map((v) => Array.from(v))) };
  return { series, reference, defaultDays: 728 };
};
