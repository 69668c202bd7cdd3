/**
 * The derived commands a cold start registers: read from dist/cli/commands.json, which the build
 * writes (manifest-build.ts) from the registry's `cli` bindings, so that `svc prices stats`
 * registers every derived command without loading one operation or zod. Where the file is absent
 * (running from the sources, or a build by plain `tsc`), the commands are derived from the
 * registry at run time: slower, the same commands.
 */
import { readFileSync } from 'node:fs';
import type { AnyOperation } from '../ops/types.js';
import type { CommandSpec } from './derive.js';
import type { OpLoader } from './derived.js';

export const MANIFEST_FILE = 'commands.json';

export interface Manifest {
  commands: CommandSpec[];
}

export function readManifest(url: URL = new URL(`./${MANIFEST_FILE}`, import.meta.url)): CommandSpec[] | undefined {
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch {
    return undefined;
  }
  return (JSON.parse(text) as Manifest).commands;
}

/** Loads an op from the built module the manifest names (path under dist/). */
export const loadBuiltOp: OpLoader = async (spec) => {
  if (!spec.module || !spec.exportName) throw new Error(`command ${spec.command.join(' ')}: the manifest names no module`);
  const mod = (await import(new URL(`../${spec.module}`, import.meta.url).href)) as Record<string, AnyOperation | undefined>;
  const op = mod[spec.exportName];
  if (!op || op.id !== spec.id) throw new Error(`command ${spec.command.join(' ')}: ${spec.module} exports no ${spec.exportName} with id ${spec.id}; rebuild (npm run build)`);
  return op;
};

/**
 * Commands derived at run time from a list of operations, each loaded as it is (derive.ts, and
 * with it the settings table, is loaded only here: a cold start reads the manifest).
 */
export async function deriveCommands(ops: readonly AnyOperation[]): Promise<{ specs: CommandSpec[]; load: OpLoader }> {
  const { commandSpec } = await import('./derive.js');
  const byId = new Map(ops.filter((o) => o.cli).map((o) => [o.id, o]));
  return {
    specs: [...byId.values()].map(commandSpec),
    load: async (spec) => byId.get(spec.id) as AnyOperation,
  };
}
