/**
 * The interface specification travels with the repository (docs/spec/interface.md) so that a clone
 * carries its contract and README's links resolve. Tests read only the repository: comparing the copy
 * with the shared original is `npm run spec:check` (docs/spec/README.md), not part of the suite.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const copy = `${root}docs/spec/interface.md`;

describe('docs/spec/interface.md', () => {
  it('is in the repository, and README links to it rather than to a path outside the clone', () => {
    expect(existsSync(copy)).toBe(true);
    expect(readFileSync(copy, 'utf8')).toMatch(/^# .*Interface Specification/);
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain('docs/spec/interface.md');
    expect(readme).not.toContain('../shared/spec');
  });
});
