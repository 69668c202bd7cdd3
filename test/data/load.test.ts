import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeText, loadPriceBook } from '../../src/data/load.js';
import { SvcError } from '../../src/domain/errors.js';
import { OREE_HEADER, fixture, readFixture } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-data-'));

/** Windows-1251 bytes of a text made of ASCII and the Cyrillic letters of the export header. */
function cp1251(text: string): Buffer {
  return Buffer.from(Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    throw new Error(`not in the test's cp1251 subset: ${ch}`);
  }));
}

describe('loadPriceBook', () => {
  it('reads a file; the source defaults to the path', async () => {
    const path = fixture('sample-week.csv');
    const r = await loadPriceBook(path);
    expect(r.source).toBe(path);
    expect(Object.keys(r.book)).toHaveLength(7);
  });

  it('reads stdin for "-", named stdin in messages', async () => {
    const r = await loadPriceBook('-', { stdin: Readable.from([Buffer.from(readFixture('sample-week.csv'))]) });
    expect(r.source).toBe('stdin');
    expect(r.format).toBe('long');
    const bad = loadPriceBook('-', { stdin: Readable.from(['date,hour,price\n01.01.2024,0,-1\n']) });
    // The bad price, and the hours 1..23 the day lacks.
    await expect(bad).rejects.toMatchObject({ code: 'validation_error', issues: [{ path: 'stdin:2:price' }, { path: 'stdin:2' }] });
  });

  it('passes the DST policy and a source name through', async () => {
    const path = fixture('oree-monthly-export-2024-12.csv');
    await expect(loadPriceBook(path, { dst: 'reject', source: 'export.csv' })).rejects.toMatchObject({ reason: 'dst_day', message: expect.stringMatching(/^export\.csv: /) });
  });

  it('a missing file or a directory is a 400 naming the path', async () => {
    const missing = join(dir, 'nope.csv');
    const e = await loadPriceBook(missing).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(SvcError);
    expect((e as SvcError).message).toBe(`${missing}: cannot read the price file: no such file`);
    await expect(loadPriceBook(dir)).rejects.toMatchObject({ code: 'validation_error', message: `${dir}: cannot read the price file: it is a directory` });
  });

  it('decodes Windows-1251 when the bytes are not UTF-8 (older operator exports)', async () => {
    const row = `02.12.2024;${Array.from({ length: 24 }, (_, h) => `${h + 1},5`).join(';')}`;
    const path = join(dir, 'export-1251.csv');
    writeFileSync(path, cp1251(`${OREE_HEADER}\r\n${row}\r\n`));
    const r = await loadPriceBook(path);
    expect(r.format).toBe('oree');
    expect(r.book['02.12.2024']?.[0]?.priceUahMwh).toBe(1.5);
    expect(decodeText(Buffer.from('Дата', 'utf8'))).toBe('Дата');
  });
});
