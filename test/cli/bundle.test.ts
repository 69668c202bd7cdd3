/**
 * The build's bundle of the CLI (dist/bundle/, scripts/bundle-cli.mjs) behaves as the compiled
 * modules it is made of: bin/svc.js runs the bundle when it is there, and for the same arguments it
 * prints what dist/cli/main.js prints when run directly (the fallback without esbuild).
 */
import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURE, ROOT, WEEK, tempDir } from './helpers.js';

const bundled = existsSync(join(ROOT, 'dist', 'bundle', 'main.js'));

/** Runs a CLI entry (bin/svc.js, or a script importing dist/cli/main.js) with its own data directory. */
async function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const r = await execa(process.execPath, [entry, ...args], { cwd: ROOT, reject: false, env: { SVC_DATA_DIR: tempDir('svc-bundle-'), NO_COLOR: '1', ...env } });
  return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

describe.skipIf(!bundled)('the bundled CLI', () => {
  it('bin/svc.js loads the bundle, not the compiled modules', async () => {
    const dir = tempDir('svc-bundle-trace-');
    const trace = join(dir, 'trace.txt');
    const r = await run('--import', [join(ROOT, 'test/cli/fixtures/trace-imports.mjs'), BIN, 'prices', 'stats', WEEK], { SVC_TRACE_FILE: trace });
    expect(r.exitCode).toBe(0);
    const loaded = readFileSync(trace, 'utf8');
    expect(loaded).toContain('/dist/bundle/main.js');
    expect(loaded).not.toContain('/dist/cli/');
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
