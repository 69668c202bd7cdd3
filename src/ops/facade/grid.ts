/** The interconnection borders, as the doors reach src/providers (only through src/ops), and the one rule of when the platform is asked. */
export { BORDERS } from '../../providers/tsoplatform/eic.js';
export { platformOff } from '../grid/tsoplatform-shared.js';
