/** The forecast band chart (src/cli/chart.ts bandChart): band, p50, the caps on one scale. */
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { bandChart } from '../../src/cli/chart.js';

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
