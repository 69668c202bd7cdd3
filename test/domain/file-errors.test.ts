import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileErrorCode, fileErrorWords } from '../../src/domain/file-errors.js';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}

describe('fileErrorWords', () => {
  it('says real failures of node:fs in words, never the code alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-fe-'));
    const file = join(dir, 'f');
    writeFileSync(file, 'x');
    const missing = thrown(() => readFileSync(join(dir, 'nope.json')));
    expect(fileErrorCode(missing)).toBe('ENOENT');
    expect(fileErrorWords(missing)).toBe('no such file');
    expect(fileErrorWords(thrown(() => readFileSync(dir)))).toBe('it is a directory');
    expect(fileErrorWords(thrown(() => readFileSync(join(file, 'x'))))).toBe('a part of the path is a file, not a directory');
  });

  it('every listed code has words; an unlisted one keeps the system words with its code in brackets', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS', 'EIO', 'ENOSPC', 'ENAMETOOLONG', 'EMFILE', 'EBUSY']) {
      const words = fileErrorWords(Object.assign(new Error(`${code}: whatever, open 'x'`), { code }));
      expect(words, code).not.toMatch(/\bE[A-Z]{2,}\b/);
    }
    expect(fileErrorWords(Object.assign(new Error("EXDEV: cross-device link not permitted, rename 'a' -> 'b'"), { code: 'EXDEV' }))).toBe('cross-device link not permitted (EXDEV)');
    expect(fileErrorWords(new Error('plain'))).toBe('plain');
  });
});
