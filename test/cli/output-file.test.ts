/** Output files named by a flag: a path that cannot be written is bad input naming the flag and the true reason (issue 34 item 6). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/domain/errors.js';
import { writeOutputFile } from '../../src/cli/settings.js';
import { tempDir } from './helpers.js';

function reason(path: string): string {
  try {
    writeOutputFile(path, 'x', '--receipt');
  } catch (e) {
    expect(e).toBeInstanceOf(SvcError);
    expect((e as SvcError).code).toBe('validation_error');
    return (e as Error).message;
  }
  return 'written';
}

describe('writeOutputFile', () => {
  it('says which: a missing directory, a place where no file can be made, a directory', () => {
    const dir = tempDir('svc-out-');
    expect(reason(join(dir, 'no', 'r.json'))).toBe(`--receipt: cannot write ${join(dir, 'no', 'r.json')}: its directory does not exist`);
    expect(reason(dir)).toContain('it is a directory');
    expect(reason(join(dir, 'r.json'))).toBe('written');
  });

  it.skipIf(!existsSync('/proc/self'))('a directory that exists but takes no new file (/proc) is not called missing', () => {
    expect(reason('/proc/svc-test-r.json')).not.toContain('does not exist');
  });
});
