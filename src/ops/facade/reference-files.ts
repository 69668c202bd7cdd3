/** The reference files a command may name (price caps, EPF tables), as the doors reach src/data (only through src/ops). */
export { loadCapsTable, DEFAULT_CAPS_PATH } from '../../data/caps.js';
export { readEpfMarket, readEpfReference } from '../../data/epf.js';
