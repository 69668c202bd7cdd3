/**
 * Files a derived command writes beside its output (CliBinding.files, `--daily out.csv`): each
 * path is checked before anything runs, and written, as CSV, only once the output is complete, so
 * a failed run leaves no file behind.
 */
import type { SideFile } from '../ops/types.js';
import type { Output } from './output.js';
import { toCsv } from './csv.js';
import { checkOutputPath, writeOutputFile } from './settings.js';

type Opts = Record<string, unknown>;
const camel = (flag: string): string => flag.replace(/^--/, '').replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
const pathOf = (f: SideFile<unknown>, opts: Opts): string | undefined => opts[camel(f.flag)] as string | undefined;

/** Bad input (exit 2, naming the flag) when a file given cannot be written where it points. */
export function checkSideFiles(files: readonly SideFile<unknown>[], opts: Opts): void {
  for (const f of files) checkOutputPath(pathOf(f, opts), f.flag);
}

/** Writes each file given, and says so on stderr. */
export async function writeSideFiles(out: Output, files: readonly SideFile<unknown>[], output: unknown, opts: Opts): Promise<void> {
  for (const f of files) {
    const path = pathOf(f, opts);
    if (path === undefined) continue;
    writeOutputFile(path, await toCsv(f.rows(output), f.columns), f.flag);
    out.info(f.wrote(output, path));
  }
}
