/** json-body.ts: only JSON bodies, UTF-8, within the body limits; every refusal in the one error body. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../src/http/error-handler.js';
import { bodyText, checkJsonLimits, jsonBodyPlugin, jsonLimitsFor, provenWithinLimits, type JsonLimits } from '../../src/http/json-body.js';
import { appWith, testKit } from './plugin-kit.js';

async function echo() {
  const app = await appWith(await testKit(), errorsPlugin, jsonBodyPlugin);
  app.post('/echo', async (request) => request.body);
  return app;
}

describe('the JSON body parser', () => {
  it('parses JSON; refuses text/plain and other charsets (415), bad JSON and empty bodies (400)', async () => {
    const app = await echo();
    expect((await app.inject({ method: 'POST', url: '/echo', payload: '{"a":[1,2]}', headers: { 'content-type': 'application/json' } })).json()).toEqual({ a: [1, 2] });
    const text = await app.inject({ method: 'POST', url: '/echo', payload: 'hi', headers: { 'content-type': 'text/plain' } });
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'unsupported_media_type']);
    const latin = await app.inject({ method: 'POST', url: '/echo', payload: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect([latin.statusCode, latin.json().error.reason]).toEqual([415, 'unsupported_charset']);
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: '{"a":', headers: { 'content-type': 'application/json' } });
    expect([bad.statusCode, bad.json().error.reason]).toEqual([400, 'invalid_json']);
  });

  it('refuses prototype keys and bodies past the depth limit, naming the path', async () => {
    const app = await echo();
    const proto = await app.inject({ method: 'POST', url: '/echo', payload: '{"a":{"__proto__":{}}}', headers: { 'content-type': 'application/json' } });
    expect(proto.json()).toMatchObject({ error: { reason: 'forbidden_key', issues: [{ path: 'a.__proto__' }] } });
    const deep = '['.repeat(40) + ']'.repeat(40);
    const res = await app.inject({ method: 'POST', url: '/echo', payload: deep, headers: { 'content-type': 'application/json' } });
    expect([res.statusCode, res.json().error.reason]).toEqual([400, 'body_limits']);
  });

  it('allows about one node per four bytes of the body limit, never fewer than the default', () => {
    expect(jsonLimitsFor(1024).maxNodes).toBe(200_000);
    expect(jsonLimitsFor(8_000_000).maxNodes).toBe(2_000_000);
    expect(() => checkJsonLimits({ a: 'x'.repeat(70_000) }, jsonLimitsFor(1024))).toThrow(/too long/);
  });

  it('reads bodies sent as they are: a Content-Encoding other than identity is 415, bytes that are not UTF-8 are 400', async () => {
    const app = await echo();
    const gz = await app.inject({ method: 'POST', url: '/echo', payload: '{}', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect([gz.statusCode, gz.json().error.reason]).toEqual([415, 'unsupported_encoding']);
    const identity = await app.inject({ method: 'POST', url: '/echo', payload: '{"a":"ї"}', headers: { 'content-type': 'application/json', 'content-encoding': 'identity' } });
    expect(identity.json()).toEqual({ a: 'ї' });
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } });
    expect([bad.statusCode, bad.json().error.reason]).toEqual([400, 'invalid_utf8']);
    expect(bodyText({ headers: {} }, Buffer.from('{"a":"\uFFFD"}'))).toBe('{"a":"\uFFFD"}');
    expect(() => bodyText({ headers: { 'content-encoding': 'br' } }, Buffer.from('{}'))).toThrow(/Content-Encoding "br"/);
  });

  it('skips the walk only where the text proves the limits: never for a body the walk refuses', () => {
    const small: JsonLimits = { maxDepth: 3, maxNodes: 12, maxStringLength: 24 };
    const key = fc.constantFrom('a', 'b', '__proto__', 'constructor', 'prototype', 'ї', 'x'.repeat(30));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }), fc.string({ maxLength: 30 }), fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
    })).node;
    // Half the texts with every '_' written as an escape (\u005f), so a forbidden key can hide from a substring search.
    const text = fc.tuple(value, fc.boolean()).map(([v, escaped]) => {
      const json = JSON.stringify(v) ?? 'null';
      return escaped ? json.replace(/_/g, '\\u005f') : json;
    });
    fc.assert(
      fc.property(text, (body) => {
        if (provenWithinLimits(body, small)) expect(() => checkJsonLimits(JSON.parse(body), small)).not.toThrow();
      }),
      { numRuns: 3000 },
    );
    // What the door's plan body is: proven, so not walked; an escaped prototype key, 33 brackets or a long text are walked.
    const plan = JSON.stringify({ tradeDate: '02.03.2026', prices: Array.from({ length: 24 }, (_, hour) => ({ hour, priceUahMwh: 1000 + hour })), settings: { volumeMwh: 2 } });
    const limits = jsonLimitsFor(1_048_576);
    expect(provenWithinLimits(plan, limits)).toBe(true);
    expect(provenWithinLimits('{"\\u005f_proto__":{}}', limits)).toBe(false);
    expect(() => checkJsonLimits(JSON.parse('{"\\u005f_proto__":{}}'), limits)).toThrow(/__proto__/);
    expect(provenWithinLimits('['.repeat(32) + ']'.repeat(32), limits)).toBe(true);
    expect(provenWithinLimits('['.repeat(33) + ']'.repeat(33), limits)).toBe(false);
    expect(provenWithinLimits(`"${'x'.repeat(70_000)}"`, limits)).toBe(false);
  });
});
