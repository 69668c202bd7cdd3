/**
 * What every subcommand shares: global options, the Output, and an OpContext for the local,
 * one-person use (tenant `local`, user `local-user`, role owner). Operations run exactly as the
 * HTTP door runs them: the same input schema, the same run().
 */
import type { Command } from 'commander';
import type { z } from 'zod';
import type { SvcConfig } from '../config/config.js';
import { SvcError } from '../domain/errors.js';
import type { AnyOperation, LeanContext, LeanOperation, Operation, OpContext, Logger } from '../ops/types.js';
import { invoke } from '../ops/invoke.js';
import type { Stores } from '../ops/facade/stores.js';
import { Output, type Format } from './output.js';

export interface GlobalOptions {
  format: Format;
  lang: 'uk' | 'en';
  color: boolean;
  quiet: boolean;
  dataDir?: string;
}

/** Ends the command with an exit code other than 0/1/2 (e.g. 3 for --fail-on). */
export class CliExit extends Error {
  constructor(
    readonly code: number,
    message = '',
    /** Machine code for `--format json` error lines, e.g. `guard_tripped`, `receipt_invalid`. */
    readonly errorCode = 'guard_tripped',
  ) {
    super(message);
  }
}

/** The failures of the data directory (src/store/data-dir.ts, the SQLite store, the receipt key). */
const DATA_DIR_REASONS: ReadonlySet<string> = new Set(['data_dir_unavailable', 'receipt_key_unavailable']);
const DATA_DIR_WORDS = 'the data directory';

/**
 * A failure of the data directory, naming it. The store's message does not (it may reach an HTTP
 * error body, and the server's paths are not its callers'); at the command line the user is who
 * configured it (--data-dir, SVC_DATA_DIR), so the path is said.
 */
export async function namingDataDir(error: unknown, env: Pick<CliEnv, 'config'>): Promise<unknown> {
  if (!(error instanceof SvcError) || error.reason === undefined || !DATA_DIR_REASONS.has(error.reason)) return error;
  const dir = await env.config().then((c) => c.dataDir, () => undefined);
  if (dir === undefined) return error;
  const message = error.message.includes(DATA_DIR_WORDS) ? error.message.replace(DATA_DIR_WORDS, `${DATA_DIR_WORDS} ${dir}`) : `${error.message} (${DATA_DIR_WORDS}: ${dir})`;
  return new SvcError(error.code, message, { reason: error.reason, issues: error.issues, cause: error });
}

export interface CliEnv {
  out(): Output;
  globals(): GlobalOptions;
  /** SVC_* configuration, validated on first use (loaded lazily: most commands never need it). */
  config(): Promise<SvcConfig>;
  ctx(): Promise<OpContext>;
  /**
   * Validate with the op's input schema (400 naming the path) and run it. A lean op runs with a
   * context that has no configuration, so neither its validator nor its context loads zod.
   */
  runOp<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>, input: unknown): Promise<z.infer<O>>;
  runOp<In, Out>(op: LeanOperation<In, Out>, input: unknown): Promise<Out>;
  runOp(op: AnyOperation, input: unknown): Promise<unknown>;
  /** Where the running op's progress reports (OpContext.progress) go; undefined drops them. */
  onProgress(sink: ((done: number, total: number, label: string) => void) | undefined): void;
  close(): Promise<void>;
}

export function createCliEnv(program: Command): CliEnv {
  let output: Output | undefined;
  let config: Promise<SvcConfig> | undefined;
  let stores: Promise<Stores> | undefined;
  let context: Promise<OpContext> | undefined;
  let progressSink: ((done: number, total: number, label: string) => void) | undefined;

  const globals = (): GlobalOptions => {
    const o = program.opts<{ format?: string; lang?: string; color?: boolean; quiet?: boolean; dataDir?: string }>();
    const format = (o.format ?? 'table') as Format;
    if (!['table', 'json', 'csv'].includes(format)) {
      throw SvcError.validation(`--format: expected table, json or csv, got "${o.format}"`, [{ path: '--format', message: 'expected table|json|csv' }]);
    }
    const lang = (o.lang ?? 'en') as 'uk' | 'en';
    if (!['uk', 'en'].includes(lang)) {
      throw SvcError.validation(`--lang: expected uk or en, got "${o.lang}"`, [{ path: '--lang', message: 'expected uk|en' }]);
    }
    return { format, lang, color: o.color !== false, quiet: Boolean(o.quiet), ...(o.dataDir ? { dataDir: o.dataDir } : {}) };
  };

  const env: CliEnv = {
    globals,
    out() {
      if (!output) {
        let g: GlobalOptions;
        try {
          g = globals();
        } catch {
          g = { format: 'table', lang: 'en', color: true, quiet: false };
        }
        output = new Output({ format: g.format, color: g.color, quiet: g.quiet });
      }
      return output;
    },
    config() {
      if (!config) {
        const dataDir = globals().dataDir;
        config = import('../config/config.js').then(({ loadConfig }) => loadConfig(process.env, dataDir ? { dataDir } : {}));
      }
      return config;
    },
    ctx() {
      context ??= makeContext();
      return context;
    },
    async runOp(op: AnyOperation, input: unknown): Promise<unknown> {
      return op.lean ? invoke(op, leanContext(), input) : invoke(op, await env.ctx(), input);
    },
    onProgress(sink) {
      progressSink = sink;
    },
    async close() {
      if (stores) await (await stores).close();
    },
  };

  /** Everything but the configuration: what a lean op gets (the stores read the configuration when opened). */
  function leanContext(): LeanContext {
    const out = env.out();
    const logger: Logger = {
      info: (msg) => out.info(msg),
      warn: (msg) => out.warn(msg),
      error: (msg) => out.warn(msg),
    };
    return {
      now: () => new Date(),
      // The global Web Crypto (loaded on first use): importing node:crypto cost every command ≈ 8 ms.
      newId: () => crypto.randomUUID(),
      caller: { tenantId: 'local', actorId: 'local-user', roles: ['owner'], via: 'local' },
      logger,
      progress: (done, total, label) => progressSink?.(done, total, label),
      stores: () => {
        stores ??= env.config().then(openLocalStores);
        return stores;
      },
    };
  }

  async function makeContext(): Promise<OpContext> {
    const cfg = await env.config();
    return { ...leanContext(), config: cfg };
  }
  return env;
}

async function openLocalStores(config: SvcConfig): Promise<Stores> {
  const { openConfiguredStores } = await import('../ops/facade/stores.js');
  return openConfiguredStores(config);
}
