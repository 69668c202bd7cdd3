/**
 * svc's command line. Each subcommand module registers its options cheaply and loads engines,
 * stores and servers only when its action runs, so a cold start stays close to bare `node`.
 */
import { packageVersion } from '../version.js';
import { Command, CommanderError } from 'commander';
import { isSvcError } from '../domain/errors.js';
import { CliExit, createCliEnv, type CliEnv } from './cli-env.js';
import { registerPrices } from './prices.js';
import { registerPlan } from './plan.js';
import { registerBacktest } from './backtest.js';
import { registerForecast } from './forecast.js';
import { registerRisk } from './risk.js';
import { registerAudit } from './audit.js';
import { registerBrief } from './brief.js';
import { registerReceipt } from './receipt.js';
import { registerServe } from './serve.js';
import { registerSystem } from './system.js';
import { registerDepth } from './depth.js';
import { registerOp, type OperationSource } from './op.js';
import { registerMcp } from './mcp.js';
import { registerMarketData } from './market-data.js';
import { registerDb } from './db.js';
import { registerIngest } from './ingest.js';
import { registerDoctor } from './doctor.js';
import { registerReport } from './report.js';

export type Register = (program: Command, env: CliEnv) => void;

/** Subcommand modules with their own renderers, in the order `svc --help` lists them; `svc op` serves every operation. */
const REGISTRY: Register[] = [registerPrices, registerMarketData, registerPlan, registerBacktest, registerReport, registerForecast, registerRisk, registerBrief, registerReceipt, registerAudit, registerSystem, registerDepth, registerServe, registerMcp, registerDb, registerIngest, registerDoctor];

/** `operations` replaces the registry behind `svc op` (tests add a throwaway operation this way). */
export function buildProgram(operations?: OperationSource): { program: Command; env: CliEnv } {
  const program = new Command();
  program
    .name('svc')
    .description(
      'Decision support for the Ukrainian day-ahead (DAM) and intraday (IDM) power markets.\n' +
        'Plans, explanations, risk reports and audit records; it never places an order.',
    )
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--format <format>', 'output: table | json | csv', 'table')
    .option('--lang <lang>', 'language of table output: uk | en', 'en')
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
  for (const register of REGISTRY) register(program, env);
  registerOp(program, env, operations);
  for (const cmd of program.commands) cmd.exitOverride();
  return { program, env };
}

/** A reader that stops early (`svc ... | head`) is not an error: stop quietly, as Unix tools do. */
function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

/** `svc help`, `svc help plan`, `svc prices help stats`: the word `help` as a command. */
function askedForHelp(argv: readonly string[]): boolean {
  return argv.slice(2).some((a) => a === 'help');
}

export async function run(argv: string[], operations?: OperationSource): Promise<number> {
  exitQuietlyOnClosedPipe(process.stdout);
  const { program, env } = buildProgram(operations);
  try {
    await program.parseAsync(argv);
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
    env.out().error(error);
    return isSvcError(error) && error.isCallerFault ? 2 : 1;
  } finally {
    await env.close().catch(() => undefined);
  }
}
