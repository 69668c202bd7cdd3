/** Writing a price book as JSON, long CSV or wide CSV, as the doors reach src/data (only through src/ops). */
export { writePriceBookJson, writeLongCsv, writeWideCsv } from '../../data/write.js';
