/**
 * The output phase of a derived command (derived.ts runs the operation): the remarks (before the
 * output, or under the tables with `remarksUnder`), the side files (`-o`, `--daily`), the output
 * drawn by the op's view in the chosen format, the gap report of the book, and the exit code set
 * from the output (`gate`: `--fail-on`; `fails`).
 */
import { SvcError, type ErrorCode } from '../domain/errors.js';
import type { AnyOperation, DocView, DoorFacts, FailBinding, RawView, Remark, TableView, TextView } from '../ops/types.js';
import { classifyMissing, type LoadedBook } from './book.js';
import { CliExit, type CliEnv } from './cli-env.js';
import type { CommandSpec } from './derive.js';
import { optionName } from './input-path.js';
import { renderOutput } from './render.js';

type Opts = Record<string, unknown>;

/** What the run of a derived command leaves for its output phase. */
export interface Ran {
  opts: Opts;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  /** The step parts (steps.ts), loaded when the binding has any. */
  steps: typeof import('./steps.js') | undefined;
  /** The view chosen with `--view` (undefined: the default view). */
  chosen: unknown;
  loaded?: LoadedBook | undefined;
  source?: string | undefined;
  classified?: true | undefined;
}

export async function presentOutput(env: CliEnv, spec: CommandSpec, cli: AnyOperation['cli'], ran: Ran): Promise<void> {
  const { opts, input, output, steps, chosen, loaded, source, classified } = ran;
  const { format, lang } = env.globals();
  const out = env.out();
  const gapsField = spec.book?.gaps;
  const gaps = gapsField ? (output[gapsField] as { missing: string[]; missingDays: number; calendarDays: number; from: string | null; to: string | null }) : undefined;
  // What only the door knows: which missing days were clock-change days, invalid, or absent from the file.
  const files = cli && steps ? steps.sideFilePaths(cli, opts) : {};
  const door: DoorFacts = { ...(source ? { source } : {}), ...(loaded && classified ? { missing: (d: readonly string[]) => classifyMissing(loaded, d) } : {}), switches: switchesOf(cli, opts), files };
  const projected = cli?.json ? (cli.json as (o: unknown, i: unknown, d: DoorFacts) => unknown)(output, input, door) : output;
  const always = spec.book?.gapsSaid === 'always';
  const json = loaded && gapsField && gaps && !always ? { ...output, [gapsField]: { ...gaps, ...classifyMissing(loaded, gaps.missing) } } : projected;
  // A remark may be left out of the JSON (`json: false`: it says what the JSON already holds) or the table (`table: false`: its body says it).
  const remarks = ((cli?.remarks as ((o: unknown, i: unknown) => readonly Remark[]) | undefined)?.(output, input) ?? []).filter((r) => (r.json !== false || format !== 'json') && (r.table !== false || format !== 'table'));
  const sayRemarks = () => remarks.forEach((r) => ('warn' in r ? out.warn(r.warn) : out.info(r.info)));
  const under = cli?.remarksUnder && format === 'table';
  if (!under) sayRemarks();
  if (always && loaded && gaps) for (const line of (await import('./gap-report.js')).gapReport(loaded, gaps, lang)) out.warn(line);
  const fails = cli?.fails as FailBinding<unknown> | undefined;
  const passes = fails?.unless !== undefined && opts[optionName(fails.unless.flag)] === fails.unless.value;
  const failing = fails?.when(output) === true && !passes;
  // An output written to a file (`-o report.html`) is not printed, except as JSON (a raw view's text, a file's content, not even so).
  // A run that fails (`fails`) writes no side file and says it wrote none: the file would hold what
  // failed (`prices fetch -o` of a month not fetched: a header-only CSV); its output is printed instead.
  const written = cli && steps && !failing ? await steps.writeSideFiles(env, cli, opts, input, output) : false;
  const view = (chosen ?? cli?.view) as TableView<unknown, unknown> | TextView<unknown> | DocView<unknown, unknown> | RawView<unknown> | undefined;
  if (!written || (format === 'json' && !(view && 'raw' in view))) await renderOutput(out, view, output, { format, lang, json, input, ...(source ? { source } : {}), door });
  if (under) sayRemarks();
  if (format === 'table' && loaded && gaps && !always) {
    const { gapReport } = await import('./gap-report.js');
    for (const line of gapReport(loaded, gaps, lang)) out.warn(line);
  }
  const gate = cli?.gate as { levels: Record<string, number>; level(o: unknown): number; says(o: unknown): string; flag: string; exitCode: number; errorCode: string } | undefined;
  const level = gate ? (opts[optionName(gate.flag)] as string | undefined) : undefined;
  if (gate && level !== undefined && gate.level(output) >= (gate.levels[level] ?? Infinity)) {
    throw new CliExit(gate.exitCode, `${gate.says(output)} reaches ${gate.flag} ${level}`, gate.errorCode);
  }
  if (failing && fails) {
    const final = fails.final?.(output);
    if (final) throw new SvcError(final.errorCode as ErrorCode, final.says, { reason: final.reason });
    if (fails.reason !== undefined) throw new SvcError(fails.errorCode as ErrorCode, fails.says(output), { reason: fails.reason });
    throw new CliExit(fails.exitCode, fails.says(output), fails.errorCode);
  }
}

/** A document view's switches: true unless its `--no-…` flag was given. */
function switchesOf(cli: AnyOperation['cli'], opts: Opts): Record<string, boolean> {
  const view = cli?.view;
  return Object.fromEntries(Object.keys(view && 'blocks' in view ? (view.switches ?? {}) : {}).map((name) => [name, opts[name] !== false]));
}
