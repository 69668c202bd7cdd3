/** The terminal charts (src/cli/chart.ts): the forecast band chart (band, p50, the caps on one scale), the line chart's axis labels. */
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { bandChart, columnChart, lineChart } from '../../src/cli/chart.js';

const c = new Chalk({ level: 0 });
const row = (over: Partial<{ p10: number; p50: number; p90: number; cap: number | null; floor: number | null }> = {}) => ({ hour: 0, p10: 100, p50: 500, p90: 900, cap: 1000, floor: null, ...over });

describe('bandChart', () => {
  it('draws the band, the p50 and the max cap on a scale from the lowest p10 to the max cap', () => {
    const [line, axis] = bandChart([row()], { width: 11, c });
    expect(line).toBe('00 │├───●────┤┃│ 500');
    expect(axis).toContain('100');
    expect(axis).toContain('1,000');
  });

  it('marks the min cap where the band reaches it, and leaves a far floor off without squashing the scale', () => {
    const [reached] = bandChart([row({ p10: 10, floor: 10, p50: 505 })], { width: 11, c });
    expect(reached).toBe('00 │┃────●───┤┃│ 505');
    const [far, axis] = bandChart([row({ floor: 10 })], { width: 11, c });
    expect(far).toBe('00 │├───●────┤┃│ 500');
    expect(axis?.trim().startsWith('100')).toBe(true);
  });
});

describe('lineChart', () => {
  it('puts the first label under the first column and ends the last under the last column, however narrow the plot', () => {
    const labels = ['01.12.2024', '31.12.2024'] as const;
    for (const points of [31, 72, 100]) {
      const lines = lineChart(Array.from({ length: points }, (_, i) => i * 1000), { width: 72, height: 4, xLabels: labels, c });
      const plot = lines[0] ?? '';
      const start = plot.indexOf('│') + 1;
      const end = plot.length; // the top row ends with the last point
      const axis = lines[lines.length - 1] ?? '';
      expect(axis.indexOf('01.12.2024')).toBe(start);
      expect(axis.length).toBe(end);
    }
    // 5 columns hold no two dates apart: one after the other, from the first column (it once sat 70 columns right).
    const narrow = lineChart([1, 2, 3, 4, 5], { width: 72, height: 3, xLabels: labels, c });
    expect(narrow[narrow.length - 1]).toBe(`${' '.repeat((narrow[0] ?? '').indexOf('│') + 1)}01.12.2024 – 31.12.2024`);
    expect(lineChart([7], { height: 2, xLabels: ['01.12.2024', '01.12.2024'], c }).at(-1)?.trim()).toBe('01.12.2024');
    expect(lineChart([7], { height: 2, c })).toHaveLength(2);
  });
});

describe('the axis numbers in the table language', () => {
  it('groups thousands with a no-break space under uk (as the uk tables do), with a comma under en, and says the broken axis in Ukrainian', () => {
    const prices = Array.from({ length: 24 }, (_, h) => 3000 + h * 250);
    const en = columnChart(prices, { c }).join('\n');
    const uk = columnChart(prices, { c, lang: 'uk' }).join('\n');
    expect(en).toContain('8,750 │');
    expect(en).toContain('(broken axis: bars start at ');
    expect(uk).toContain('8\u00a0750 │');
    expect(uk).toMatch(/\(розірвана вісь: стовпці від \d\u00a0\d{3}, не від 0\)/);
    expect(uk).not.toMatch(/\d,\d{3}/);
    expect(lineChart([0, 12_500], { c, lang: 'uk', height: 3 })[0]).toMatch(/^12\u00a0500 │/);
    expect(bandChart([row()], { width: 11, c, lang: 'uk' })[1]).toContain('1\u00a0000');
  });
});

describe('a clock-change day in the column chart', () => {
  it('numbers the 23 or 25 periods from 1, as the price table does, and says they are not clock hours; 24 columns stay hours 00..23', () => {
    const day = (n: number) => Array.from({ length: n }, (_, h) => 100 + h);
    const short = columnChart(day(23), { c });
    const under = short.slice(short.findIndex((l) => l.includes('└') || l.includes('╘')) + 1).map((l) => l.trim());
    expect(under[0]).toBe(Array.from({ length: 23 }, (_, i) => String(i + 1).padStart(2, '0')).join(' '));
    expect(under[1]).toBe('(periods #1–#23, not clock hours)');
    expect(columnChart(day(25), { c, lang: 'uk' }).join('\n')).toContain('(періоди #1–#25, не години доби)');
    const normal = columnChart(day(24), { c }).join('\n');
    expect(normal).toContain(' 00 01 02');
    expect(normal).not.toContain('periods');
    // An autumn clock-change day stored as 24 periods (the shipped book's 27.10.2024) says so too.
    const autumn = columnChart(day(24), { c, periods: true }).join('\n');
    expect(autumn).toContain(' 01 02 03');
    expect(autumn).toContain('(periods #1–#24, not clock hours)');
  });
});
