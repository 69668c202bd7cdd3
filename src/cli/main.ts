/**
 * svc's command line. Commands come two ways: derived from operations with a `cli` binding
 * (derive.ts, derived.ts; listed in dist/cli/commands.json by the build, manifest.ts), and the
 * hand-written subcommand modules below, loaded only when their command runs (or for help), so a
 * cold start stays close to bare `node`.
 */
import { packageVersion } from '../version.js';
import { Command, CommanderError } from 'commander';
import { isSvcError } from '../domain/errors.js';
import { CliExit, createCliEnv, namingDataDir, type CliEnv } from './cli-env.js';
import type { OperationSource } from './op.js';
import type { CommandSpec } from './derive.js';
import { registerDerived, type OpLoader } from './derived.js';
import { deriveCommands, loadBuiltOp, readManifest } from './manifest.js';

export type Register = (program: Command, env: CliEnv) => void;

/**
 * Hand-written subcommand modules, in the order `svc --help` lists them, each loaded only when one
 * of its commands runs. A command that is an operation's `cli` binding needs no entry here.
 */
const HAND_WRITTEN: ReadonlyArray<{ names: readonly string[]; load?: () => Promise<Register> }> = [
  { names: ['prices'] }, // derived (prices.convert, its group's line and examples; show, stats, profile, fetch), in its place
  { names: ['indexes', 'results', 'exch'] }, // derived (mktop.indexes, mktop.tradingResults, exch.electricityIndexes), in their place
  { names: ['backtest'] }, // derived (no load), in its place
  { names: ['report'] }, // derived (report.backtest, report.forecast, report.day)
  { names: ['forecast'] }, // derived: forecast.days and, under it, forecast.evaluate
  // Derived (no load): listed here only to keep their place in `svc --help`, in this order.
  { names: ['brief'] },
  { names: ['receipt'] },
  { names: ['audit'] },
  { names: ['flows', 'system', 'regime', 'zones'] },
  { names: ['depth'] },
  { names: ['serve'], load: async () => (await import('./serve.js')).registerServe },
  { names: ['mcp'], load: async () => (await import('./mcp.js')).registerMcp },
  { names: ['db'], load: async () => (await import('./db.js')).registerDb },
  { names: ['ingest'], load: async () => (await import('./ingest.js')).registerIngest },
  { names: ['doctor'] }, // derived (doctor), in its place
  { names: ['op'], load: async () => (await import('./op.js')).registerOp },
];

/**
 * The old way, still served during the move to derived commands: a module imported statically
 * above whose register function is listed here runs at every start (it costs its imports on every
 * command; port it to a `cli` binding, or to a HAND_WRITTEN entry, see docs/architecture.md).
 */
const REGISTRY: Register[] = [];

/** The words of argv that name a command (global options and their values skipped). */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  const withValue = new Set(['--format', '--lang', '--data-dir']);
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i] as string;
    if (withValue.has(a)) i++;
    else if (!a.startsWith('-')) words.push(a);
  }
  return words;
}

interface Commands {
  specs: readonly CommandSpec[];
  load: OpLoader;
}

/** The derived commands: from the build's manifest, else from the registry (or the given operations). */
async function derivedCommands(operations?: OperationSource): Promise<Commands> {
  const built = operations ? undefined : readManifest();
  if (built) return { specs: built, load: loadBuiltOp };
  const ops = operations ? await operations() : (await import('../ops/index.js')).cliOperations;
  return deriveCommands(ops);
}

/**
 * `operations` replaces the registry behind `svc op` and the derived commands (tests add a
 * throwaway operation this way). `argv` decides which modules load: a derived command alone
 * registers only itself; anything else registers the hand-written module(s) it names (all of
 * them for help, or a word svc does not know, so that commander can suggest).
 */
export async function buildProgram(operations?: OperationSource, argv: readonly string[] = []): Promise<{ program: Command; env: CliEnv }> {
  const program = new Command();
  program
    .name('svc')
    .description(
      'Decision support for the Ukrainian day-ahead (DAM) and intraday (IDM) power markets.\n' +
        'Plans, explanations, risk reports and audit records; it never places an order.',
    )
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--format <format>', 'output: table | json | csv', 'table')
    .option('--lang <lang>', 'language of the tables, charts, the brief and reports (not of errors, CSV or JSON keys): uk | en', 'en')
    .option('--no-color', 'no colours (also honoured: NO_COLOR)')
    .option('-q, --quiet', 'no progress or informational lines on stderr')
    .option('--data-dir <dir>', 'where svc keeps its store and keys (default: SVC_DATA_DIR, else $XDG_DATA_HOME/svc)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
    })
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ svc prices stats fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024\n' +
        '  $ svc plan fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 --max-trades 2\n' +
        '  $ svc backtest fixtures/oree-dam-ips-2022-2024.csv --capacity 2 --power 1\n' +
        '\nExit codes: 0 ok, 1 failure outside your control, 2 bad input, 3 a guard tripped (--fail-on, invalid receipt).',
    );
  const env = createCliEnv(program);
  const derived = await derivedCommands(operations);
  const words = commandWords(argv);
  const typed = derived.specs.filter((s) => s.command.every((w, i) => words[i] === w));
  // With the subcommands under it (`forecast --date D evaluate <book>`: a flag's value may stand between the words).
  const exact = derived.specs.filter((s) => typed.some((t) => t.command.every((w, i) => s.command[i] === w)));
  const help = argv.some((a) => a === '--help' || a === '-h') || words.includes('help');
  const version = words.length === 0 && argv.some((a) => a === '--version' || a === '-V');
  if (version) {
    // `svc --version` needs no command at all.
  } else if (exact.length > 0 && !help) {
    registerDerived(program, env, exact, derived.load);
  } else {
    for (const register of REGISTRY) register(program, env);
    const named = HAND_WRITTEN.filter((m) => m.names.includes(words[0] ?? ''));
    const modules = named.length > 0 && !help ? named : HAND_WRITTEN;
    // Loaded side by side, registered in the listed order.
    const registers = await Promise.all(modules.map((m) => m.load?.()));
    const placed = (s: CommandSpec) => modules.some((m) => !m.load && m.names.includes(s.command[0] as string));
    modules.forEach((m, i) => {
      const register = registers[i];
      const at = (s: CommandSpec) => m.names.indexOf(s.command[0] as string);
      if (!register) registerDerived(program, env, derived.specs.filter((s) => at(s) >= 0).sort((a, b) => at(a) - at(b)), derived.load);
      else if (m.names.includes('op')) (register as (p: Command, e: CliEnv, o?: OperationSource) => void)(program, env, operations);
      else register(program, env);
    });
    registerDerived(program, env, derived.specs.filter((s) => !placed(s)), derived.load);
  }
  exitOverrideAll(program);
  return { program, env };
}

function exitOverrideAll(cmd: Command): void {
  for (const sub of cmd.commands) {
    sub.exitOverride();
    exitOverrideAll(sub);
  }
}

const watchedForClosedPipe = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that stops early (`svc ... | head`) is not an error: what is left to print goes nowhere,
 * quietly. The command still ends with its own exit code: a guard checked after the output
 * (`svc risk --fail-on`, exit 3) must still stop a cron job, so the run goes on to its end and
 * bin/svc.js sets the code it returns (exiting here with 0 lost that 3 whenever the pipe closed
 * first). Once the stream has failed, node drops further writes to it.
 */
function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (watchedForClosedPipe.has(stream)) return;
  watchedForClosedPipe.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    throw error;
  });
}

/** `svc help`, `svc help plan`, `svc prices help stats`: the word `help` as a command. */
function askedForHelp(argv: readonly string[]): boolean {
  return argv.slice(2).some((a) => a === 'help');
}

/**
 * Reasons that are the caller's to fix at the command line although the error table counts them
 * as the platform's: the CLI's user is also who configured svc. A data directory svc cannot use
 * (`--data-dir`, SVC_DATA_DIR) is bad input here (exit 2); the same error from a server is its
 * operator's, not the HTTP client's, and stays a 503 there. So is a period the data source does not
 * hold (`no_data`: in fixture mode a period the shipped fixtures lack, live reads off and the period
 * not ingested, no official rate for the day): running again cannot mend it, another period or
 * setting does (exit 2 in every command; a server's 502 `upstream_error` stays).
 */
const CALLER_REASONS_AT_CLI: ReadonlySet<string> = new Set(['data_dir_unavailable', 'no_data']);

/** The exit code of a failed command: 2 when the caller can fix it, 1 otherwise. */
export function exitCodeOf(error: unknown): 1 | 2 {
  if (!isSvcError(error)) return 1;
  return error.isCallerFault || (error.reason !== undefined && CALLER_REASONS_AT_CLI.has(error.reason)) ? 2 : 1;
}

export async function run(argv: string[], operations?: OperationSource): Promise<number> {
  exitQuietlyOnClosedPipe(process.stdout);
  const { program, env } = await buildProgram(operations, argv);
  try {
    await program.parseAsync(argv);
    env.out().flushNotices();
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      // `svc help [command]` asked for help: success. `svc` or `svc prices` without a subcommand:
      // usage was printed to stderr; that is bad input.
      if (error.code === 'commander.help') return askedForHelp(argv) ? 0 : 2;
      if (error.code === 'commander.executeSubCommandAsync') return 0;
      return 2;
    }
    if (error instanceof CliExit) {
      if (error.message) env.out().error(error);
      return error.code;
    }
    env.out().error(await namingDataDir(error, env));
    return exitCodeOf(error);
  } finally {
    await env.close().catch(() => undefined);
  }
}
