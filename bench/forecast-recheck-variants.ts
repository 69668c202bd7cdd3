/**
 * The variants of the combination's re-check on the shipped model (issue 28, 2026-12-07, fourth
 * session), shared by bench/forecast-recheck.bench.ts (OREE 2023 and 2024) and
 * bench/forecast-epf-recheck.bench.ts (the EPF test periods). The first is the shipped model.
 */
import { DEFAULT_FORECAST, type ForecastOptions } from '../src/engines/forecast/index.js';

const D = DEFAULT_FORECAST;
/** Each variant changes one knob of the shipped model. */
export const VARIANTS: { name: string; o: ForecastOptions }[] = [
  { name: 'shipped', o: D },
  { name: 'shrink 0.15', o: { ...D, shrink: 0.15 } },
  { name: 'shrink 0.2', o: { ...D, shrink: 0.2 } },
  { name: 'shrink 0.3', o: { ...D, shrink: 0.3 } },
  { name: 'shrink 0.35', o: { ...D, shrink: 0.35 } },
  { name: 'windows 7+14+28', o: { ...D, combineWindows: [7, 14, 28] } },
  { name: 'windows 14+21+28', o: { ...D, combineWindows: [14, 21, 28] } },
  { name: 'windows 21+28', o: { ...D, combineWindows: [21, 28] } },
  { name: 'one block of 24 hours', o: { ...D, hourBlocks: [Array.from({ length: 24 }, (_, h) => h)] } },
  { name: 'regime 28 days', o: { ...D, regime: { ...D.regime, days: 28 } } },
  { name: 'regime 56 days (shipped until 2026-12-07)', o: { ...D, regime: { ...D.regime, days: 56 } } },
  { name: 'regime 42 days', o: { ...D, regime: { ...D.regime, days: 42 } } },
  { name: 'regime 70 days', o: { ...D, regime: { ...D.regime, days: 70 } } },
  { name: 'regime 98 days', o: { ...D, regime: { ...D.regime, days: 98 } } },
  { name: 'regime 112 days', o: { ...D, regime: { ...D.regime, days: 112 } } },
  { name: 'regime 168 days', o: { ...D, regime: { ...D.regime, days: 168 } } },
];
