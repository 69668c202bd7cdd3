/**
 * Writes dist/cli/commands.json (manifest.ts): every registry operation with a `cli` binding as a
 * CommandSpec, with the module under dist/ and the export the CLI loads it from (a lean op's own
 * module where there is one: the registry holds lean ops wrapped in their zod contract).
 * Run by `npm run build` after tsc: `node dist/cli/manifest-build.js`.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';
import type { AnyOperation } from '../ops/types.js';
import { commandSpec, type CommandSpec } from './derive.js';
import { MANIFEST_FILE, type Manifest } from './manifest.js';

const isOp = (v: unknown): v is AnyOperation => typeof v === 'object' && v !== null && typeof (v as AnyOperation).id === 'string' && typeof (v as AnyOperation).run === 'function';

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(path);
    // Worker entry points start work when imported.
    return e.name.endsWith('.js') && !e.name.includes('worker') ? [path] : [];
  });
}

export async function buildManifest(distDir: string): Promise<Manifest> {
  const { operations } = (await import(pathToFileURL(join(distDir, 'ops', 'index.js')).href)) as { operations: AnyOperation[] };
  const wanted = new Map(operations.filter((o) => o.cli).map((o) => [o.id, o]));
  const found = new Map<string, { module: string; exportName: string; lean: boolean; op: AnyOperation }>();
  for (const file of moduleFiles(join(distDir, 'ops'))) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (!isOp(value) || !value.cli || !wanted.has(value.id)) continue;
      const lean = value.lean === true;
      const seen = found.get(value.id);
      if (!seen || (lean && !seen.lean)) found.set(value.id, { module: relative(distDir, file).split('\\').join('/'), exportName, lean, op: value });
    }
  }
  const commands: CommandSpec[] = [];
  for (const op of wanted.values()) {
    const where = found.get(op.id);
    if (!where) throw new Error(`operation ${op.id} has a cli binding but no module under ops/ exports it`);
    // Derived from the op the CLI runs (the lean one, where there is one); from its contract when
    // the lean validator states no JSON Schema of its own (it hands what it cannot vouch for to zod).
    const described = where.op.input['~standard'].jsonSchema ? where.op : op;
    commands.push({ ...commandSpec({ ...described, cli: where.op.cli } as AnyOperation), module: where.module, exportName: where.exportName });
  }
  return { commands };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = fileURLToPath(new URL('..', import.meta.url));
  const manifest = await buildManifest(distDir);
  writeFileSync(join(distDir, 'cli', MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  process.stdout.write(`wrote dist/cli/${MANIFEST_FILE}: ${manifest.commands.map((c) => c.command.join(' ')).join(', ')}\n`);
}
