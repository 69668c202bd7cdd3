#!/usr/bin/env node
/**
 * Build step after `tsc` (npm run build): zod, which the built CLI and server import as 95 small
 * ES modules, is bundled into one file, dist/vendor/zod.js, and the built modules import that file
 * instead of the package. Same package, same version, same code: only the module graph is flatter.
 * Loading zod is the largest single cost of a cold `svc plan` (resolving, reading and compiling 95
 * files); as one file it costs about half (docs/benchmarks.md, "CLI, cold runs").
 *
 * zod's own instances stay one: a schema of this copy and one of the package (the MCP SDK's) are
 * told apart by zod's traits, not by class identity, and its global registry lives on globalThis.
 * Only dist/ changes; the sources and the tests (which run the sources) import the package as
 * before. Without esbuild (an install without dev dependencies) the step is skipped and dist/
 * imports the package: slower to start, nothing else.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const vendor = join(dist, 'vendor', 'zod.js');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('bundle-vendor: esbuild not installed; dist/ imports zod from node_modules');
  process.exit(0);
}

await esbuild.build({
  // The package's ES entry, as `import … from 'zod'` resolves it.
  stdin: { contents: "export * from 'zod'; export { default } from 'zod';", resolveDir: root, sourcefile: 'zod-entry.js' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: vendor,
  legalComments: 'inline',
  logLevel: 'warning',
});

/** `from 'zod'` and `import('zod')` in every built module → the bundled file, by relative path. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)(['"])zod\2/g;
let files = 0;
function rewrite(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== dirname(vendor)) rewrite(path);
    } else if (entry.name.endsWith('.js')) {
      const text = readFileSync(path, 'utf8');
      if (!SPECIFIER.test(text)) continue;
      let rel = relative(dirname(path), vendor).split(sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      writeFileSync(path, text.replace(SPECIFIER, (_, head, q) => `${head}${q}${rel}${q}`));
      files += 1;
    }
  }
}
rewrite(dist);
console.log(`bundle-vendor: zod bundled into dist/vendor/zod.js; ${files} built modules import it`);
