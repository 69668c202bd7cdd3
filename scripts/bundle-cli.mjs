#!/usr/bin/env node
/**
 * Build step (npm run build, before scripts/code-cache.mjs): the built CLI, dist/cli/main.js and
 * everything it imports, is bundled by esbuild — ES modules with code splitting, so every dynamic
 * import (a hand-written command, an operation, the server) stays a lazy chunk — then re-chunked by
 * rollup into dist/bundle/ (below), and bin/svc.js runs the bundle when it is there. A cold command
 * then reads far fewer files (the counts per command, and how they are taken, are in
 * docs/architecture.md, "Start-up cost is part of the design": one place, not repeated here):
 * module resolution, file reads and compiling are most of what a cold command costs above
 * `node -e 0` (docs/benchmarks.md, "CLI, cold runs (issue 25, 2026-11-27)").
 *
 * One bundle for every command, so that each module has one instance (one SvcError class, one
 * commander). The tsc output stays as it is beside it: the pool's worker threads (src/ops/pool.ts:
 * forecast, backtest, sweep, receipt) load their own modules from it, and without esbuild (an
 * install without dev dependencies) this step is skipped and bin/svc.js runs dist/cli/main.js:
 * slower to start, nothing else.
 *
 * What the bundle keeps as it was under dist/:
 * - `import.meta.url` in each module still names the module's own file under dist/ (its fixtures,
 *   commands.json, package.json and worker scripts are found relative to it), rewritten to a URL
 *   relative to the chunk, so a moved checkout still works;
 * - the operations the manifest names, which `loadBuiltOp` imports by a computed path, become
 *   static dynamic imports (lazy chunks of the same bundle, not a second copy of dist/);
 * - packages stay in node_modules, except commander and chalk (every command loads them):
 *   dist/vendor/zod.js is imported as the one file it is.
 *
 * Then rollup re-chunks esbuild's output (no code changed: tree-shaking off). esbuild gives each set
 * of dynamic importers a chunk of its own; rollup knows that what a dynamic import's importer has
 * loaded already needs no chunk of its own, so a cold command reads half the files of esbuild's
 * chunks or fewer (docs/architecture.md has the counts). Without rollup, esbuild's chunks (ES
 * modules, main.js) are the bundle.
 *
 * rollup writes the chunks as CommonJS (main.cjs, <name>-<hash>.cjs) for bin/load-bundle.js, which
 * compiles each with vm.Script from the V8 code cache that scripts/code-cache.mjs writes beside it:
 * node 20 has no code cache for ES modules (nor module.enableCompileCache), and V8 parsing the
 * chunks and compiling their functions was ≈ 50 M instructions of a cold command. A dynamic import of
 * another chunk is rollup's lazy require; `import.meta.url` and a dynamic import of a package or of
 * a computed URL become the loader's `__svc_import_meta_url` and `__svc_import` (node 20 loses a
 * script's dynamic-import callback when V8 compiles it from a cache); a package's static import is
 * node's require (an ES-only package or dist/vendor/zod.js through node's require of ES modules).
 * docs/benchmarks.md, "Cold CLI: a CommonJS bundle from a code cache (issue 25, 2026-12-06)".
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const out = join(dist, 'bundle');
/** Packages bundled in: both load on every command. Any other package stays a runtime import. */
const BUNDLED = new Set(['commander', 'chalk']);
/** The computed import in dist/cli/manifest.js that the bundle replaces by a static table. */
const OP_IMPORT = 'import(new URL(`../${spec.module}`, import.meta.url).href)';

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('bundle-cli: esbuild not installed; bin/svc.js runs dist/cli/main.js unbundled');
  process.exit(0);
}

const posix = (p) => p.split(sep).join('/');
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const opModules = [...new Set(JSON.parse(readFileSync(join(dist, 'cli', 'commands.json'), 'utf8')).commands.map((c) => c.module).filter(Boolean))];

/** dist/cli/manifest.js with the operations' modules as static dynamic imports. */
function manifestSource(text) {
  if (!text.includes(OP_IMPORT)) throw new Error(`bundle-cli: dist/cli/manifest.js no longer contains ${OP_IMPORT}; update scripts/bundle-cli.mjs`);
  const cases = opModules.map((m) => `    case ${JSON.stringify(m)}: return import(${JSON.stringify(`../${m}`)});`).join('\n');
  return `${text.replace(OP_IMPORT, 'importBuiltOp(spec.module)')}
/** The manifest's operation modules, as lazy chunks of this bundle (scripts/bundle-cli.mjs). */
function importBuiltOp(module) {
  switch (module) {
${cases}
    default: return import(new URL(\`../\${module}\`, import.meta.url).href);
  }
}
`;
}

/**
 * `import { a, b } from 'node:x'` (all tsc writes for a builtin) and chalk's `import x from 'node:x'`
 * as `const … = process.getBuiltinModule('node:x')`: an ES import of a builtin makes node build the
 * builtin's ES facade, reading every export of it (fs's lazy streams included), ≈ 3 M instructions
 * a builtin on a cold start; the CommonJS object is what the facade reads anyway. A form this does
 * not know stays an import.
 */
function builtinsByCall(text) {
  return text
    .replace(/^import \{([^}]*)\} from '(node:[a-z_/]+)';$/gm, (_, names, id) => (names.includes(' as ') ? _ : `const {${names}} = globalThis.process.getBuiltinModule('${id}');`))
    .replace(/^import ([A-Za-z_$][\w$]*) from '(node:[a-z_/]+)';$/gm, (_, name, id) => `const ${name} = globalThis.process.getBuiltinModule('${id}');`);
}

const svcDist = {
  name: 'svc-dist',
  setup(build) {
    // Packages (and node: builtins) stay imports at run time, except the bundled ones.
    build.onResolve({ filter: /^[^./#]/ }, (args) => (BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
    // The zod bundle of bundle-vendor.mjs stays the one file it is.
    build.onResolve({ filter: /\/vendor\/zod\.js$/ }, () => ({ path: '../vendor/zod.js', external: true }));
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}chalk${sep}`)) return { contents: builtinsByCall(readFileSync(args.path, 'utf8')), loader: 'js', resolveDir: dirname(args.path) };
      if (!args.path.startsWith(dist + sep)) return undefined;
      let text = builtinsByCall(readFileSync(args.path, 'utf8'));
      if (args.path === join(dist, 'cli', 'manifest.js')) text = manifestSource(text);
      const own = `new URL(${JSON.stringify(posix(relative(out, args.path)))}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * What rollup's CommonJS chunks take from bin/load-bundle.js instead of an ES module's own: the
 * chunk's URL for `import.meta.url`, and the loader's import() for a package or a computed URL (node
 * 20 loses a script's dynamic-import callback when V8 compiles it from a code cache). A dynamic
 * import of another chunk is rollup's lazy require.
 */
const commonJsChunks = {
  name: 'svc-commonjs-chunks',
  resolveImportMeta: (property) => (property === 'url' ? '__svc_import_meta_url' : null),
  renderDynamicImport: ({ targetModuleId }) => (targetModuleId !== null && isAbsolute(targetModuleId) ? null : { left: '__svc_import(', right: ')' }),
};

/** esbuild's chunks, re-chunked by rollup into `out` (then removed). */
const staged = join(dist, '.bundle-esbuild');
rmSync(out, { recursive: true, force: true });
rmSync(staged, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: { main: join(dist, 'cli', 'main.js') },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: staged,
  chunkNames: '[name]-[hash]',
  // commander is CommonJS: its require() of node builtins, without loading node's CommonJS loader.
  // It requires child_process at load only to spawn executable subcommands, which svc has none of:
  // loaded on first use instead (child_process, dgram and net's socket list cost ≈ 5–8 ms a start).
  banner: {
    js: "const require = (id) => (id === 'node:child_process' ? new Proxy({}, { get: (_, key) => process.getBuiltinModule(id)[key] }) : process.getBuiltinModule(id));",
  },
  legalComments: 'inline',
  metafile: true,
  logLevel: 'warning',
  plugins: [svcDist],
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
const chunks = await rechunk();
console.log(`bundle-cli: dist/cli/main.js bundled into ${posix(relative(root, out))}/ (${chunks ?? files.length} files${chunks === undefined ? ', esbuild chunks: rollup not installed' : ', re-chunked by rollup'})`);

/** rollup over esbuild's chunks (module ids './chunk-*.js'; every other import stays one); the file count, or undefined without rollup. */
async function rechunk() {
  let rollup;
  try {
    ({ rollup } = await import('rollup'));
  } catch {
    renameSync(staged, out);
    return undefined;
  }
  const build = await rollup({
    input: join(staged, 'main.js'),
    external: (id, importer) => importer !== undefined && !id.startsWith('./') && !isAbsolute(id),
    treeshake: false,
    plugins: [commonJsChunks],
    onwarn: (warning, warn) => {
      // The manifest's fallback import is computed (a path outside the bundle), as intended.
      if (warning.code !== 'CIRCULAR_DEPENDENCY' && !(warning.code === 'UNRESOLVED_IMPORT' && String(warning.exporter).startsWith('node:'))) warn(warning);
    },
  });
  const { output } = await build.write({ dir: out, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' });
  await build.close();
  rmSync(staged, { recursive: true, force: true });
  return output.filter((o) => o.type === 'chunk').length;
}
