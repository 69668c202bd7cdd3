/**
 * The layering rules of eslint.config.js hold (issues 11 and 25): a wrong-way import, an import
 * circle and an outbound HTTP client outside src/providers/ fail lint. Single imports are checked
 * on text; the circle, the door's forbidden imports and the outbound client are planted as real
 * files (the resolver follows files on disk) and removed afterwards.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const eslint = new ESLint({ cwd: ROOT });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// Loading the parser, the plugins and the TypeScript resolver takes most of this file's time: once, here,
// with room for a busy machine, rather than inside the first test's timeout.
beforeAll(async () => {
  await lint('src/ops/probe.ts', 'export const x = 1;\n');
}, 180_000);

const DOOR_RULE = 'a door reaches engines, data, stores and providers only through operations';
const OUTBOUND_RULE = 'outbound HTTP lives in src/providers/';

describe('layering lint rule', () => {
  it.each([
    ['src/engines/probe.ts', "import { run } from '../cli/main.js';\nexport const x = run;\n", 'engines are pure'],
    ['src/domain/probe.ts', "import { operations } from '../ops/index.js';\nexport const x = operations;\n", 'domain imports nothing'],
    ['src/ops/probe.ts', "import { buildServer } from '../http/server.js';\nexport const x = buildServer;\n", 'operations never import a door'],
    ['src/data/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n", 'data codecs import domain only'],
    ['src/cli/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n", DOOR_RULE],
    ['src/cli/probe.ts', "export const x = () => import('../engines/stats.js');\n", DOOR_RULE],
    // No exception left: `svc prices stats` runs the lean prices.stats op (src/ops/market/prices-stats.ts).
    ['src/cli/prices.ts', "export const x = () => import('../engines/stats.js');\n", DOOR_RULE],
    ['src/cli/prices.ts', "export const x = () => import('../engines/gaps.js');\n", DOOR_RULE],
    // Every door, every floor below the operations, type-only imports included.
    ['src/cli/probe.ts', "export const x = () => import('../data/load.js');\n", DOOR_RULE],
    ['src/cli/probe.ts', "import type { Stores } from '../store/types.js';\nexport type X = Stores;\n", DOOR_RULE],
    ['src/http/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n", DOOR_RULE],
    ['src/http/probe.ts', "import { loadPriceBook } from '../data/load.js';\nexport const x = loadPriceBook;\n", DOOR_RULE],
    ['src/mcp/probe.ts', "import { openConfiguredStores } from '../store/open.js';\nexport const x = openConfiguredStores;\n", DOOR_RULE],
    ['src/mcp/probe.ts', "import { canonicalJson } from '../engines/canonical-json.js';\nexport const x = canonicalJson;\n", DOOR_RULE],
    ['src/report/probe.ts', "import { BORDERS } from '../providers/tsoplatform/eic.js';\nexport const x = BORDERS;\n", 'reports only render what operations computed'],
    ['src/report/probe.ts', "import { equitySeries } from '../ops/report/report-figures.js';\nexport const x = equitySeries;\n", 'reports only render what operations computed'],
    ['src/report/probe.ts', "import { runBacktest } from '../engines/backtest.js';\nexport const x = runBacktest;\n", 'reports only render what operations computed'],
    ['src/http/probe.ts', "import { registerServe } from '../cli/serve.js';\nexport const x = registerServe;\n", 'a door never imports another door'],
    ['src/mcp/probe.ts', "import { buildServer } from '../http/server.js';\nexport const x = buildServer;\n", 'a door never imports another door'],
  ])('%s, case %#', async (file, code, message) => {
    const messages = await lint(file, code);
    expect(messages.some((m) => m.startsWith('import-x/no-restricted-paths') && m.includes(message)), messages.join('\n')).toBe(true);
  }, 60_000);

  it.each([
    ['src/ops/probe.ts', "import { planSpread } from '../engines/strategy.js';\nexport const x = planSpread;\n"],
    ['src/cli/probe.ts', "import { loadPriceBook } from '../ops/facade/book-read.js';\nexport const x = loadPriceBook;\n"],
    ['src/http/probe.ts', "import type { Stores } from '../ops/facade/stores.js';\nexport type X = Stores;\n"],
    // The CLI launches the other doors (`svc serve`, `svc mcp`).
    ['src/cli/probe.ts', "export const x = () => import('../http/listen.js');\n"],
  ])('a right-way import passes: %s', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  }, 60_000);
});

describe('planted files (issue 25): lint fails with them and passes without', () => {
  const tag = `lint-probe-${process.pid}-${Date.now().toString(36)}`;
  const planted: string[] = [];
  const plant = (file: string, code: string): string => {
    const path = join(ROOT, file);
    writeFileSync(path, code);
    planted.push(path);
    return path;
  };
  afterAll(() => {
    for (const path of planted) rmSync(path, { force: true });
  });

  async function lintFiles(paths: string[]): Promise<string[]> {
    const results = await eslint.lintFiles(paths);
    return results.flatMap((r) => r.messages.map((m) => `${relative(ROOT, r.filePath)} ${m.ruleId}: ${m.message}`));
  }

  it('a runtime import circle between two .ts files fails `no-cycle`; the same pair one way passes', async () => {
    const a = plant(`src/ops/${tag}-a.ts`, `import { b } from './${tag}-b.js';\nexport const a = (): number => b() + 1;\n`);
    const b = plant(`src/ops/${tag}-b.ts`, `import { a } from './${tag}-a.js';\nexport const b = (): number => a() - 1;\n`);
    const cyclic = await lintFiles([a, b]);
    expect(cyclic.filter((m) => m.includes('import-x/no-cycle')), cyclic.join('\n')).toHaveLength(2);

    const c = plant(`src/ops/${tag}-c.ts`, `import { d } from './${tag}-d.js';\nexport const c = (): number => d() + 1;\n`);
    const d = plant(`src/ops/${tag}-d.ts`, 'export const d = (): number => 1;\n');
    expect(await lintFiles([c, d])).toEqual([]);
  }, 60_000);

  it("a door's import of an engine, a store, a provider or a data codec fails; through src/ops it passes", async () => {
    const bad = plant(
      `src/http/${tag}-door.ts`,
      [
        "import { planSpread } from '../engines/strategy.js';",
        "import { openConfiguredStores } from '../store/open.js';",
        "import { BORDERS } from '../providers/tsoplatform/eic.js';",
        "import { loadPriceBook } from '../data/load.js';",
        'export const all = [planSpread, openConfiguredStores, BORDERS, loadPriceBook];',
        '',
      ].join('\n'),
    );
    const messages = await lintFiles([bad]);
    expect(messages.filter((m) => m.includes(DOOR_RULE)), messages.join('\n')).toHaveLength(4);

    const good = plant(
      `src/http/${tag}-door-ok.ts`,
      [
        "import { openConfiguredStores } from '../ops/facade/stores.js';",
        "import { BORDERS } from '../ops/facade/grid.js';",
        "import { loadPriceBook } from '../ops/facade/book-read.js';",
        'export const all = [openConfiguredStores, BORDERS, loadPriceBook];',
        '',
      ].join('\n'),
    );
    expect(await lintFiles([good])).toEqual([]);
  }, 60_000);

  it('an outbound HTTP client in src/ops (undici, static or lazy; node:http; global fetch) fails; the same code in src/providers passes', async () => {
    const code = [
      "import { request } from 'undici';",
      "import { get } from 'node:http';",
      "export const lazy = () => import('undici');",
      "export const all = [request, get, () => fetch('http://127.0.0.1:9/')];",
      '',
    ].join('\n');
    const bad = plant(`src/ops/${tag}-outbound.ts`, code);
    const messages = await lintFiles([bad]);
    expect(messages.filter((m) => m.includes(OUTBOUND_RULE)), messages.join('\n')).toHaveLength(4);
    expect(messages.filter((m) => m.includes('undici')).map((m) => m.split(' ')[1])).toEqual(['@typescript-eslint/no-restricted-imports:']);

    const provider = plant(`src/providers/${tag}-outbound.ts`, code);
    expect(await lintFiles([provider])).toEqual([]);
    // Node's http types stay allowed: the HTTP door types its listener's requests with them.
    const types = plant(`src/http/${tag}-types.ts`, "import type { IncomingMessage } from 'node:http';\nexport type Req = IncomingMessage;\n");
    expect(await lintFiles([types])).toEqual([]);
    // Its server classes too (the door's probe of Node's header store); its client, or the whole module, not.
    const server = plant(`src/http/${tag}-server.ts`, "import { ServerResponse } from 'node:http';\nexport const S = ServerResponse;\n");
    expect(await lintFiles([server])).toEqual([]);
    const whole = plant(`src/http/${tag}-whole.ts`, "import http from 'node:http';\nimport * as all from 'node:http';\nimport { Agent } from 'http';\nexport const x = [http, all, Agent];\n");
    expect((await lintFiles([whole])).filter((m) => m.includes(OUTBOUND_RULE))).toHaveLength(3);
  }, 60_000);
});

/**
 * `no-cycle` ignores `import type` edges (erased at compile time); the import graph of src/, type
 * imports included, has no circle either.
 */
describe('no import circle in src/, type imports included', () => {
  const SPECIFIER = /(?:from\s+|import\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

  function graph(root: string): Map<string, string[]> {
    const edges = new Map<string, string[]>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.includes('lint-probe-')) {
          const targets = [...readFileSync(path, 'utf8').matchAll(SPECIFIER)].map((m) => join(dirname(path), m[1]!).replace(/\.js$/, '.ts'));
          edges.set(path, targets);
        }
      }
    };
    walk(root);
    return edges;
  }

  /** Strongly connected components of more than one file (Tarjan). */
  function circles(edges: Map<string, string[]>): string[][] {
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    const visit = (v: string): void => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!edges.has(w)) continue;
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(relative(ROOT, w));
        } while (w !== v);
        if (scc.length > 1) found.push(scc.sort());
      }
    };
    for (const v of edges.keys()) if (!index.has(v)) visit(v);
    return found;
  }

  it('finds a planted type-only circle (the check can fail)', () => {
    const edges = new Map([
      ['/x/a.ts', ['/x/b.ts']],
      ['/x/b.ts', ['/x/a.ts']],
      ['/x/c.ts', ['/x/a.ts']],
    ]);
    const found = circles(edges);
    expect(found).toHaveLength(1);
    expect(found[0]!.map((p) => p.slice(-4))).toEqual(['a.ts', 'b.ts']);
  });

  it('src/ has none', () => {
    const edges = graph(join(ROOT, 'src'));
    expect(edges.size).toBeGreaterThan(100);
    expect(circles(edges)).toEqual([]);
  });
});
