/**
 * The one JSON body parser of the HTTP door. Fastify's default parser is replaced so that every
 * body is checked, before any op sees it, against limits that keep recursive code and the store
 * safe (docs/security.md): nesting depth, number of keys and items, string length, and keys that
 * pollute prototypes. The walk is iterative, so a hostile body cannot overflow the stack here.
 * A charset other than UTF-8 is refused (415) rather than silently read as UTF-8.
 */
import type { FastifyInstance } from 'fastify';
import { SvcError } from '../domain/errors.js';

export interface JsonLimits {
  /** Deepest nesting of objects and arrays (the root is depth 1). */
  maxDepth: number;
  /** Object keys plus array items, counted over the whole body. */
  maxNodes: number;
  /** Longest string (keys and values), in UTF-16 code units. */
  maxStringLength: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 32, maxNodes: 200_000, maxStringLength: 65_536 };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Throws a 400 naming the first limit the value breaks; iterative (no recursion). */
export function checkJsonLimits(root: unknown, limits: JsonLimits): void {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: root, depth: 1, path: '' }];
  let nodes = 0;
  const tooLong = (path: string) =>
    new SvcError(400, 'validation_error', `request body: a string at ${path || '(root)'} is longer than ${limits.maxStringLength} characters`, {
      reason: 'body_limits',
      issues: [{ path, message: `longer than ${limits.maxStringLength} characters` }],
    });
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop() as { value: unknown; depth: number; path: string };
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength) throw tooLong(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > limits.maxDepth) {
      throw new SvcError(400, 'validation_error', `request body is nested deeper than ${limits.maxDepth} levels (at ${path || '(root)'})`, {
        reason: 'body_limits',
        issues: [{ path, message: `nested deeper than ${limits.maxDepth} levels` }],
      });
    }
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    nodes += entries.length;
    if (nodes > limits.maxNodes) {
      throw new SvcError(400, 'validation_error', `request body has more than ${limits.maxNodes} keys and items`, { reason: 'body_limits', issues: [{ path: '', message: `more than ${limits.maxNodes} keys and items` }] });
    }
    for (const [key, child] of entries) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (!Array.isArray(value)) {
        if (FORBIDDEN_KEYS.has(key)) {
          throw new SvcError(400, 'validation_error', `request body has a "${key}" key at ${childPath}; such keys are refused because they can pollute object prototypes`, {
            reason: 'forbidden_key',
            issues: [{ path: childPath, message: `"${key}" keys are refused` }],
          });
        }
        if (key.length > limits.maxStringLength) throw tooLong(childPath);
      }
      stack.push({ value: child, depth: depth + 1, path: childPath });
    }
  }
}

/** Registers the application/json parser: UTF-8 only, JSON.parse, then the limits. */
export function registerJsonBody(app: FastifyInstance, limits: JsonLimits): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const contentType = String(request.headers['content-type'] ?? '');
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      done(new SvcError(415, 'unsupported_media_type', `request bodies must be UTF-8 JSON; charset "${charset.slice(0, 40)}" is not accepted`, { reason: 'unsupported_charset' }), undefined);
      return;
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new SvcError(400, 'validation_error', 'request body is empty but content-type is application/json', { reason: 'empty_json_body' }), undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      done(new SvcError(400, 'validation_error', 'request body is not valid JSON', { reason: 'invalid_json' }), undefined);
      return;
    }
    try {
      checkJsonLimits(parsed, limits);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    done(null, parsed);
  });
}
