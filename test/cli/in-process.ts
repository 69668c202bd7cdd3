/**
 * Runs the CLI in this process (with a given registry, or the CLI's own), capturing stdout and
 * stderr: tests of the CLI's logic skip the cost of a process per call (issue 34: suite time).
 *
 * `cli()` stands in for `svc()` (helpers.ts, the built binary in a process of its own) where a test
 * checks what the CLI's logic prints and exits with: the same arguments and options, the same
 * result, the same per-call data directory and environment. It puts back everything it changes, so
 * that files sharing a worker (`isolate: false`) see none of it: process.env, the working
 * directory, process.exitCode, stdout/stderr (their write and isTTY: output is a pipe, as for a
 * spawned svc), the listeners a run adds, and the process-local upstream state a fresh process would
 * not have (HTTP clients, last-seen outcomes). Calls are serialised: stdout is one per process.
 * test/cli/in-process-parity.test.ts checks it against the binary on a sample of commands.
 *
 * What stays with `svc()`: what the process itself does (bin/svc.js, signals, stdin, cold imports,
 * exit on a closed pipe, environment read at process start).
 */
import { fileURLToPath } from 'node:url';
import { closeClients } from '../../src/providers/mktop/reads.js';
import { forgetSeen } from '../../src/providers/last-seen.js';
import { run } from '../../src/cli/main.js';
import type { OperationSource } from '../../src/cli/op.js';
import { ROOT, tempDir, type SvcResult } from './helpers.js';

export interface CliOptions {
  /** Environment overrides for this call (undefined unsets), on top of the test process's. */
  env?: Record<string, string | undefined>;
  cwd?: string | URL;
  /** A registry of operations in place of the CLI's own. */
  operations?: OperationSource;
}

let queue: Promise<unknown> = Promise.resolve();

/** One call at a time: stdout, env and cwd are the process's. */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

type Chunk = string | Uint8Array;
type WriteCallback = (error?: Error | null) => void;

/** Replaces `key` of `target` for the call; the returned function puts the property back as it was. */
function replace(target: object, key: PropertyKey, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: own?.enumerable ?? true });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else delete (target as Record<PropertyKey, unknown>)[key];
  };
}

function captureStream(stream: NodeJS.WriteStream, sink: Buffer[]): () => void {
  const write = (chunk: Chunk, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback): boolean => {
    const cb = typeof encoding === 'function' ? encoding : callback;
    const enc = typeof encoding === 'string' ? encoding : 'utf8';
    sink.push(typeof chunk === 'string' ? Buffer.from(chunk, enc) : Buffer.from(chunk));
    if (cb) process.nextTick(cb);
    return true;
  };
  const errorListeners = stream.listeners('error');
  const undo = [replace(stream, 'write', write), replace(stream, 'isTTY', false)];
  return () => {
    for (const u of undo.reverse()) u();
    for (const l of stream.listeners('error')) if (!errorListeners.includes(l)) stream.removeListener('error', l as (...a: unknown[]) => void);
  };
}

/** Sets (undefined: unsets) environment variables; the returned function puts back what was there. */
export function overrideEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.keys(vars).map((k) => [k, process.env[k]] as const);
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/** Signal handlers a command installs (serve, ingest) would outlive it here; a process's die with it. */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

async function runCaptured(argv: string[], options: CliOptions): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const exitCode = process.exitCode;
  const cwd = process.cwd();
  const processListeners = SIGNALS.map((s) => [s, process.listeners(s)] as const);
  const undo: (() => void)[] = [];
  try {
    undo.push(overrideEnv(options.env ?? {}));
    const dir = options.cwd === undefined ? undefined : typeof options.cwd === 'string' ? options.cwd : fileURLToPath(options.cwd);
    if (dir !== undefined && dir !== cwd) {
      process.chdir(dir);
      undo.push(() => process.chdir(cwd));
    }
    undo.push(captureStream(process.stdout, out), captureStream(process.stderr, err));
    const code = await run(['node', 'svc', ...argv], options.operations);
    return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  } finally {
    for (const u of undo.reverse()) u();
    for (const [s, before] of processListeners) for (const l of process.listeners(s)) if (!before.includes(l)) process.removeListener(s, l);
    process.exitCode = exitCode;
    forgetSeen();
    await closeClients();
  }
}

/** As execa gives svc()'s output: without its last newline. */
const stripFinalNewline = (text: string): string => text.replace(/\r?\n$/, '');

/**
 * The CLI in this process, as `svc()` runs the binary: a data directory of its own per call (unless
 * `env` names one), NO_COLOR and FORCE_COLOR unset, cwd the repository root.
 */
export function cli(args: string[], options: CliOptions = {}): Promise<SvcResult> {
  return serially(async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-data-'), NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env };
    const r = await runCaptured(args, { ...options, env, cwd: options.cwd ?? ROOT });
    return { exitCode: r.code, stdout: stripFinalNewline(r.stdout), stderr: stripFinalNewline(r.stderr) };
  });
}

/** The CLI in this process with the test process's environment as it is (no per-call data directory). */
export function runCliInProcess(args: string[], operations?: OperationSource): Promise<{ code: number; stdout: string; stderr: string }> {
  return serially(() => runCaptured(args, operations ? { operations } : {}));
}
