/**
 * `svc op` (src/cli/op.ts), the generic runner: an invalid input's issues listed on stderr at most
 * MAX_ISSUES (as a reader keeps), the rest counted (the JSON error holds every one).
 */
import { describe, expect, it } from 'vitest';
import { cli } from './in-process.js';

/** prices.convert with a bad `to` and 59 days of 3 prices each: 60 issues. */
const days = Array.from({ length: 59 }, (_, d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10).split('-').reverse().join('.'));
const manyIssues = JSON.stringify({ to: 'CSV', prices: Object.fromEntries(days.map((d) => [d, [1, 2, 3]])) });

describe('svc op run', () => {
  it('an invalid input lists its first 50 issues and counts the rest; --format json holds every one', async () => {
    const r = await cli(['op', 'run', 'prices.convert', '--input', manyIssues]);
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: invalid input: to: Invalid option: expected one of "json"|"csv"|"wide" (59 more issues)');
    expect(lines.filter((l) => l.startsWith('  - '))).toHaveLength(50);
    expect(lines.at(-1)).toBe('  … 10 more issues (--format json lists them)');
    expect(lines).toHaveLength(52);
    const json = await cli(['--format', 'json', 'op', 'run', 'prices.convert', '--input', manyIssues]);
    expect((JSON.parse(json.stderr) as { error: { issues: unknown[] } }).error.issues).toHaveLength(60);
  });
});
