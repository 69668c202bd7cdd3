#!/usr/bin/env node
/**
 * The steps of `npm test` before vitest — `npm run typecheck`, `npm run lint`, `npm run build` —
 * side by side instead of one after the other (issue 34 item 9). Each is one Node process doing
 * single-threaded work (about 22, 21 and 9 s of CPU), so in a row they kept one of the two CI
 * cores idle for most of a minute. They share nothing: typecheck and lint read src/, test/ and
 * bench/; build writes dist/, which both ignore. Vitest starts after all three (its CLI tests run
 * the build, and test/lint/layers.test.ts plants files in src/ that the two checks must not see).
 *
 * Each step's output is kept and printed whole when the step ends, so the three never interleave;
 * the exit code is 1 when any step failed (every step still runs to its end, so one run shows
 * every failure).
 */
import { spawn } from 'node:child_process';

const STEPS = process.argv.length > 2 ? process.argv.slice(2) : ['typecheck', 'lint', 'build'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(step) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', step], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(out).toString();
      process.stdout.write(`> ${step}: ${code === 0 ? 'ok' : `failed (exit ${code})`}, ${seconds} s\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`);
      resolve(code === 0);
    };
    child.once('error', (e) => {
      out.push(Buffer.from(String(e)));
      done(-1);
    });
    child.once('close', (code) => done(code ?? 1));
  });
}

const results = await Promise.all(STEPS.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
