import { describe, expect, it } from 'vitest';
import { cli } from './in-process.js';

/** The names under "Commands:" in a --help text (commander lists one per line, two spaces in). */
function commandNames(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1]?.split(/^\S/m)[0] ?? '';
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1] as string).filter((name) => name !== 'help');
}

describe('svc <command> --help', () => {
  it('every top-level command shows examples', async () => {
    const root = await cli(['--help']);
    expect(root.exitCode).toBe(0);
    const names = commandNames(root.stdout);
    // The listing is read, not assumed: the commands a user meets first are all there.
    for (const name of ['prices', 'plan', 'bess', 'backtest', 'brief', 'serve', 'op']) expect(names).toContain(name);
    const missing: string[] = [];
    for (const name of names) {
      const r = await cli([name, '--help']);
      expect(r.exitCode, name).toBe(0);
      if (!/^Examples?:\n {2}\$ \S/m.test(r.stdout)) missing.push(name);
    }
    expect(missing).toEqual([]);
  }, 60_000);
});
