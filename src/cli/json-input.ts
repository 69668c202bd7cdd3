/**
 * The one reader of JSON a command is given (`--settings`, `--risk-config`, `receipt verify <file>`,
 * `op run --input`): a file, `-` for stdin, and where the flag allows it the JSON text itself or
 * `@file`. Every failure is bad input (exit 2) naming the flag or argument and where it read.
 */
import { readFileSync } from 'node:fs';
import { SvcError } from '../domain/errors.js';
import { fileErrorWords } from '../domain/file-errors.js';

export interface JsonInputOptions {
  /** The value may be JSON text itself, or `@file` (`op run --input`). */
  inline?: boolean;
}

/** `value` is a path, `-` for stdin, or (inline) JSON text or `@path`; `what` names the flag in errors. */
export function readJsonInput(value: string, what: string, options: JsonInputOptions = {}): unknown {
  const fromFile = options.inline ? value.startsWith('@') : value !== '-';
  const path = options.inline && fromFile ? value.slice(1) : value;
  const where = value === '-' ? 'stdin' : fromFile ? path : 'the text';
  let text: string;
  try {
    text = value === '-' ? readFileSync(0, 'utf8') : fromFile ? readFileSync(path, 'utf8') : value;
  } catch (e) {
    throw SvcError.validation(`${what}: cannot read ${where}: ${fileErrorWords(e)}`, [{ path: fromFile ? path : what, message: 'cannot read file' }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw SvcError.validation(`${what}: ${where} is not valid JSON${looksLikeCsv(text) ? ' (it looks like CSV; JSON is needed here)' : ''}: ${oneLine((e as Error).message)}`, [{ path: fromFile ? path : what, message: 'invalid JSON' }]);
  }
}

/** The parser's message on one line and short: V8 quotes the text it failed on, newlines and all. */
function oneLine(message: string): string {
  const flat = message.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/**
 * A CSV given where JSON is read (e.g. a `--daily` file to `receipt verify`): not an object or an
 * array, and its first two lines hold as many commas, or semicolons (the operator's exports), and at
 * least one.
 */
function looksLikeCsv(text: string): boolean {
  const [first = '', second] = text.trimStart().split(/\r?\n/, 2);
  if (second === undefined || /^[[{]/.test(first)) return false;
  return [',', ';'].some((sep) => {
    const fields = first.split(sep).length;
    return fields > 1 && fields === second.split(sep).length;
  });
}

/** A text file a command imports (`zones import`, `depth import`), or `-` for stdin; a file that cannot be read is bad input (exit 2) naming it. */
export function readTextInput(file: string, what: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw SvcError.validation(`${what}: cannot read ${file === '-' ? 'stdin' : file}: ${fileErrorWords(e)}`, [{ path: file, message: 'cannot read file' }]);
  }
}
