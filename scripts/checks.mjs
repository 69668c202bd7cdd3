#!/usr/bin/env node
/**
 * `npm test`: the type check, the linter and the test suite side by side, after the build when the
 * build is stale (issue 34 item 9).
 *
 *   node scripts/checks.mjs typecheck lint vitest [vitest args…]   what `npm test` runs
 *   node scripts/checks.mjs typecheck lint build                   the three checks alone, side by side
 *
 * `build` runs `npm run build`. `vitest` needs the built CLI (its CLI tests run dist/), so before it
 * the build runs only when dist/ was not built from these inputs (`scripts/build-stamp.mjs check`:
 * `npm ci` builds in `prepare`, so a fresh clone's `npm test` does not build a second time), and
 * vitest starts when the build has ended. Arguments after `vitest` go to `vitest run`.
 *
 * `typecheck` and `lint` are single-threaded Node processes that read src/, test/ and bench/ and
 * write nothing, so they run beside vitest instead of before it: on the 2-core machine they fill
 * the cores vitest leaves idle (its waits on the processes and servers it starts, the tail of its
 * last files) instead of holding vitest back by ≈ 25 s. They run at a lower priority than the
 * tests (nice +5 over this process's), so a test that measures time competes with them less. The one test
 * that writes into src/ (test/lint/layers.test.ts plants `*lint-probe-*` files and removes them)
 * is kept out of the lint step's sight by an ignore pattern; the type check reads its files in its
 * first seconds, before vitest's global setup ends (and the planted files are valid TypeScript).
 *
 * The checks' outputs are kept and printed whole when vitest has ended (vitest's own output runs
 * live), so nothing interleaves. The exit code is vitest's when it failed, else 1 when any step
 * failed, else 0: every step runs to its end, so one run shows every failure.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { dirname, join } from 'node:path';

const argv = process.argv.slice(2);
const at = argv.indexOf('vitest');
const steps = at < 0 ? (argv.length > 0 ? argv : ['typecheck', 'lint', 'build']) : argv.slice(0, at);
const vitestArgs = at < 0 ? null : argv.slice(at + 1);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Planted by test/lint/layers.test.ts while it runs (never committed). */
const LINT_PROBES = '**/*lint-probe-*';

/** Runs a command with its output kept; resolves to true when it exits 0. */
function quiet(name, command, args, { lower = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    if (lower && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + 5));
      } catch {
        // Not allowed here: the step runs at the same priority as the tests.
      }
    }
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(out).toString();
      resolve({ ok: code === 0, report: `> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}, ${seconds} s\n${text}${text && !text.endsWith('\n') ? '\n' : ''}` });
    };
    child.once('error', (e) => {
      out.push(Buffer.from(String(e)));
      done(-1);
    });
    child.once('close', (code) => done(code ?? 1));
  });
}

/** The step's command; lint beside vitest ignores the files vitest plants. */
function step(name) {
  const beside = vitestArgs !== null;
  if (name === 'lint' && beside) return quiet(name, npm, ['run', 'lint', '--', '--ignore-pattern', LINT_PROBES], { lower: true });
  return quiet(name, npm, ['run', name], { lower: beside });
}

/** Vitest's own CLI script (run with this node: no PATH or npx lookup, and the same outside `npm run`). */
function vitestBin() {
  const manifest = createRequire(import.meta.url).resolve('vitest/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.vitest);
}

/** Vitest with its output live; resolves to its exit code. */
function vitest(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitestBin(), 'run', ...args], { stdio: 'inherit' });
    child.once('error', (e) => {
      console.error(`vitest: ${String(e)}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const checks = steps.map(step);
let vitestCode = 0;
if (vitestArgs !== null) {
  const fresh = await quiet('build: not needed', process.execPath, ['scripts/build-stamp.mjs', 'check']);
  const built = fresh.ok ? fresh : await quiet('build', npm, ['run', 'build']);
  process.stdout.write(built.report);
  vitestCode = built.ok ? await vitest(vitestArgs) : 1;
  if (!built.ok) process.stdout.write('> vitest: not run (the build failed)\n');
}
const results = await Promise.all(checks);
for (const r of results) process.stdout.write(r.report);
process.exitCode = vitestCode !== 0 ? vitestCode : results.every((r) => r.ok) ? 0 : 1;
