/** The Kyiv clock's settlement periods of a day, as the doors reach src/data (only through src/ops). */
export { kyivPeriodsInDay } from '../../data/dst.js';
