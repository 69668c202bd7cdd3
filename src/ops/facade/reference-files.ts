/** The reference files a command may name (price caps), as the doors reach src/data (only through src/ops); an EPF benchmark file is read by forecast.evaluate's book kind (ops/forecast/forecast-evaluate-epf.ts). */
export { loadCapsTable, DEFAULT_CAPS_PATH } from '../../data/caps.js';
