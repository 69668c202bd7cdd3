/**
 * A list of `{ name, values }` given as repeatable `name=v1,v2,...` flags (`--sweep
 * capacityMwh=1,2,4 --sweep powerMw=0.5,1`: the axes of backtest.sweep, every combination run).
 * The names an axis may take come from the op's schema (derive.ts; `noun`: what a name is, e.g.
 * `settings field`), the values are numbers.
 */
import { SvcError } from '../domain/errors.js';
import type { FlagSpec } from './derive.js';
import { optionName } from './input-path.js';

/** One axis: an input name and the values to try. */
export interface Axis {
  name: string;
  values: number[];
}

export function parseAxes(specs: readonly string[], f: FlagSpec): Axis[] {
  const names = f.names ?? [];
  const axes: Axis[] = [];
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const name = eq > 0 ? spec.slice(0, eq).trim() : '';
    if (!names.includes(name)) {
      const noun = f.noun ?? 'field';
      throw SvcError.validation(`${f.flag} "${spec}": expected name=v1,v2,... with a ${noun} name (${names.join(', ')})`, [{ path: f.flag, message: `unknown ${noun}` }]);
    }
    if (axes.some((a) => a.name === name)) throw SvcError.validation(`${f.flag}: ${name} given twice`, [{ path: f.flag, message: 'duplicate field' }]);
    const raw = spec.slice(eq + 1).split(',').map((v) => v.trim());
    const values = raw.map(Number);
    if (raw.some((v) => v === '') || values.some((v) => !Number.isFinite(v))) {
      throw SvcError.validation(`${f.flag} ${name}: values must be numbers separated by commas, got "${spec.slice(eq + 1)}"`, [{ path: f.flag, message: 'non-numeric value' }]);
    }
    axes.push({ name, values });
  }
  return axes;
}

/**
 * An axis over a field that its own flag sets too (`--sweep capacityMwh=1,2 --capacity 3`) is
 * refused (exit 2), never one of the two silently dropped: the sweep would set every value itself.
 */
export function refuseFlaggedAxes(axes: readonly Axis[], f: FlagSpec, opts: Record<string, unknown>, fieldFlags: readonly { readonly key: string; readonly flag: string }[]): void {
  for (const axis of axes) {
    const own = fieldFlags.find((s) => s.key === axis.name);
    if (own === undefined || opts[optionName(own.flag)] === undefined) continue;
    throw SvcError.validation(
      `${own.flag} conflicts with ${f.flag} ${axis.name}: the sweep sets ${axis.name} to each of ${axis.values.join(', ')}; drop ${own.flag}, or put its value in the sweep`,
      [{ path: own.flag, message: `conflicts with ${f.flag} ${axis.name}` }],
    );
  }
}
