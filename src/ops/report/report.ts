/** The report operations: one self-contained HTML page per backtest, forecast evaluation or day (src/report renders them). */
export { reportBacktest } from './report-backtest.js';
export { reportForecast } from './report-forecast.js';
export { reportDay } from './report-day.js';
