import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from '../../src/cli/i18n.js';
import { visibleWidth, makeTable } from '../../src/cli/table.js';
import { Chalk } from 'chalk';

describe('formatMoney', () => {
  it('matches Intl.NumberFormat for en-US and uk-UA', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 3 }), (v, d) => {
        for (const [lang, locale] of [['en', 'en-US'], ['uk', 'uk-UA']] as const) {
          const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v).replace('−', '-').replace(/^-(?=[0.,]+$)/, ''); // we never print a negative zero
          const ours = formatMoney(v, lang, d);
          // Intl rounds half-even on some values where toFixed rounds the binary value; allow a last-digit difference only then.
          if (ours !== intl) expect(ours.slice(0, -1)).toBe(intl.slice(0, -1));
        }
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatMoney(1234567.891, 'uk')).toBe('1\u00a0234\u00a0567,89');
    expect(formatMoney(-0.001, 'en')).toBe('0.00');
    expect(formatMoney(999.995, 'en', 0)).toBe('1,000');
  });
});

describe('tables', () => {
  it('align columns by printed width, ignoring colour codes', () => {
    const c = new Chalk({ level: 1 });
    const t = makeTable(['a', 'b'], c, { right: [1] });
    t.push([c.red('x'), '1'], ['yy', '22']);
    const lines = t.toString().split('\n');
    const widths = new Set(lines.map(visibleWidth));
    expect(widths.size).toBe(1);
    expect(visibleWidth(c.red('abc'))).toBe(3);
  });

  it('lays out plain, coloured, wide-character, wrapped and short rows in one table exactly', () => {
    // Pinned to the output of the renderer before its rewrite into flat loops (2026-12-06).
    const c = new Chalk({ level: 1 });
    const t = makeTable(['Date', 'Price', 'Note'], c, { right: [1], maxWidths: [undefined, undefined, 8] });
    t.push(['01.01.2024', '1,234.50', 'ok'], [c.red('02.01.2024'), '7.00', 'two words here'], ['03.01.2024 😀', '12.5', ''], ['04.01.2024']);
    expect(t.toString()).toBe(
      '┌──────────────┬──────────┬───────┐\n│ \u001b[1mDate\u001b[22m         │    \u001b[1mPrice\u001b[22m │ \u001b[1mNote\u001b[22m  │\n├──────────────┼──────────┼───────┤\n│ 01.01.2024   │ 1,234.50 │ ok    │\n│ \u001b[31m02.01.2024\u001b[39m   │     7.00 │ two   │\n│              │          │ words │\n│              │          │ here  │\n│ 03.01.2024 😀 │     12.5 │       │\n│ 04.01.2024   │          │       │\n└──────────────┴──────────┴───────┘',
    );
  });

  it('wraps long cells at spaces within the maximum width', () => {
    const t = makeTable(['k', 'why'], new Chalk({ level: 0 }), { maxWidths: [undefined, 10] });
    t.push(['a', 'one two three four five']);
    const body = t.toString().split('\n').slice(3, -1);
    expect(body.length).toBeGreaterThan(1);
    for (const l of body) expect(visibleWidth(l)).toBeLessThanOrEqual(1 + 3 + 3 + 10 + 2 + 1);
  });
});
