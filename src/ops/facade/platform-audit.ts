/** Recording an audit event on the platform's API, as the doors reach src/data (only through src/ops). */
export { writeAuditToPlatform } from '../../data/platform-audit.js';
