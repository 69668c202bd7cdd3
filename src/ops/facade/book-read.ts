/** Reading a price-book file, as the doors reach src/data (only through src/ops: eslint.config.js). */
export { loadPriceBook } from '../../data/load.js';
export { formatWarnings, type DstDayRows, type InvalidDay } from '../../data/parse.js';
