/** Market-data codecs: price books (CSV, operator exports, JSON), clock-change days, price caps. */
export { parsePriceBook, formatWarnings } from './price-book.js';
export type { ParsePriceBookOptions, PriceBookReadResult, PriceBookFormat, DstPolicy } from './price-book.js';
export { loadPriceBook, decodeText } from './load.js';
export type { LoadPriceBookOptions } from './load.js';
export { writePriceBookJson, writeLongCsv, writeWideCsv } from './write.js';
export { isKyivDstTransitionDay, kyivDstTransition, kyivDstTransitionDays, kyivPeriodsInDay, lastSundayOfMonth } from './dst.js';
export type { DstTransition } from './dst.js';
export { DEFAULT_CAPS_PATH, loadCapsTable, loadCapsTableSync, parseCapsTable } from './caps.js';
export type { CapBound, CapMarket, CapRow, CapRule, CapsTable, PriceCaps } from './caps.js';
