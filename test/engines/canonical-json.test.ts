import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CanonicalJsonError, canonicalJson, canonicalJsonBytes } from '../../src/engines/canonical-json.js';

/** An IEEE-754 double from its 16 hex digits, as listed in RFC 8785 Appendix B. */
function fromHex(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('canonicalJson: RFC 8785 examples', () => {
  it('section 3.2.2: whitespace, literals, numbers and string escapes', () => {
    const input = JSON.parse(
      '{\n  "numbers": [333333333.33333329, 1E30, 4.50,\n              2e-3, 0.000000000000000000000000001],\n' +
        '  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('section 3.2.3: members sorted by UTF-16 code units', () => {
    const input = JSON.parse(
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One",' +
        '"\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
    ) as Record<string, string>;
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00F6":"Latin Small Letter O With Diaeresis",' +
        '"\u20AC":"Euro Sign","\uD83D\uDE00":"Emoji: Grinning Face","\uFB33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  // RFC 8785 Appendix B: IEEE-754 bit patterns and their canonical text.
  const vectors: Array<[string, string]> = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  it.each(vectors)('Appendix B number %s -> %s', (hex, expected) => {
    expect(canonicalJson(fromHex(hex))).toBe(expected);
  });

  it.each([['7fffffffffffffff'], ['7ff0000000000000'], ['fff0000000000000']])('Appendix B: %s (NaN / Infinity) is rejected', (hex) => {
    expect(() => canonicalJson({ v: fromHex(hex) })).toThrow(CanonicalJsonError);
  });
});

describe('canonicalJson: svc rules', () => {
  it('sorts nested members and keeps array order', () => {
    expect(canonicalJson({ b: [3, 1, { z: 1, a: -0 }], a: { y: true, x: null } })).toBe('{"a":{"x":null,"y":true},"b":[3,1,{"a":0,"z":1}]}');
  });

  it('omits undefined members but rejects undefined array items', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(() => canonicalJson([1, undefined])).toThrow(/\/1/);
  });

  it('rejects values JSON cannot carry, naming the path', () => {
    expect(() => canonicalJson({ prices: [{ p: Number.NaN }] })).toThrow('/prices/0/p');
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(/plain objects/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson({ s: 'a\uD800b' })).toThrow(/lone UTF-16 surrogate/);
    expect(() => canonicalJson({ ['\uDC00']: 1 })).toThrow(/surrogate/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cyclic/);
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { a: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"a":1},{"a":1}]');
  });

  it('escapes control characters in the short or \\u00xx form and writes the rest as-is', () => {
    expect(canonicalJson('\b\t\n\f\r\u0001\u001f "\\ ÿ€')).toBe('"\\b\\t\\n\\f\\r\\u0001\\u001f \\"\\\\ ÿ€"');
  });

  it('bytes are the UTF-8 encoding of the text', () => {
    expect(canonicalJsonBytes({ k: 'грн' }).toString('hex')).toBe(Buffer.from('{"k":"грн"}', 'utf8').toString('hex'));
  });

  it('property: parse(canonical(x)) deep-equals x, and canonical is idempotent and order-independent', () => {
    fc.assert(
      fc.property(fc.jsonValue({ noUnicodeString: false }), (value) => {
        const text = canonicalJson(value);
        const reparsed = JSON.parse(text) as unknown;
        expect(canonicalJson(reparsed)).toBe(text);
        expect(reparsed).toEqual(JSON.parse(JSON.stringify(value)));
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          const reversed = Object.fromEntries(Object.entries(value).reverse());
          expect(canonicalJson(reversed)).toBe(text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the short canonicalizer docs/receipt.md gives for checking by hand', () => {
    const short = (v: unknown): string =>
      v === null || typeof v !== 'object'
        ? JSON.stringify(v)
        : Array.isArray(v)
          ? `[${v.map(short).join(',')}]`
          : `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${short((v as Record<string, unknown>)[k])}`)
              .join(',')}}`;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = JSON.parse(JSON.stringify(value)) as unknown;
        expect(short(parsed)).toBe(canonicalJson(parsed));
      }),
      { numRuns: 300 },
    );
  });
});
