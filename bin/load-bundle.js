// Loads the CLI's bundle, dist/bundle/ as scripts/bundle-cli.mjs writes it with rollup (CommonJS
// chunks, main.cjs the entry), each chunk compiled by V8 from the code cache the build wrote beside it
// (<chunk>.v8c, scripts/code-cache.mjs): V8 then neither parses the chunk nor compiles the functions
// the build's commands ran. A cache V8 rejects (another node version, other V8 flags, a damaged file)
// or that is missing is a plain compile of the same source: the same program, slower to start.
//
// What the chunks get in place of node's CommonJS wrapper (bundle-cli.mjs writes them for it):
// - require: './<chunk>.cjs' is the bundle's own chunk, loaded once; a builtin by
//   process.getBuiltinModule; anything else (packages, dist/vendor/zod.js) by node's require from
//   the bundle's directory (an ES module among them through node's require of ES modules);
// - __svc_import_meta_url: the chunk's file URL (each module's own URL under dist/ is resolved
//   against it);
// - __svc_import: import() of a package or of a computed URL, made here: node 20 loses a script's
//   dynamic-import callback when V8 compiles it from a code cache ("A dynamic import callback was not
//   specified"), so the chunks never call import() themselves. Specifiers resolve from bin/, which
//   sits beside dist/ and so finds the same node_modules.
// Builtins by call, not by ES import (see bin/svc.js).
const { readFileSync } = process.getBuiltinModule('node:fs');
const { Script } = process.getBuiltinModule('node:vm');
const { createRequire } = process.getBuiltinModule('node:module');
const { pathToFileURL } = process.getBuiltinModule('node:url');

/** One line, so that the chunk's line numbers in stack traces are its file's. */
const HEAD = '(function (exports, require, module, __filename, __dirname, __svc_import_meta_url, __svc_import) {';
const TAIL = '\n})';
const importHere = (specifier) => import(specifier);

/**
 * The bundle in `dir` (a path): `main()` runs the entry and returns its exports; `scripts` lists
 * every chunk compiled so far ({ file, script }, in load order) for scripts/code-cache.mjs.
 */
export function bundleLoader(dir) {
  const modules = new Map();
  const scripts = [];
  const nodeRequire = createRequire(`${dir}/main.cjs`);
  const requireFromChunk = (id) => {
    if (id.startsWith('./')) return load(dir + id.slice(1));
    return process.getBuiltinModule(id) ?? nodeRequire(id);
  };
  function load(file) {
    const loaded = modules.get(file);
    if (loaded !== undefined) return loaded.exports;
    const source = readFileSync(file, 'utf8');
    let cachedData;
    try {
      cachedData = readFileSync(`${file}.v8c`);
    } catch {
      cachedData = undefined; // no cache: a plain compile
    }
    // V8 checks the cache against its version, its flags and the source's length, and compiles the
    // source as it is when the cache does not fit (script.cachedDataRejected).
    const script = new Script(HEAD + source + TAIL, { filename: file, cachedData });
    scripts.push({ file, script });
    const module = { exports: {} };
    modules.set(file, module);
    script.runInThisContext().call(module.exports, module.exports, requireFromChunk, module, file, dir, pathToFileURL(file).href, importHere);
    return module.exports;
  }
  return { main: () => load(`${dir}/main.cjs`), scripts };
}
