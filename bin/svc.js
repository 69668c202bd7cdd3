#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm install` (prepare) or `npm run build`, which also bundles it
// into dist/bundle/ (scripts/bundle-cli.mjs; fewer files to load on a cold start) with V8's code
// cache of its chunks (scripts/code-cache.mjs). Without the bundle (esbuild absent) the compiled
// modules run as they are. In a checkout that has not been
// built, say what to run instead of printing a module-resolution stack.
// The builtin by call, not by import: an ES import of node:fs makes node build its ES facade (every
// export read, its lazy streams included), a cost on every start (scripts/bundle-cli.mjs does the same).
const { existsSync } = process.getBuiltinModule('node:fs');

const bundle = new URL('../dist/bundle/', import.meta.url);
let main;
try {
  if (existsSync(new URL('main.cjs', bundle))) {
    // rollup's CommonJS chunks, compiled from the build's code cache (bin/load-bundle.js).
    const { bundleLoader } = await import('./load-bundle.js');
    main = bundleLoader(decodeURIComponent(bundle.pathname).replace(/\/$/, '')).main();
  } else {
    // esbuild's ES chunks (rollup absent), or the compiled modules (esbuild absent).
    const esm = new URL('main.js', bundle);
    main = await import(existsSync(esm) ? esm.href : '../dist/cli/main.js');
  }
} catch (error) {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('/dist/')) {
    process.stderr.write('svc: this checkout is not built yet (dist/ is missing). Run `npm install` (it builds), or `npm run build`, then try again.\n');
    process.exit(1);
  }
  throw error;
}
main.run(process.argv).then((code) => {
  process.exitCode = code;
});
