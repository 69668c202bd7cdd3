/** The interconnection borders, as the doors reach src/providers (only through src/ops). */
export { BORDERS } from '../../providers/tsoplatform/eic.js';
