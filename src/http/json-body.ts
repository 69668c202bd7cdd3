/**
 * The one JSON body parser of the HTTP door. Fastify's default parser is replaced so that every
 * body is checked, before any op sees it, against limits that keep recursive code and the store
 * safe (docs/security.md): nesting depth, number of keys and items, string length, and keys that
 * pollute prototypes. The walk never descends past the depth limit, so a hostile body cannot
 * overflow the stack here.
 * A charset other than UTF-8 is refused (415) rather than silently read as UTF-8, so is a body
 * with a `Content-Encoding` (gzip and the rest are not decoded: 415, never parsed raw), and bytes
 * that are not UTF-8 are a 400 (never stored with U+FFFD in their place).
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SvcError } from '../domain/errors.js';
import { rootPlugin } from './plugin.js';

export interface JsonLimits {
  /** Deepest nesting of objects and arrays (the root is depth 1). */
  maxDepth: number;
  /** Object keys plus array items, counted over the whole body. */
  maxNodes: number;
  /** Longest string (keys and values), in UTF-16 code units. */
  maxStringLength: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 32, maxNodes: 200_000, maxStringLength: 65_536 };

/** The limits for a body limit in bytes: a body can hold about one node per four bytes. */
export function jsonLimitsFor(bodyLimitBytes: number): JsonLimits {
  return { ...DEFAULT_JSON_LIMITS, maxNodes: Math.max(DEFAULT_JSON_LIMITS.maxNodes, Math.floor(bodyLimitBytes / 4)) };
}

/** Keys that pollute prototypes (three comparisons: cheaper than a Set lookup on every key of every body). */
function forbiddenKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/**
 * Throws a 400 naming the first limit the value breaks. Recursive, but only ever `maxDepth` deep:
 * the depth is checked before descending, so a hostile body cannot overflow the stack here.
 */
export function checkJsonLimits(root: unknown, limits: JsonLimits): void {
  const path: Array<string | number> = [];
  const state = { nodes: 0 };
  walk(root, 1, path, state, limits);
}

function walk(value: unknown, depth: number, path: Array<string | number>, state: { nodes: number }, limits: JsonLimits): void {
  if (typeof value === 'string') {
    if (value.length > limits.maxStringLength) throw limitError(path, `longer than ${limits.maxStringLength} characters`, 'a string is too long');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > limits.maxDepth) throw limitError(path, `nested deeper than ${limits.maxDepth} levels`, `the body is nested deeper than ${limits.maxDepth} levels`);
  if (Array.isArray(value)) {
    state.nodes += value.length;
    if (state.nodes > limits.maxNodes) throw limitError([], `more than ${limits.maxNodes} keys and items`, `the body has more than ${limits.maxNodes} keys and items`);
    for (let i = 0; i < value.length; i += 1) {
      const child: unknown = value[i];
      if (child !== null && (typeof child === 'object' || typeof child === 'string')) {
        path.push(i);
        walk(child, depth + 1, path, state, limits);
        path.pop();
      }
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    state.nodes += 1;
    if (forbiddenKey(key)) {
      path.push(key);
      throw new SvcError('validation_error', `request body has a "${key}" key at ${pathText(path)}; such keys are refused because they can pollute object prototypes`, {
        reason: 'forbidden_key',
        issues: [{ path: pathText(path), message: `"${key}" keys are refused` }],
      });
    }
    if (key.length > limits.maxStringLength) throw limitError(path, `a key longer than ${limits.maxStringLength} characters`, 'a key is too long');
    const child = record[key];
    if (child !== null && (typeof child === 'object' || typeof child === 'string')) {
      path.push(key);
      walk(child, depth + 1, path, state, limits);
      path.pop();
    }
  }
  if (state.nodes > limits.maxNodes) throw limitError([], `more than ${limits.maxNodes} keys and items`, `the body has more than ${limits.maxNodes} keys and items`);
}

/**
 * True when the body's text alone proves its parsed value within the limits, so the walk can be
 * skipped (a plan body: 27 containers in 800 characters). Each bound is an over-count:
 * - a string or key of the value is never longer than the text (an escape only shortens: `\u0041`
 *   is one character), so none is too long when the whole text is not;
 * - every key and every item has characters of its own in the text, so keys + items ≤ its length;
 * - every object and array has its own `{` or `[`, so the depth is at most their number (those
 *   inside strings counted too);
 * - without a backslash a key is its raw characters, so a forbidden key would appear as itself, and
 *   with it every piece of it: no `__`, `yp` or `nst` in the text, no `__proto__`, `prototype` or
 *   `constructor` key (pieces that start with letters rare in bodies are found by a quick scan).
 * Anything else (a longer text, a backslash, one of those pieces anywhere, more brackets) is walked
 * as before; the errors, found only by the walk, are unchanged.
 */
export function provenWithinLimits(text: string, limits: JsonLimits): boolean {
  if (text.length > limits.maxStringLength || text.length > limits.maxNodes) return false;
  if (text.includes('\\') || text.includes('__') || text.includes('yp') || text.includes('nst')) return false;
  let containers = 0;
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) if (++containers > limits.maxDepth) return false;
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) if (++containers > limits.maxDepth) return false;
  return true;
}

function pathText(path: ReadonlyArray<string | number>): string {
  return path.map(String).join('.');
}

function limitError(path: ReadonlyArray<string | number>, issue: string, what: string): SvcError {
  const at = pathText(path);
  return new SvcError('validation_error', `request body: ${what} (at ${at || '(root)'})`, { reason: 'body_limits', issues: [{ path: at, message: issue }] });
}

/**
 * The text of a raw request body: refused when it carries a `Content-Encoding` other than identity
 * (415 unsupported_encoding) or is not UTF-8 (400 invalid_utf8). Also the agent doors' reader.
 */
export function bodyText(request: Pick<FastifyRequest, 'headers'>, body: Buffer | string): string {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    throw new SvcError('unsupported_media_type', `request bodies must not be encoded; Content-Encoding "${encoding.slice(0, 40)}" is not accepted (send the JSON as it is)`, { reason: 'unsupported_encoding' });
  }
  if (typeof body === 'string') return body;
  // Decoding puts U+FFFD where bytes are not UTF-8, so a text without one came from valid UTF-8;
  // the bytes are checked only when one appears (it may be the client's own). A one-byte string, the
  // common ASCII body, answers `includes('\uFFFD')` without reading a character.
  const text = body.toString('utf8');
  if (text.includes('\uFFFD') && !isUtf8(body)) throw new SvcError('validation_error', 'request body is not valid UTF-8', { reason: 'invalid_utf8' });
  return text;
}

/**
 * `text.trim() === ''` without copying a whole body to find out: a blank text starts with
 * whitespace, and every character trim() removes is below '!' or above '~'.
 */
function blank(text: string): boolean {
  if (text.length === 0) return true;
  const first = text.charCodeAt(0);
  return (first <= 32 || first >= 127) && text.trim() === '';
}

/** Registers the application/json parser: UTF-8 only, JSON.parse, then the limits. */
export function registerJsonBody(app: FastifyInstance, limits: JsonLimits): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const contentType = String(request.headers['content-type'] ?? '');
    // A parameter needs a ';': the common bare `application/json` skips the pattern.
    const charset = contentType.includes(';') ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1] : undefined;
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      done(new SvcError('unsupported_media_type', `request bodies must be UTF-8 JSON; charset "${charset.slice(0, 40)}" is not accepted`, { reason: 'unsupported_charset' }), undefined);
      return;
    }
    let text: string;
    try {
      text = bodyText(request, body);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    if (blank(text)) {
      done(new SvcError('validation_error', 'request body is empty but content-type is application/json', { reason: 'empty_json_body' }), undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      done(new SvcError('validation_error', 'request body is not valid JSON', { reason: 'invalid_json' }), undefined);
      return;
    }
    try {
      if (!provenWithinLimits(text, limits)) checkJsonLimits(parsed, limits);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    done(null, parsed);
  });
}

/** Body parsing: only JSON bodies (anything else, text/plain included, is 415), checked against the limits. */
export const jsonBodyPlugin = rootPlugin<{ jsonLimits: JsonLimits }>('svc-json-body', (app, options, done) => {
  app.removeContentTypeParser('text/plain');
  registerJsonBody(app, options.jsonLimits);
  done();
});
