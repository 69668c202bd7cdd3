/**
 * The interface specification travels with the repository (docs/spec/interface.md) so that a clone
 * carries its contract and README's links resolve. Where the shared original is beside the checkout
 * (a developer's machine, CI), the copy must be identical to it; in a clone alone this part skips,
 * saying so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const copy = `${root}docs/spec/interface.md`;
const shared = fileURLToPath(new URL('../../../shared/spec/interface.md', import.meta.url));

describe('docs/spec/interface.md', () => {
  it('is in the repository, and README links to it rather than to a path outside the clone', () => {
    expect(existsSync(copy)).toBe(true);
    expect(readFileSync(copy, 'utf8')).toMatch(/^# .*Interface Specification/);
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain('docs/spec/interface.md');
    expect(readme).not.toContain('../shared/spec');
  });

  it.skipIf(!existsSync(shared))('equals the shared original beside the checkout', () => {
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  });
  if (!existsSync(shared)) it.skip(`the shared original is not beside this checkout (${shared}): copy not compared`, () => undefined);
});
