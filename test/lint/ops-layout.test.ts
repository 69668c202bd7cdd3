/**
 * The layout of src/ops (docs/architecture.md, "Where an operation lives"): operations live in a
 * domain subfolder, and every operation id names its file, so `svc op run <id>` leads to the code.
 * The rule: the kebab-cased id (`ai.tradingBrief` -> `ai-trading-brief`) contains the file's name as
 * whole words (`brief.ts`, `trading-brief.ts`, `ai-trading-brief.ts` all qualify).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/ops/index.js';

const ROOT = join(import.meta.dirname, '../../src/ops');
const ROOT_FILES = ['cli-binding.ts', 'cli-steps.ts', 'cli-views.ts', 'cost.ts', 'index.ts', 'invoke.ts', 'pool.ts', 'present-schema.ts', 'present.ts', 'types.ts'];
const DOMAINS = ['account', 'ai', 'facade', 'forecast', 'grid', 'market', 'report', 'strategy', 'system'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}
const kebab = (id: string): string => id.replace(/\./g, '-').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
export function namesItsFile(id: string, file: string): boolean {
  return `-${kebab(id)}-`.includes(`-${basename(file, '.ts')}-`);
}

describe('src/ops layout', () => {
  const files = tsFiles(ROOT);
  const ids = new Set(operations.map((op) => op.id));
  const definedIn = new Map<string, string[]>();
  for (const f of files) {
    for (const m of readFileSync(f, 'utf8').matchAll(/^\s*id: '([^']+)',$/gm)) {
      if (ids.has(m[1] as string)) definedIn.set(m[1] as string, [...(definedIn.get(m[1] as string) ?? []), f]);
    }
  }

  it('holds only the shared modules at its root; everything else sits in a domain folder', () => {
    const root = readdirSync(ROOT, { withFileTypes: true });
    expect(root.filter((e) => e.isFile()).map((e) => e.name).sort()).toEqual(ROOT_FILES);
    expect(root.filter((e) => e.isDirectory()).map((e) => e.name).sort()).toEqual(DOMAINS);
  });

  it('finds every registered operation defined in exactly one file, and that file is named by the id', () => {
    const misnamed: string[] = [];
    for (const op of operations) {
      const where = definedIn.get(op.id) ?? [];
      expect(where.length, `${op.id} is defined (a line \`id: '${op.id}',\`) in exactly one file under src/ops`).toBe(1);
      const f = where[0];
      if (f && !namesItsFile(op.id, f)) misnamed.push(`${op.id} in ${relative(ROOT, f)}`);
    }
    expect(misnamed).toEqual([]);
  });

  it('the rule itself tells a named file from an unnamed one', () => {
    expect(namesItsFile('ai.tradingBrief', 'ai/brief.ts')).toBe(true);
    expect(namesItsFile('bess.plan', 'strategy/plan.ts')).toBe(true);
    expect(namesItsFile('bess.planAhead', 'strategy/plan-ahead.ts')).toBe(true);
    expect(namesItsFile('exch.electricityIndexes', 'market/mktop.ts')).toBe(false);
    expect(namesItsFile('system.operations', 'grid/coupling.ts')).toBe(false);
    expect(namesItsFile('mktop.prices', 'market/mk.ts')).toBe(false);
  });

  it('keeps the configuration modules in src/config/, none loose at the top of src/', () => {
    const loose = readdirSync(join(ROOT, '..')).filter((n) => /^config.*\.ts$/.test(n));
    expect(loose).toEqual([]);
  });
});
