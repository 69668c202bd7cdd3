/**
 * CliBinding.errors `words`: the op's own message, with a field name it starts with said as that
 * field's flag (`sweep {"maxCyclesPerDay":13}: …` → `--sweep {"maxCyclesPerDay":13}: …`), and the
 * issues on that field named by the flag.
 */
import { SvcError } from '../domain/errors.js';
import type { FlagSpec } from './derive.js';

export function saidInOpWords(error: unknown, flags: readonly FlagSpec[]): unknown {
  if (!(error instanceof SvcError) || error.code !== 'validation_error') return error;
  const f = flags.find((fl) => !fl.field.startsWith('@') && error.message.startsWith(fl.field) && /^(\W|$)/.test(error.message.slice(fl.field.length)));
  if (!f) return error;
  return SvcError.validation(f.flag + error.message.slice(f.field.length), error.issues.map((i) => (i.path === f.field ? { ...i, path: f.flag } : i)));
}
