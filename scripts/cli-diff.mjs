#!/usr/bin/env node
/**
 * Byte-for-byte comparison of two builds of the CLI over a list of cases (issue 25: a hand-written
 * command is deleted only when its derived replacement prints the same stdout, stderr and exit
 * code). Not run by the test suite (test/scripts/cli-diff.test.ts runs it on stand-in builds).
 *
 *   node scripts/cli-diff.mjs <reference bin/svc.js> <candidate bin/svc.js> <cases.json> [-v]
 *
 * The case lists used so far are in scripts/cli-diff/ (e.g. `node scripts/cli-diff.mjs
 * /work/main/bin/svc.js bin/svc.js scripts/cli-diff/system.json` after building both).
 *
 * A case: { "name"?, "args": [...], "env"?: {...}, "stdin"?: "text", "setup"?: [[...args], ...] }.
 * Each side runs in a fresh data directory at the same path (so paths printed agree), with the
 * setup commands run first; the working directory is the candidate's repository root. Random ids
 * and timestamps are masked before comparing. Each setup step and case is killed after
 * CLI_DIFF_TIMEOUT_MS (a whole number above 0; default 120000) and reported KILLED, never as agreeing;
 * a case whose setup step was killed is not run. Exit 0 when every case agrees, 2 on bad usage.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const [refBin, newBin, casesFile, verbose] = process.argv.slice(2);
if (!refBin || !newBin || !casesFile) {
  console.error('usage: node scripts/cli-diff.mjs <reference bin/svc.js> <candidate bin/svc.js> <cases.json> [-v]');
  process.exit(2);
}
const cwd = resolve(dirname(newBin), '..');
const dataDir = join(tmpdir(), `svc-cli-diff-${process.pid}`);
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));

const mask = (s) =>
  s
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/"nextBefore": "[^"]+"/g, '"nextBefore": "<cursor>"')
    .replace(/--before \S+/g, '--before <cursor>');

/** A probe's time (svc doctor: `HTTP 200 in 3 ms`) masked, and with it a table's widths, which its digits set. */
const maskProbe = (s) => (/HTTP \d{3} in \d+ ms/.test(s) ? s.replace(/(HTTP \d{3} in )\d+( ms)/g, '$1<n>$2').replace(/ {2,}/g, ' ').replace(/─+/g, '─') : s);

/**
 * Per command (each setup step, then the case) and side: CLI_DIFF_TIMEOUT_MS, default 120 s. 0
 * would mean no limit to spawnSync, and a non-number none either: both refused (exit 2).
 */
const CASE_TIMEOUT_MS = timeoutMs(process.env.CLI_DIFF_TIMEOUT_MS);

function timeoutMs(raw) {
  if (raw === undefined) return 120_000;
  const ms = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(ms) || ms <= 0) {
    console.error(`error: CLI_DIFF_TIMEOUT_MS: expected a whole number of milliseconds above 0, got ${JSON.stringify(raw)} (unset: 120000)`);
    process.exit(2);
  }
  return ms;
}

function runSide(bin, c) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, SVC_DATA_DIR: dataDir, NO_COLOR: undefined, FORCE_COLOR: undefined, SVC_TSOPLATFORM_TOKEN: undefined, ...(c.env ?? {}) };
  for (const k of Object.keys(env)) if (env[k] === undefined || env[k] === null) delete env[k];
  // A case that hangs (once seen: a process waiting in epoll) is killed and reported, not waited on forever.
  const limits = { cwd, env, encoding: 'utf8', timeout: CASE_TIMEOUT_MS, killSignal: 'SIGKILL' };
  // A setup step killed leaves the case's ground unknown: the case is reported killed, not run.
  for (const [i, s] of (c.setup ?? []).entries()) {
    const step = spawnSync('node', [bin, ...s], limits);
    if (step.error?.code === 'ETIMEDOUT') return { code: `killed after ${CASE_TIMEOUT_MS} ms in setup step ${i + 1} (${s.join(' ')})`, stdout: '', stderr: '' };
  }
  const r = spawnSync('node', [bin, ...c.args], { ...limits, input: c.stdin ?? '' });
  if (r.error?.code === 'ETIMEDOUT') return { code: `killed after ${CASE_TIMEOUT_MS} ms`, stdout: '', stderr: '' };
  return { code: r.status, stdout: maskProbe(mask(r.stdout)), stderr: maskProbe(mask(r.stderr)) };
}

let differ = 0;
let killed = 0;
for (const c of cases) {
  const a = runSide(refBin, c);
  const b = runSide(newBin, c);
  // A killed case (or setup step) never agrees: its output is unknown.
  const same = typeof a.code !== 'string' && a.code === b.code && a.stdout === b.stdout && a.stderr === b.stderr;
  const name = c.name ?? c.args.join(' ');
  if (same) {
    if (verbose) console.log(`same   ${name} (exit ${a.code})`);
    continue;
  }
  differ++;
  if (typeof a.code === 'string' || typeof b.code === 'string') {
    killed++;
    const said = (r) => (typeof r.code === 'string' ? r.code : `exit ${r.code}`);
    console.log(`KILLED ${name}\n  ref: ${said(a)}\n  new: ${said(b)}`);
    continue;
  }
  console.log(`DIFFER ${name}`);
  if (a.code !== b.code) console.log(`  exit ${a.code} -> ${b.code}`);
  for (const stream of ['stdout', 'stderr']) {
    if (a[stream] === b[stream]) continue;
    const la = a[stream].split('\n');
    const lb = b[stream].split('\n');
    const k = la.findIndex((l, i) => l !== lb[i]);
    console.log(`  ${stream} first differs at line ${k + 1}:\n    ref: ${JSON.stringify(la[k])}\n    new: ${JSON.stringify(lb[k])}`);
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`${cases.length - differ}/${cases.length} cases agree${killed ? ` (${killed} killed)` : ''}`);
process.exit(differ === 0 ? 0 : 1);
