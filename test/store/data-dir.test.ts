import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { ensureDataDir } from '../../src/store/data-dir.js';

describe('ensureDataDir', () => {
  it('creates missing levels with mode 0700 and accepts an existing directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-dd-'));
    const dir = join(root, 'a', 'b', 'c');
    ensureDataDir(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    ensureDataDir(dir);
  });

  it('fails fast, without a path, where a parent refuses children (Node 20 recursive mkdir loops there)', () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-dd-'));
    const file = join(root, 'file');
    writeFileSync(file, 'x');
    for (const dir of [join(file, 'x'), file, '/proc/svc-forbidden/x']) {
      let error: unknown;
      try {
        ensureDataDir(dir);
      } catch (e) {
        error = e;
      }
      expect(error, dir).toBeInstanceOf(SvcError);
      expect((error as SvcError).reason).toBe('data_dir_unavailable');
      expect((error as SvcError).message).not.toContain(root);
    }
  });
});
