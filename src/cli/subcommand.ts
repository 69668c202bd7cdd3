/**
 * A derived subcommand under a command of its own (`forecast evaluate` under `forecast`): commander
 * hands a flag the command above takes to that command, wherever it stands on the line, so a flag
 * both take and given only there is read from there, and a flag the binding refuses (`notWith`) is
 * an error naming it.
 */
import type { Command } from 'commander';
import { SvcError } from '../domain/errors.js';
import type { NotWithBinding } from '../ops/types.js';
import { optionName } from './input-path.js';

export function withParentOpts(cmd: Command, opts: Record<string, unknown>, notWith: NotWithBinding | undefined): void {
  const above = cmd.parent;
  if (!above) return;
  const given = notWith?.flags.find((f) => above.getOptionValueSource(optionName(f)) === 'cli');
  if (notWith && given) throw SvcError.validation(notWith.says, [{ path: given, message: `not with ${cmd.name()}` }]);
  for (const o of cmd.options) {
    const key = o.attributeName();
    if (cmd.getOptionValueSource(key) !== 'cli' && above.getOptionValueSource(key) === 'cli') opts[key] = above.getOptionValue(key);
  }
}
