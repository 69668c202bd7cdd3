/** Child-process entry for the `svc serve` test: a program with only the serve command registered. */
import { Command } from 'commander';
import { createCliEnv } from '../../src/cli/cli-env.js';
import { registerServe } from '../../src/cli/serve.js';

const program = new Command()
  .option('--format <format>', 'output', 'table')
  .option('--lang <lang>', 'language', 'en')
  .option('--no-color', 'no colours')
  .option('-q, --quiet', 'quiet')
  .option('--data-dir <dir>', 'data dir');
registerServe(program, createCliEnv(program));
await program.parseAsync(process.argv);
