/** The one JSON-input reader of the CLI (issue 11): files, stdin, inline text and @file, each failure naming the flag. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonInput } from '../../src/cli/json-input.js';
import { SvcError } from '../../src/domain/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-json-input-'));
const good = join(dir, 'good.json');
const bad = join(dir, 'bad.json');
writeFileSync(good, '{"a":1}');
writeFileSync(bad, '{"a":');

function failure(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (e) {
    return e as SvcError;
  }
  throw new Error('expected a failure');
}

describe('readJsonInput', () => {
  it('reads a file, and with inline also JSON text and @file', () => {
    expect(readJsonInput(good, '--settings')).toEqual({ a: 1 });
    expect(readJsonInput(`@${good}`, '--input', { inline: true })).toEqual({ a: 1 });
    expect(readJsonInput('[1,2]', '--input', { inline: true })).toEqual([1, 2]);
  });

  it('a missing file, bad JSON in a file and bad inline text are 400s naming the flag', () => {
    const missing = failure(() => readJsonInput(join(dir, 'nope.json'), '--settings'));
    expect(missing.code).toBe('validation_error');
    expect(missing.message).toMatch(/^--settings: cannot read .*nope\.json: no such file$/);
    const invalid = failure(() => readJsonInput(bad, 'receipt'));
    expect(invalid.message).toMatch(/^receipt: .*bad\.json is not valid JSON/);
    expect(invalid.issues[0]).toEqual({ path: bad, message: 'invalid JSON' });
    // A CSV given for JSON (a --daily file to receipt verify) is named so, on one line.
    const csv = join(dir, 'days.csv');
    writeFileSync(csv, 'tradeDate,strategyPnlUah\n01.12.2024,12.5\n');
    const csvFailure = failure(() => readJsonInput(csv, 'receipt'));
    expect(csvFailure.message).toMatch(/^receipt: .*days\.csv is not valid JSON \(it looks like CSV; JSON is needed here\): Unexpected token/);
    expect(csvFailure.message).not.toContain('\n');
    // The operator's semicolon exports and quoted headers too; a one-line text with a comma is not called CSV.
    expect(failure(() => readJsonInput('"date";"hour"\n"01.12.2024";"1"', '--input', { inline: true })).message).toContain('it looks like CSV');
    expect(failure(() => readJsonInput('a: 1, b: 2', '--input', { inline: true })).message).not.toContain('CSV');
    expect(failure(() => readJsonInput('{"a": 1,\n "b": }', '--input', { inline: true })).message).not.toContain('CSV');
    const inline = failure(() => readJsonInput('{nope', '--input', { inline: true }));
    expect(inline.message).toMatch(/^--input: the text is not valid JSON/);
    expect(inline.issues[0]?.path).toBe('--input');
  });

  it('without inline, JSON text is taken as a path', () => {
    expect(failure(() => readJsonInput('{"a":1}', '--settings')).message).toMatch(/^--settings: cannot read \{"a":1\}/);
  });
});
