/** Canonical JSON (the provenance hash of a tool's inputs), as the doors reach src/engines (only through src/ops). */
export { canonicalJson } from '../../engines/canonical-json.js';
