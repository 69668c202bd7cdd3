/** The forecast engine: LEAR ensemble, LAD combination with the naive prices, conformal bands, cap-hit risk, rolling evaluation. */
export { H, makeSeries, seriesFromPriceBook, dayNumber, tradeDateOf, monthOf, dayOfWeek, indexOf, naiveLag } from './series.js';
export type { CapBand, DailySeries, ExtraColumns, SeriesInput } from './series.js';
export { capBand } from './cap-breaks.js';
export { DEFAULT_LEAR, type KernelOptions, type LearMember, type LearOptions, type Transform } from './members.js';
export { describeMembers, memberName } from './member-names.js';
export { DEFAULT_LASSO, type LassoOptions } from './lasso.js';
export { DEFAULT_BANDS, QUANTILE_LEVELS, capTolerance, type BandOptions } from './bands.js';
export { eccScenarios, quantileAt, ranksOf } from './ecc.js';
export { ALL_HOURS, DEFAULT_FORECAST, capBreaks, rollingForecast, memberForecasts, combineRolling, fittedRange, canForecast, warmupDays } from './rolling.js';
export type { DayCaps, DayForecast, ForecastOptions, RollingRun } from './rolling.js';
export { score, monthly, dieboldMariano, isEvaluable, rmaeVsWeeklyNaiveInRange, pinballLoss, normalCdf, quantileCrpsWeights } from './metrics.js';
export type { PointScores, IntervalScores, MonthRow, ScoredDay, DieboldMariano } from './metrics.js';
export { capHitScores, type CapHitScore } from './capscore.js';
export { evaluateRolling, evaluateRun, type Evaluation } from './evaluate.js';
export { DEFAULT_EXOG, exogFeatures, exogColumns, exogColumnNames, exogGaps, cutoffOf, availableAt, holidayFlag, ukrainianHolidays, orthodoxEaster, MARTIAL_LAW_FROM } from './exogenous.js';
export type { ExogData, ExogOptions, ExogFeatures, ResUse, ExogGaps } from './exogenous.js';
export { fitReads, type FitReads, type DayRange } from './fit-inputs.js';
