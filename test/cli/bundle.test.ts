/**
 * The build's bundle of the CLI (dist/bundle/, scripts/bundle-cli.mjs) behaves as the compiled
 * modules it is made of: bin/svc.js runs the bundle when it is there, and for the same arguments it
 * prints what dist/cli/main.js prints when run directly (the fallback without esbuild). Its chunks
 * compile from the build's code cache (scripts/code-cache.mjs, bin/load-bundle.js), and a cache V8
 * rejects (another node or other V8 flags, a damaged file) is a plain compile of the same program.
 */
import { execa } from 'execa';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURE, ROOT, WEEK, tempDir } from './helpers.js';

const bundled = existsSync(join(ROOT, 'dist', 'bundle', 'main.cjs'));
const TRACE = join(ROOT, 'test/cli/fixtures/trace-imports.mjs');

/** Runs a CLI entry (bin/svc.js, or a script importing dist/cli/main.js) with its own data directory; node's options before it. */
async function run(entry: string, args: string[], env: Record<string, string> = {}, nodeOptions: string[] = []) {
  const r = await execa(process.execPath, [...nodeOptions, entry, ...args], { cwd: ROOT, reject: false, env: { SVC_DATA_DIR: tempDir('svc-bundle-'), NO_COLOR: '1', ...env } });
  return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** Runs `bin` traced (test/cli/fixtures/trace-imports.mjs): its result and the bundle's chunks, each with what V8 did with its code cache. */
async function traced(bin: string, args: string[], nodeOptions: string[] = []) {
  const trace = join(tempDir('svc-bundle-trace-'), 'trace.txt');
  const r = await run(bin, args, { SVC_TRACE_FILE: trace }, [...nodeOptions, '--import', TRACE]);
  const lines = readFileSync(trace, 'utf8').split('\n');
  const chunks = lines.filter((l) => l.includes('/dist/bundle/')).map((l) => l.slice(l.indexOf('/dist/bundle/') + '/dist/bundle/'.length));
  return { ...r, loaded: lines, chunks };
}

const CASES = [
  ['prices', 'stats', FIXTURE],
  ['plan', FIXTURE, '--date', '15.12.2024', '--format', 'csv', '--lang', 'uk'],
  ['backtest', WEEK],
  ['bess', WEEK, '--date', '03.06.2024', '--format', 'json'],
  ['plan', FIXTURE, '--date', '31.12.2030'],
  ['--help'],
];

describe.skipIf(!bundled)('the bundled CLI', () => {
  it('bin/svc.js loads the bundle, not the compiled modules, each chunk from its code cache', async () => {
    const r = await traced(BIN, ['prices', 'stats', WEEK]);
    expect(r.exitCode).toBe(0);
    expect(r.chunks[0]).toBe('main.cjs code-cache=accepted');
    expect(r.chunks.length).toBeGreaterThan(5);
    for (const chunk of r.chunks) expect(chunk).toMatch(/\.cjs code-cache=accepted$/);
    expect(r.loaded.join('\n')).not.toContain('/dist/cli/');
  });

  it('a code cache V8 rejects (other V8 flags, as another node version) is a plain compile: the same outputs', async () => {
    // --max-lazy changes V8's flag hash, which every code cache is checked against (as its version).
    for (const args of CASES) {
      const [cached, rejected] = await Promise.all([traced(BIN, args), traced(BIN, args, ['--max-lazy'])]);
      expect(rejected.chunks, args.join(' ')).toEqual(cached.chunks.map((c) => c.replace(/=accepted$/, '=rejected')));
      expect(cached.chunks[0], args.join(' ')).toBe('main.cjs code-cache=accepted');
      expect({ ...rejected, loaded: [], chunks: [] }, args.join(' ')).toEqual({ ...cached, loaded: [], chunks: [] });
    }
  });

  it('damaged or missing code caches: the chunks compile from their source, the same outputs', async () => {
    // A copy of the checkout whose dist/bundle/ has every cache damaged (cut short, or garbage), or removed.
    const copy = tempDir('svc-bundle-copy-');
    mkdirSync(join(copy, 'bin'));
    for (const f of readdirSync(join(ROOT, 'bin'))) copyFileSync(join(ROOT, 'bin', f), join(copy, 'bin', f));
    for (const f of ['fixtures', 'node_modules', 'package.json']) symlinkSync(join(ROOT, f), join(copy, f));
    mkdirSync(join(copy, 'dist'));
    for (const f of readdirSync(join(ROOT, 'dist'))) if (f !== 'bundle') symlinkSync(join(ROOT, 'dist', f), join(copy, 'dist', f));
    cpSync(join(ROOT, 'dist', 'bundle'), join(copy, 'dist', 'bundle'), { recursive: true });
    const caches = readdirSync(join(copy, 'dist', 'bundle')).filter((f) => f.endsWith('.v8c'));
    expect(caches.length).toBeGreaterThan(5);
    caches.forEach((f, i) => {
      const file = join(copy, 'dist', 'bundle', f);
      const data = readFileSync(file);
      if (i % 2 === 0) writeFileSync(file, data.subarray(0, data.length >> 1));
      else writeFileSync(file, Buffer.from(data.map((b, j) => (j % 7 === 3 ? b ^ 0x5a : b))));
    });
    const damaged = join(copy, 'bin', 'svc.js');
    for (const args of CASES) {
      const [cached, rejected] = await Promise.all([traced(BIN, args), traced(damaged, args)]);
      expect(rejected.chunks, args.join(' ')).toEqual(cached.chunks.map((c) => c.replace(/=accepted$/, '=rejected')));
      expect({ ...rejected, loaded: [], chunks: [] }, args.join(' ')).toEqual({ ...cached, loaded: [], chunks: [] });
    }
    for (const f of caches) rmSync(join(copy, 'dist', 'bundle', f));
    const [cached, uncached] = await Promise.all([traced(BIN, CASES[0]!), traced(damaged, CASES[0]!)]);
    expect(uncached.chunks).toEqual(cached.chunks.map((c) => c.replace(/=accepted$/, '=none')));
    expect({ ...uncached, loaded: [], chunks: [] }).toEqual({ ...cached, loaded: [], chunks: [] });
  });

  it('prints what dist/cli/main.js prints, outputs and errors alike', async () => {
    const unbundled = join(tempDir('svc-bundle-entry-'), 'svc-unbundled.mjs');
    writeFileSync(unbundled, `const main = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/cli/main.js')).href)});\nprocess.exitCode = await main.run(process.argv);\n`);
    const cases = [
      ['plan', FIXTURE, '--date', '15.12.2024'],
      ['plan', FIXTURE, '--date', '15.12.2024', '--format', 'csv', '--lang', 'uk'],
      ['bess', WEEK, '--date', '03.06.2024'],
      ['prices', 'stats', WEEK, '--format', 'json'],
      ['prices', 'stats', FIXTURE, '--from', '01.12.2024'],
      ['backtest', WEEK],
      ['plan', FIXTURE, '--date', '31.12.2030'],
      ['plan', FIXTURE, '--date', '15.12.2024', '--volume', '-1'],
      ['nosuchcommand'],
      ['--help'],
    ];
    for (const args of cases) {
      const [a, b] = await Promise.all([run(BIN, args), run(unbundled, args)]);
      expect(a, args.join(' ')).toEqual(b);
    }
  });
});
