/**
 * The door's steps around a derived command's operation (src/ops/cli-steps.ts): the steps' flags
 * checked before anything runs, an operation run first whose output fills an input field, and side
 * files written from the output (or another operation's, on the same input) before it is printed.
 */
import type { AnyOperation, CliBinding } from '../ops/types.js';
import type { StepFlag, StepOperation, StepValues } from '../ops/cli-steps.js';
import type { CliEnv } from './cli-env.js';
import { optionName, setField } from './input-path.js';
import { checkOutputPath, writeOutputFile } from './settings.js';

type Opts = Record<string, unknown>;
type Binding = CliBinding<unknown, unknown>;

const opOf = async (load: StepOperation): Promise<AnyOperation> => (await load()) as AnyOperation;

const preStepValues = (cli: Binding, opts: Opts): StepValues => stepValues(cli.before?.flags ?? {}, opts);

/** The values of steps' flags as given (`true`: an optional value left out), by their names. */
export function stepValues(flags: Readonly<Record<string, StepFlag>>, opts: Opts): StepValues {
  const values: Record<string, string | true | undefined> = {};
  for (const [name, f] of Object.entries(flags)) {
    const raw = opts[optionName(f.flag)];
    values[name] = raw === true ? true : raw === undefined || raw === false ? undefined : String(raw);
  }
  return values;
}

/** Before anything runs: the pre-step's flags, that each side file named (`early`) can be written, and what a side file named adds to the input. */
export function checkSteps(cli: Binding, opts: Opts, input: Record<string, unknown>): void {
  cli.before?.check?.(preStepValues(cli, opts));
  for (const f of cli.sideFiles ?? []) {
    const path = opts[optionName(f.flag.flag)] as string | undefined;
    if (f.early) checkOutputPath(path, f.flag.flag);
    if (path !== undefined && f.input) Object.assign(input, f.input);
  }
}

/** The pre-step, when its flag is given: its output fills its input field, or its warning is said. */
export async function runPreStep(env: CliEnv, cli: Binding, opts: Opts, input: Record<string, unknown>): Promise<void> {
  const step = cli.before;
  if (!step) return;
  const values = preStepValues(cli, opts);
  if (values[step.when] === undefined) return;
  const planned = await step.input(input as never, values);
  if ('skip' in planned) return env.out().warn(planned.skip);
  const picked = step.pick(await env.runOp(await opOf(step.op), planned.input));
  if (picked === null || picked === undefined) env.out().warn(planned.otherwise);
  else setField(input, step.into, picked);
}

/** The side files asked for: their paths by option name (DoorFacts.files). */
export function sideFilePaths(cli: Binding, opts: Opts): Record<string, string> {
  return Object.fromEntries((cli.sideFiles ?? []).flatMap((f) => (typeof opts[optionName(f.flag.flag)] === 'string' ? [[optionName(f.flag.flag), opts[optionName(f.flag.flag)] as string]] : [])));
}

/**
 * Each side file whose flag is given, written from the output (or its op's, run on the same input):
 * its text, or its rows as CSV. True when the output itself went to a file (`stdout`, not `-`).
 */
export async function writeSideFiles(env: CliEnv, cli: Binding, opts: Opts, input: Record<string, unknown>, output: unknown): Promise<boolean> {
  let written = false;
  for (const f of cli.sideFiles ?? []) {
    const path = opts[optionName(f.flag.flag)] as string | undefined;
    if (path === undefined || (f.stdout && path === '-')) continue;
    written ||= f.stdout === true;
    const data = f.op ? await env.runOp(await opOf(f.op), input) : output;
    const text = 'text' in f ? f.text(data) : await (await import('./csv.js')).toCsv(f.rows(data), f.columns);
    writeOutputFile(path, text, f.flag.flag);
    if (f.says) env.out().info(f.says(data, path));
  }
  return written;
}
