/**
 * `--sweep name=v1,v2,...` read into the axes of the backtest.sweep operation (src/ops/strategy/backtest-sweep.ts),
 * which runs every combination.
 */
import { SvcError } from '../domain/errors.js';
import type { BoundedKey } from '../domain/bounds.js';
import { SETTINGS_FIELDS } from '../domain/settings-fields.js';

/** One `--sweep` flag: a settings field and the values to try. */
export interface SweepAxis {
  name: BoundedKey;
  values: number[];
}

export function parseSweep(specs: string[]): SweepAxis[] {
  const axes: SweepAxis[] = [];
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const name = eq > 0 ? spec.slice(0, eq).trim() : '';
    const field = SETTINGS_FIELDS.find((f) => f.key === name);
    if (!field) {
      throw SvcError.validation(`--sweep "${spec}": expected name=v1,v2,... with a settings field name (${SETTINGS_FIELDS.map((f) => f.key).join(', ')})`, [{ path: '--sweep', message: 'unknown settings field' }]);
    }
    if (axes.some((a) => a.name === name)) throw SvcError.validation(`--sweep: ${name} given twice`, [{ path: '--sweep', message: 'duplicate field' }]);
    const raw = spec.slice(eq + 1).split(',').map((v) => v.trim());
    const values = raw.map(Number);
    if (raw.length === 0 || raw.some((v) => v === '') || values.some((v) => !Number.isFinite(v))) {
      throw SvcError.validation(`--sweep ${name}: values must be numbers separated by commas, got "${spec.slice(eq + 1)}"`, [{ path: '--sweep', message: 'non-numeric value' }]);
    }
    axes.push({ name: field.key, values });
  }
  return axes;
}
