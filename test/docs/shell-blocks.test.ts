/**
 * Every fenced shell block in README.md and docs/*.md runs as written (issue 34), so the
 * documentation cannot drift from the program again.
 *
 * How a block runs: its text, verbatim, under `bash -e -o pipefail`, in a scratch directory that
 * links the checkout's fixtures/ and examples/ (so nothing is written into the checkout), with
 * SVC_MARKET_DATA=fixture (offline) and a data directory of its own. `svc` and `npx svc` are the
 * built CLI of this checkout (what `npm link` or `npx` give a user). `curl` reaches a local
 * `svc serve` started here: the docs' 127.0.0.1:8787 is mapped to its port, and every answer's
 * status is checked (4xx/5xx fail the block, but 404 from a DELETE of the docs' placeholder id).
 *
 * Markers, an HTML comment right before the fence:
 * - `<!-- needs: network|licence|install|host|long run -->`: not run offline; the block must show
 *   why (a live source, a token, npm install/test, sudo/systemctl, a long run), and that is tested;
 * - `<!-- runs: until stopped -->`: a server: started, checked to listen, stopped with SIGTERM;
 * - `<!-- given: <command> -->`: the command runs first, in the same shell (a file the block reads).
 * A ```js block whose first line is `// name.mjs` is saved as that file for its document's blocks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { execa, execaSync } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, tempDir } from '../cli/helpers.js';

interface Block {
  file: string;
  line: number;
  text: string;
  needs?: string;
  runs?: string;
  given?: string;
}

const SHELL = new Set(['sh', 'bash', 'shell']);
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** What a marked block must show: the reason it cannot run offline. */
const EVIDENCE: Record<string, RegExp> = {
  network: /prices fetch|svc doctor|oree\.com\.ua|SVC_MKTOP_BASE_URL|\bmktop\b/,
  licence: /TOKEN|licen[cs]e/i,
  install: /\bnpm (install|ci|test)\b/,
  host: /\b(sudo|systemctl)\b/,
  'long run': /\bnpm run (fuzz|bench)\b/,
};

function parse(file: string): { blocks: Block[]; files: Record<string, string> } {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  const files: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    let j = i + 1;
    while (j < lines.length && !(lines[j] as string).startsWith('```')) j++;
    const body = lines.slice(i + 1, j);
    const lang = open[1] ?? '';
    const saved = /^\/\/ ([\w-]+\.mjs)\b/.exec(body[0] ?? '');
    if (lang === 'js' && saved?.[1]) files[saved[1]] = body.join('\n');
    if (SHELL.has(lang)) {
      const block: Block = { file, line: i + 1, text: body.join('\n') };
      // Markers: the comment lines right before the fence (blank lines between are allowed).
      for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
        const m = /^<!--\s*(needs|runs|given):\s*(.+?)\s*-->\s*$/.exec(lines[k] as string);
        if (m) block[m[1] as 'needs' | 'runs' | 'given'] = m[2] as string;
        else if ((lines[k] as string).trim() !== '') break;
      }
      blocks.push(block);
    }
    i = j;
  }
  return { blocks, files };
}

const parsed = Object.fromEntries(DOCS.map((f) => [f, parse(f)]));
const all = Object.values(parsed).flatMap((p) => p.blocks);
const runnable = all.filter((b) => !b.needs && !b.runs);

/** Pages whose blocks are run in the checkout itself. */
const IN_CHECKOUT = new Set(['README.md', 'docs/report.md']);
let server: ChildProcess | undefined;
let port = 0;
let bin = '';
const API_KEY = 'docs-test-master-key-0123456789abcdef';
const SERVICE_TOKEN = 'docs-test-service-token-0123456789abcdef';
const needsServer = runnable.some((b) => /\bcurl\b/.test(b.text));

beforeAll(async () => {
  bin = join(tempDir('svc-docs-bin-'), 'bin');
  mkdirSync(bin);
  const realCurl = (await execa('sh', ['-c', 'command -v curl'], { reject: false })).stdout.trim() || '/usr/bin/curl';
  const script = (name: string, text: string) => {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  };
  // No `svc` on PATH, as on a fresh clone: a block must say `npx svc` (or set PATH itself).
  script('npx', `#!/bin/sh\nif [ "$1" = svc ]; then shift; exec "${process.execPath}" "${BIN}" "$@"; fi\necho "npx $1: only npx svc runs in the docs test" >&2\nexit 127\n`);
  script(
    'curl',
    `#!/bin/bash
args=()
for a in "$@"; do args+=("\${a//127.0.0.1:8787/127.0.0.1:$SVC_DOCS_PORT}"); done
hdr=$(mktemp)
"${realCurl}" -D "$hdr" "\${args[@]}"; rc=$?
status=$(grep -E '^HTTP/' "$hdr" | tail -1 | cut -d' ' -f2)
echo "\${status:-none} \${args[*]}" >> "$SVC_DOCS_CURL_LOG"
rm -f "$hdr"
exit $rc
`,
  );
  if (!needsServer) return;
  // The blocks run side by side on a 2-core machine, so the heavy report routes (fits of a week of
  // forecasts, plans on the forecast) may queue behind each other past the default 30 s request
  // deadline (503 deadline_exceeded): the docs' server gives them the time, it is what is tested.
  const env = { ...process.env, SVC_DATA_DIR: tempDir('svc-docs-serve-'), SVC_MARKET_DATA: 'fixture', SVC_API_KEY: API_KEY, SVC_SERVICE_TOKEN: SERVICE_TOKEN, SVC_LOG_LEVEL: 'warn', NO_COLOR: '1', SVC_REQUEST_TIMEOUT_MS: '300000',
    SVC_REGIONAL_LICENSED_ZONES: 'PL,SK,HU', SVC_REGIONAL_LICENCE: 'docs test licence', SVC_REGIONAL_ATTRIBUTION: 'docs test attribution' };
  // What README says the store-backed examples read first (regional prices, depth snapshots).
  for (const args of [['zones', 'import', 'examples/zones-sample.csv'], ['depth', 'import', 'examples/depth-sample.csv']]) await execa(process.execPath, [BIN, ...args], { cwd: ROOT, env });
  server = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  port = await new Promise<number>((resolve, reject) => {
    let err = '';
    server?.stderr?.on('data', (d: Buffer) => {
      err += String(d);
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m?.[1]) resolve(Number(m[1]));
    });
    server?.once('exit', (code) => reject(new Error(`svc serve exited ${code}: ${err}`)));
  });
}, 240_000); // a server start and two imports: slow on a loaded machine

afterAll(() => {
  server?.kill('SIGTERM');
});

/** A scratch directory with the checkout's fixtures/ and examples/, and the document's saved files. */
function scratch(file: string): string {
  const dir = tempDir('svc-docs-run-');
  for (const d of ['fixtures', 'examples']) symlinkSync(join(ROOT, d), join(dir, d));
  for (const [name, text] of Object.entries(parsed[file]?.files ?? {})) writeFileSync(join(dir, name), text);
  return dir;
}

function blockEnv(dir: string): Record<string, string> {
  return {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    SVC_MARKET_DATA: 'fixture',
    SVC_DATA_DIR: join(dir, '.svc-data'),
    SVC_API_KEY: API_KEY,
    SVC_SERVICE_TOKEN: SERVICE_TOKEN,
    SVC_DOCS_PORT: String(port),
    SVC_DOCS_CURL_LOG: join(dir, '.curl.log'),
    NO_COLOR: '1',
  };
}

describe('fenced shell blocks in README.md and docs/*.md', () => {
  it('are found, and every marker is known and shown by its block', () => {
    expect(all.length).toBeGreaterThan(10);
    for (const b of all.filter((x) => x.needs)) {
      const evidence = EVIDENCE[b.needs as string];
      expect(evidence, `${b.file}:${b.line}: unknown marker "needs: ${b.needs}" (known: ${Object.keys(EVIDENCE).join(', ')})`).toBeDefined();
      expect(evidence?.test(b.text), `${b.file}:${b.line}: marked "needs: ${b.needs}" but shows no such need`).toBe(true);
    }
    for (const b of all.filter((x) => x.runs)) expect(b.runs, `${b.file}:${b.line}`).toBe('until stopped');
    // A block that reaches a live source without fixture mode must say so.
    for (const b of runnable) expect(/prices fetch|svc doctor|oree\.com\.ua/.test(b.text), `${b.file}:${b.line} needs the network: mark it`).toBe(false);
  });

  // docs/report.md's first block fits forecasts for a quarter of plans on the forecast: minutes of CPU on a busy machine.
  describe.concurrent.each(runnable.map((b) => [`${b.file}:${b.line}`, b] as const))('%s', (_name, b) => {
    it('runs as written', async () => {
      const dir = scratch(b.file);
      const script = `set -e -o pipefail\n${b.given ? `${b.given}\n` : ''}${b.text}\n`;
      const r = await execa('bash', ['-c', script], { cwd: dir, env: blockEnv(dir), extendEnv: true, reject: false, timeout: 540_000 });
      expect(r.exitCode, `${b.file}:${b.line}\n--- stderr\n${r.stderr}\n--- stdout\n${String(r.stdout).slice(0, 2000)}`).toBe(0);
      // Run in a checkout (README and the reports page say so), a block leaves nothing git would show:
      // what it writes is ignored (reports/, briefs/, …). Other pages' walkthroughs work in a directory of the reader's.
      if (IN_CHECKOUT.has(b.file)) {
        const given = new Set(['fixtures', 'examples', '.svc-data', '.curl.log', ...Object.keys(parsed[b.file]?.files ?? {})]);
        const left = readdirSync(dir).filter((name) => !given.has(name));
        const asGit = (name: string) => (statSync(join(dir, name)).isDirectory() ? `${name}/` : name);
        const shown = left.filter((name) => execaSync('git', ['check-ignore', '-q', '--no-index', asGit(name)], { cwd: ROOT, reject: false }).exitCode !== 0);
        expect(shown, `${b.file}:${b.line}: files a checkout would show as untracked`).toEqual([]);
      }
      if (/\bcurl\b/.test(b.text)) {
        const calls = readFileSync(join(dir, '.curl.log'), 'utf8').trim().split('\n');
        const bad = calls.filter((l) => {
          const status = Number(l.split(' ')[0]);
          return !(status >= 200 && status < 400) && !(status === 404 && / DELETE /.test(l));
        });
        expect(bad, `${b.file}:${b.line}: requests that failed`).toEqual([]);
      }
    }, 600_000);
  });

  it.each(all.filter((b) => b.runs).map((b) => [`${b.file}:${b.line}`, b] as const))('%s starts a server and stops on SIGTERM', async (_name, b) => {
    const wanted = /--port (\d+)/.exec(b.text)?.[1];
    // The documented port may be taken on a shared machine; then there is nothing to learn here.
    if (wanted && !(await portFree(Number(wanted)))) return;
    const dir = scratch(b.file);
    const child = spawn('bash', ['-c', `exec ${b.text.split('#')[0]?.trim()}`], { cwd: dir, env: { ...process.env, ...blockEnv(dir) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr?.on('data', (d: Buffer) => {
        err += String(d);
        if (/listening on http/.test(err)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${err}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

function portFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
