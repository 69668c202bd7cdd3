/** The layering rule of eslint.config.js catches a wrong-way import (issue 11): checked on text, nothing written. */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering lint rule', () => {
  it.each([
    ['src/engines/probe.ts', "import { run } from '../cli/main.js';\nexport const x = run;\n", 'engines are pure'],
    ['src/domain/probe.ts', "import { operations } from '../ops/index.js';\nexport const x = operations;\n", 'domain imports nothing'],
    ['src/ops/probe.ts', "import { buildServer } from '../http/server.js';\nexport const x = buildServer;\n", 'operations never import a door'],
    ['src/data/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n", 'data codecs import domain only'],
    ['src/cli/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n", 'the CLI runs engines only through operations'],
    ['src/cli/probe.ts', "export const x = () => import('../engines/stats.js');\n", 'the CLI runs engines only through operations'],
    // No exception left: `svc prices stats` runs the lean prices.stats op (src/ops/prices-stats.ts).
    ['src/cli/prices.ts', "export const x = () => import('../engines/stats.js');\n", 'the CLI runs engines only through operations'],
    ['src/cli/prices.ts', "export const x = () => import('../engines/gaps.js');\n", 'the CLI runs engines only through operations'],
    ['src/report/probe.ts', "import { equitySeries } from '../ops/report-figures.js';\nexport const x = equitySeries;\n", 'reports only render what operations computed'],
    ['src/report/probe.ts', "import { runBacktest } from '../engines/backtest.js';\nexport const x = runBacktest;\n", 'reports only render what operations computed'],
  ])('%s', async (file, code, message) => {
    const messages = await lint(file, code);
    expect(messages.some((m) => m.startsWith('import-x/no-restricted-paths') && m.includes(message)), messages.join('\n')).toBe(true);
  }, 60_000);

  it('a right-way import passes', async () => {
    expect(await lint('src/ops/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n")).toEqual([]);
  }, 60_000);
});
