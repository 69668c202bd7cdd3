/**
 * `prepare` builds only when an input changed (scripts/build-stamp.mjs): the first `npx svc` of a
 * checkout runs `prepare` again, which must not be a second full build of what `npm install` built.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../cli/helpers.js';

function check(dir: string): number {
  try {
    execFileSync(process.execPath, [join(dir, 'scripts', 'build-stamp.mjs'), 'check'], { stdio: 'pipe' });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('scripts/build-stamp.mjs', () => {
  it('says dist/ is fresh only for the exact inputs it was built from', () => {
    const dir = tempDir('svc-stamp-');
    mkdirSync(join(dir, 'scripts'));
    mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
    mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
    copyFileSync(join(ROOT, 'scripts', 'build-stamp.mjs'), join(dir, 'scripts', 'build-stamp.mjs'));
    writeFileSync(join(dir, 'package.json'), '{"name":"x"}');
    writeFileSync(join(dir, 'src', 'cli', 'main.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'dist', 'cli', 'main.js'), 'export const a = 1;\n');
    expect(check(dir), 'no stamp yet').toBe(1);
    execFileSync(process.execPath, [join(dir, 'scripts', 'build-stamp.mjs'), 'write']);
    expect(check(dir), 'just built').toBe(0);
    writeFileSync(join(dir, 'src', 'cli', 'main.ts'), 'export const a = 2;\n');
    expect(check(dir), 'a source changed').toBe(1);
    execFileSync(process.execPath, [join(dir, 'scripts', 'build-stamp.mjs'), 'write']);
    writeFileSync(join(dir, 'src', 'cli', 'new.ts'), '');
    expect(check(dir), 'a source added').toBe(1);
    execFileSync(process.execPath, [join(dir, 'scripts', 'build-stamp.mjs'), 'write']);
    writeFileSync(join(dir, 'package-lock.json'), '{}');
    expect(check(dir), 'the packages changed').toBe(1);
    execFileSync(process.execPath, [join(dir, 'scripts', 'build-stamp.mjs'), 'write']);
    expect(check(dir)).toBe(0);
    rmSync(join(dir, 'dist', 'cli', 'main.js'));
    expect(check(dir), 'dist/ gone').toBe(1);
  });

  it('is what prepare runs before building, and the last step of the build', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.prepare).toBe('node scripts/build-stamp.mjs check || npm run build');
    expect(scripts.build).toMatch(/&& node scripts\/build-stamp\.mjs write$/);
  });
});
