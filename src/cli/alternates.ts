/**
 * One command over several operations (CliBinding.alternate): an op whose binding names one of its
 * input fields as its flag is run, instead of the op the command is, when that flag is given
 * (`svc backtest --sweep …` runs backtest.sweep). The command shows the alternates' own flags and
 * examples after its own; a flag of the command the alternate does not take is an error when its
 * binding lists it as a conflict.
 */
import { SvcError } from '../domain/errors.js';
import type { CommandSpec } from './derive.js';
import { optionName } from './input-path.js';

type Opts = Record<string, unknown>;
const sameCommand = (a: CommandSpec, b: CommandSpec): boolean => a.command.join(' ') === b.command.join(' ');

export interface CommandEntry {
  /** What the command shows: its flags and examples, then its alternates'. */
  shown: CommandSpec;
  /** What runs when no alternate's flag is given. */
  spec: CommandSpec;
  alternates: CommandSpec[];
}

/** The specs as commands: each alternate under the command at its path (an alternate without one stands alone). */
export function commandEntries(specs: readonly CommandSpec[]): CommandEntry[] {
  const mains = specs.filter((s) => !s.alternate || !specs.some((m) => !m.alternate && sameCommand(m, s)));
  return mains.map((spec) => {
    const alternates = spec.alternate ? [] : specs.filter((s) => s.alternate && sameCommand(s, spec));
    if (alternates.length === 0) return { shown: spec, spec, alternates };
    const flags = [...spec.flags];
    for (const a of alternates) for (const f of a.flags) if (!flags.some((g) => g.flag === f.flag)) flags.push(f);
    return { shown: { ...spec, flags, examples: [...spec.examples, ...alternates.flatMap((a) => a.examples)] }, spec, alternates };
  });
}

/** The spec that runs: the alternate whose flag is given (its conflicts checked), else the command's own. */
export function chosenSpec(entry: CommandEntry, opts: Opts): CommandSpec {
  for (const alt of entry.alternates) {
    const by = alt.flags.find((f) => f.field === alt.alternate?.field);
    if (!by || opts[optionName(by.flag)] === undefined) continue;
    for (const c of alt.alternate?.conflicts ?? []) {
      const given = opts[optionName(c.flag)];
      if (given === undefined || (c.value !== undefined && given !== c.value)) continue;
      const what = c.value === undefined ? c.flag : `${c.flag} ${c.value}`;
      throw SvcError.validation(`${what} cannot be combined with ${by.flag}: ${c.reason}`, [{ path: c.flag, message: `not with ${by.flag}` }]);
    }
    return alt;
  }
  return entry.spec;
}
