/**
 * The order files start in (vitest `sequence.sequencer`): the longest files first, so that on the
 * 2-core machine the last files to finish are short ones, not a 40 s file started near the end
 * (issue 34). Vitest's own order (failed first, then longest by the last run's durations) needs a
 * results cache that a fresh clone does not have; there it orders by file size. The files below are
 * the longest of the suite (docs/benchmarks.md, "Test suite": the quiet CI runs of 2026-11-28 and a
 * loaded whole run of 2026-12-06), roughly longest first (the two that start other processes,
 * Chromium and the docs' CLI runs, first); every other file
 * follows in vitest's order. A file missing from the list only starts later than it could.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'test/docs/shell-blocks.test.ts',
  'test/report/browser.test.ts',
  'test/engines/oracle-bess-horizon.test.ts',
  'test/ops/forecast-parallel.test.ts',
  'test/cli/forecast.test.ts',
  'test/ops/forecast-caps.test.ts',
  'test/cli/forecast-cache.test.ts',
  'test/ops/forecast-evaluate-exog.test.ts',
  'test/ops/forecast-member-cache.test.ts',
  'test/ops/forecast-cancel.test.ts',
  'test/ops/forecast-served-exog.test.ts',
  'test/engines/oracle-strategy-real.test.ts',
  'test/mcp/mcp-sdk.test.ts',
  'test/engines/forecast/forecast.test.ts',
  'test/cli/daily-brief.test.ts',
  'test/robustness/off-loop.test.ts',
  'test/lint/layers.test.ts',
  'test/cli/forecast-evaluate.test.ts',
  'test/robustness/fuzz.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
