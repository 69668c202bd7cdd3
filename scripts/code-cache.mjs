#!/usr/bin/env node
/**
 * Build step after scripts/bundle-cli.mjs (npm run build): V8's code cache of the bundle's chunks,
 * written beside each as <chunk>.v8c, which bin/load-bundle.js hands to V8 when it compiles the
 * chunk. With it a cold command neither parses the chunks it loads nor compiles the functions these
 * commands ran: `svc prices stats` ≈ 6 % fewer instructions, `svc plan` ≈ 12 % (docs/benchmarks.md,
 * "Cold CLI: a CommonJS bundle from a code cache (issue 25, 2026-12-06)").
 *
 * The commands below run once, in this process, through the loader, their output dropped; then each
 * chunk they loaded is serialised with what V8 compiled of it so far (script.createCachedData()
 * after the run, so the functions compiled lazily are in it). A chunk no command loaded has no
 * cache and compiles as it is. The cache holds for this node (V8 version and flags): another node,
 * or flags such as --max-old-space-size, and V8 rejects it and compiles the source (the same
 * program, the start-up of a bundle without caches). bundle-cli.mjs empties dist/bundle/ each time,
 * so a cache never outlives the chunk it was made from.
 *
 * Skipped (nothing written) when dist/bundle/ holds no CommonJS bundle (rollup or esbuild absent),
 * or when one of the commands fails (then the bundle runs without caches, and test/cli/bundle.test.ts
 * fails).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'dist', 'bundle');
if (!existsSync(join(dir, 'main.cjs'))) {
  console.log('code-cache: no CommonJS bundle in dist/bundle/; no code cache');
  process.exit(0);
}

const book = join(root, 'fixtures', 'oree-dam-ips-2022-2024.csv');
/** The cold commands the cache is made for (bench/cli.bench.ts), and the help every command shares. */
const COMMANDS = [
  ['--version'],
  ['prices', 'stats', book],
  ['plan', book, '--date', '15.12.2024'],
  ['backtest', book],
  ['--help'],
];

const { bundleLoader } = await import('../bin/load-bundle.js');
const data = mkdtempSync(join(tmpdir(), 'svc-code-cache-'));
process.env.SVC_DATA_DIR = data;
process.env.SVC_MARKET_DATA = 'fixture';
process.env.NO_COLOR = '1';
const loader = bundleLoader(dir);
const { run } = loader.main();
const { stdout, stderr } = process;
const writes = [stdout.write, stderr.write];
let failed;
try {
  for (const args of COMMANDS) {
    stdout.write = stderr.write = () => true;
    let code;
    try {
      code = await run(['node', 'svc', ...args]);
    } finally {
      [stdout.write, stderr.write] = writes;
    }
    if (code !== 0) {
      failed = `svc ${args.join(' ')} exited ${code}`;
      break;
    }
  }
} finally {
  rmSync(data, { recursive: true, force: true });
}
if (failed !== undefined) {
  // Not the build's failure: without caches the bundle runs as it is (test/cli/bundle.test.ts notices).
  console.log(`code-cache: ${failed}; no code cache written`);
  process.exit(0);
}
let bytes = 0;
for (const { file, script } of loader.scripts) {
  const cache = script.createCachedData();
  writeFileSync(`${file}.v8c`, cache);
  bytes += cache.length;
}
console.log(`code-cache: ${loader.scripts.length} chunks of ${relative(root, dir)}/ cached (${Math.round(bytes / 1024)} kB) by node ${process.version}`);
