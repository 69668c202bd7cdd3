/**
 * README's command table: a bracketed flag with a number (`[--volume 1]`) shows the flag's default,
 * as the table's note says, so each one is held to what `--help` says the default is. The bess line
 * once read `[--min-soc 10 --max-soc 90 --lot 0.1 --initial-soc 0.2 …]`, examples shown as if they
 * were defaults (they are 0 / 100 / 0 / the SoC floor, and --initial-soc is MWh).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

/** Every `svc …` usage of the Commands table with the `[--flag number-or-list]` pairs it shows. */
function usages(): { words: string[]; flag: string; value: string; line: string }[] {
  const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('\n## ', readme.indexOf('## Commands') + 5));
  const out: { words: string[]; flag: string; value: string; line: string }[] = [];
  for (const line of table.split('\n').filter((l) => l.startsWith('| `svc '))) {
    const usage = (line.split('` | ')[0] ?? '').slice(2);
    for (const part of usage.split(/`? \/ `?(?=svc )/)) {
      const words = (/^`?svc ((?:[a-z]+ ?)+)/.exec(part)?.[1] ?? '').trim().split(' ');
      for (const m of part.matchAll(/\[(--[a-z-]+) ([0-9][0-9.,]*)\]/g)) out.push({ words, flag: m[1] as string, value: m[2] as string, line: part });
    }
  }
  return out;
}

describe('README command table', () => {
  it('a bracketed flag with a number shows the default --help gives for it', async () => {
    const { program } = await buildProgram(undefined, ['node', 'svc', '--help']);
    const find = (words: string[]): Command | undefined => words.reduce<Command | undefined>((c, w) => c?.commands.find((s) => s.name() === w) ?? (c === program ? undefined : c), program);
    const found = usages();
    expect(found.length).toBeGreaterThan(10);
    expect(found.map((u) => u.flag)).toEqual(expect.arrayContaining(['--min-soc', '--max-soc', '--lot', '--capacity', '--volume']));
    for (const u of found) {
      const option = find(u.words)?.options.find((o) => o.long === u.flag);
      expect(option, `${u.words.join(' ')} ${u.flag}`).toBeDefined();
      const said = option?.defaultValue !== undefined ? String(option.defaultValue) : (/\(default:? "?([^)"]+)"?\)|default ([0-9][0-9.,]*)/.exec(option?.description ?? '') ?? []).slice(1).find(Boolean);
      // `SVC_PORT, else 8787`: the environment's, else the value the README shows.
      expect({ flag: `${u.words.join(' ')} ${u.flag}`, readme: u.value }).toEqual({ flag: `${u.words.join(' ')} ${u.flag}`, readme: said?.replace(/^.*, else /, '') });
    }
  });

  it('the bess line says --initial-soc is MWh', () => {
    const bess = readme.split('\n').find((l) => l.startsWith('| `svc bess '));
    expect(bess).toMatch(/\[--initial-soc MWh\]/);
    expect(bess).toMatch(/`--initial-soc` is MWh/);
  });
});
