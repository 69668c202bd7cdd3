#!/usr/bin/env node
/**
 * The build's fingerprint, so that `prepare` does not build twice what is already built.
 *
 * `npm install` builds dist/ (prepare). The first `npx svc …` in a checkout then installs the
 * checkout itself into npx's cache (a link to it) and runs its `prepare` again: a second full build,
 * 30–60 s of silence before the first command a new user types. `npm run build` ends with
 * `build-stamp.mjs write` (a hash of every build input in dist/.build-stamp); `prepare` runs
 * `build-stamp.mjs check || npm run build`, so it builds only when an input changed since (or
 * dist/ is missing). `npm run build` itself always builds.
 *
 *   node scripts/build-stamp.mjs write   record the inputs' hash of the build just made
 *   node scripts/build-stamp.mjs check   exit 0 when dist/ was built from exactly these inputs
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(root, 'dist', '.build-stamp');
/** What the build reads: the sources, the build scripts, the compiler settings, the packages. */
const INPUTS = ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  try {
    return readdirSync(full, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath ?? e.path, e.name)));
  } catch {
    return [path];
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  hash.update(process.version);
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

const mode = process.argv[2];
if (mode === 'write') {
  writeFileSync(STAMP, `${fingerprint()}\n`);
} else if (mode === 'check') {
  const fresh = existsSync(join(root, 'dist', 'cli', 'main.js')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === fingerprint();
  if (fresh) console.log('svc: dist/ is built from these sources already; not building again (`npm run build` forces it)');
  process.exit(fresh ? 0 : 1);
} else {
  console.error('usage: node scripts/build-stamp.mjs write|check');
  process.exit(2);
}
