/**
 * JSON Canonicalization Scheme (RFC 8785, "JCS").
 *
 * Model: a JSON value (null, boolean, finite number, string, array, plain object) is written as
 * one exact byte sequence, so that a hash over it is reproducible by anyone in any language.
 * Rules (RFC 8785 section 3.2): no whitespace; object members sorted by their names compared as
 * arrays of UTF-16 code units; arrays keep their order; strings escaped as ECMAScript
 * JSON.stringify does (only `"`, `\` and U+0000..U+001F are escaped, with the short forms \b \t
 * \n \f \r, everything else written as-is); numbers written by the ECMAScript Number-to-String
 * algorithm (shortest round-trip digits, `1e+21` style exponents, -0 written as 0).
 *
 * Why this is correct: V8's JSON.stringify implements exactly the ECMAScript serialisation the RFC
 * references for numbers and strings, and JavaScript's default string comparison is UTF-16 code
 * unit order, which is the order the RFC prescribes. What JSON.stringify alone gets wrong for JCS
 * is handled here: member order, NaN/Infinity (rejected instead of written as `null`), lone
 * surrogates (rejected: I-JSON, RFC 7493, forbids them), and values JSON cannot represent.
 *
 * Choices the RFC leaves to the application, fixed here: an object member whose value is
 * `undefined` is omitted (as JSON.stringify does; such a member never exists in parsed JSON);
 * `undefined`, functions, symbols, bigints, and objects that are not plain objects or arrays
 * (Date, Map, class instances) are rejected, so nothing is silently converted.
 */

export class CanonicalJsonError extends Error {
  /** JSON-pointer-like path of the offending value, e.g. `/prices/3/priceUahMwh`. */
  readonly path: string;

  constructor(path: string, message: string) {
    super(`cannot canonicalize ${path || '/'}: ${message}`);
    this.name = 'CanonicalJsonError';
    this.path = path;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON pointer of the value being written; built only when an error needs it. */
function pointer(path: readonly (string | number)[]): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function fail(path: readonly (string | number)[], message: string): never {
  throw new CanonicalJsonError(pointer(path), message);
}

function writeString(value: string, path: readonly (string | number)[]): string {
  if (LONE_SURROGATE.test(value)) fail(path, 'string contains a lone UTF-16 surrogate');
  return JSON.stringify(value);
}

/** Deepest nesting canonicalJson accepts (no JSON svc hashes is nested beyond a few levels). */
export const MAX_CANONICAL_DEPTH = 256;

function write(value: unknown, path: (string | number)[], out: string[], seen: Set<object>): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) fail(path, `${String(value)} is not a JSON number`);
      // JSON.stringify(-0) is "0", as the RFC requires; other finite numbers use Number-to-String.
      out.push(JSON.stringify(value));
      return;
    case 'string':
      out.push(writeString(value, path));
      return;
    case 'object':
      break;
    default:
      fail(path, `${typeof value} is not a JSON value`);
  }
  const object = value as object;
  // The path is the recursion depth: refuse long before the call stack could overflow, whoever calls.
  if (path.length >= MAX_CANONICAL_DEPTH) fail(path, `nested deeper than ${MAX_CANONICAL_DEPTH} levels`);
  if (seen.has(object)) fail(path, 'cyclic structure');
  seen.add(object);
  if (Array.isArray(object)) {
    out.push('[');
    for (let i = 0; i < object.length; i += 1) {
      if (i > 0) out.push(',');
      path.push(i);
      const item: unknown = object[i];
      if (item === undefined) fail(path, 'undefined is not a JSON value');
      write(item, path, out, seen);
      path.pop();
    }
    out.push(']');
  } else {
    if (!isPlainObject(object)) fail(path, 'only plain objects and arrays are JSON containers');
    const record = object as Record<string, unknown>;
    // Default sort compares UTF-16 code units, exactly the order RFC 8785 section 3.2.3 asks for.
    const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
    out.push('{');
    keys.forEach((key, i) => {
      if (i > 0) out.push(',');
      path.push(key);
      out.push(writeString(key, path), ':');
      write(record[key], path, out, seen);
      path.pop();
    });
    out.push('}');
  }
  seen.delete(object);
}

/** The RFC 8785 canonical JSON text of a value. Throws CanonicalJsonError for non-JSON input. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, [], out, new Set());
  return out.join('');
}

/** The canonical text as UTF-8 bytes: what hashes and signatures are computed over. */
export function canonicalJsonBytes(value: unknown): Buffer {
  return Buffer.from(canonicalJson(value), 'utf8');
}
