/**
 * Files a user names, said in words (new-user trial): a missing --settings, --caps or receipt file,
 * an -o that cannot be written, a data directory svc cannot use. Each message names the flag or
 * the path and says why in words, never the system's code alone (ENOENT, EIO, EACCES).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEEK, tempDir } from './helpers.js';
import { cli } from './in-process.js';

const CODE = /\bE[A-Z]{2,}\b/;
const linux = process.platform === 'linux';

describe('file errors at the command line', () => {
  it('a missing --settings, --caps or receipt file: the flag, the path and "no such file"', async () => {
    const dir = tempDir();
    const nope = join(dir, 'nope.json');
    const cases: Array<[string[], string]> = [
      [['brief', WEEK, '--date', '03.12.2024', '--settings', nope], `error: --settings: cannot read ${nope}: no such file`],
      [['brief', WEEK, '--date', '03.12.2024', '--caps', join(dir, 'nope.csv')], `error: --caps: cannot read the caps table ${join(dir, 'nope.csv')}: no such file`],
      [['receipt', 'verify', nope], `error: receipt: cannot read ${nope}: no such file`],
    ];
    for (const [args, line] of cases) {
      const r = await cli(args);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(line);
      expect(r.stderr).not.toMatch(CODE);
    }
  });

  it.skipIf(!linux || !existsSync('/proc/version'))('-o on a file the system will not write (/proc/version): the flag, the path and why in words', async () => {
    const r = await cli(['prices', 'fetch', '--month', '12.2024', '-o', '/proc/version', '-q'], { env: { SVC_MARKET_DATA: 'fixture' } });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('error: --output: cannot write /proc/version: ');
    expect(r.stderr).not.toMatch(CODE);
  });

  it('a data directory svc cannot use is named, with why in words (a file; a directory it may not write)', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const asFile = await cli(['audit', 'list'], { env: { SVC_DATA_DIR: file } });
    expect(asFile.exitCode).toBe(2);
    expect(asFile.stderr).toBe(`error: cannot create or use the data directory ${file}: it is a file, not a directory; set --data-dir or SVC_DATA_DIR to a writable directory`);
    const under = await cli(['--data-dir', join(file, 'sub'), 'audit', 'list']);
    expect(under.stderr).toBe(`error: cannot create or use the data directory ${join(file, 'sub')}: a part of the path is a file, not a directory; set --data-dir or SVC_DATA_DIR to a writable directory`);
  });

  // /sys/kernel refuses new files even to root (EACCES), so the unwritable directory needs no other user.
  it.skipIf(!linux || !existsSync('/sys/kernel'))('an existing data directory that refuses files: named, "permission denied", exit 2; the receipt key says the same', async () => {
    const r = await cli(['audit', 'list'], { env: { SVC_DATA_DIR: '/sys/kernel' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('error: cannot create the data store in the data directory /sys/kernel: permission denied; set --data-dir or SVC_DATA_DIR to a writable directory');
    const receipt = await cli(['brief', WEEK, '--date', '03.12.2024', '--receipt', join(tempDir(), 'r.json')], { env: { SVC_DATA_DIR: '/sys/kernel' } });
    expect(receipt.stderr).toBe('error: cannot create the receipt signing key receipt-ed25519.pem in the data directory /sys/kernel: permission denied');
    expect(receipt.stderr).not.toMatch(CODE);
  });
});
