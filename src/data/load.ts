/**
 * Reading a price book from a file or stdin (`-`). The only part of src/data/ that touches the
 * disk or a stream; parsing itself stays in price-book.ts.
 *
 * Bytes are decoded as UTF-8 (with or without BOM). Bytes that are not valid UTF-8 are decoded
 * as Windows-1251, the code page of the operator's older Ukrainian-locale exports, so that the
 * header `Дата;Год1;...` is still recognised.
 */
import { isAscii } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { SvcError } from '../domain/errors.js';
import { fileErrorWords } from '../domain/file-errors.js';
import { parseBookWith, type ParsePriceBookOptions, type PriceBookReadResult } from './parse.js';
import { stripBom } from './detect.js';
import type { JsonBookReader } from './read-json-type.js';

export interface LoadPriceBookOptions extends Partial<ParsePriceBookOptions> {
  /** Stream read for `-`; defaults to process.stdin. */
  stdin?: AsyncIterable<Uint8Array | string>;
}

export async function loadPriceBook(pathOrDash: string, options: LoadPriceBookOptions = {}): Promise<PriceBookReadResult> {
  const fromStdin = pathOrDash === '-';
  const source = options.source ?? (fromStdin ? 'stdin' : pathOrDash);
  const bytes = fromStdin ? await readStream(options.stdin ?? process.stdin) : await readPath(pathOrDash, source);
  const text = decodeText(bytes);
  // Only JSON input needs the schema library; CSV paths (the common, hot case) skip loading it.
  const readJson: JsonBookReader = /^[{[]/.test(stripBom(text).trimStart()) ? (await import('./read-json.js')).readJson : notJson;
  return parseBookWith(text, { source, ...(options.dst ? { dst: options.dst } : {}), ...(options.onInvalid ? { onInvalid: options.onInvalid } : {}), ...(options.hourBase !== undefined ? { hourBase: options.hourBase } : {}), ...(options.scope ? { scope: options.scope } : {}), ...(options.dstRange ? { dstRange: options.dstRange } : {}), ...(options.dstSkipHint ? { dstSkipHint: options.dstSkipHint } : {}) }, readJson);
}

const notJson: JsonBookReader = () => {
  throw new Error('unreachable: detected JSON in text that starts with neither { nor [');
};

/** UTF-8 when the bytes are valid UTF-8, else Windows-1251. */
export function decodeText(bytes: Uint8Array): string {
  // ASCII (every operator CSV svc ships) reads the same in both, and as Latin-1 without the decoder's set-up.
  if (isAscii(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

async function readPath(path: string, source: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    const message = `${source}: cannot read the price file: ${fileErrorWords(error)}`;
    throw new SvcError('validation_error', message, { issues: [{ path: source, message }], cause: error });
  }
}

async function readStream(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return Buffer.concat(chunks);
}
