import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStores } from '../../src/store/sqlite/index.js';
import { onLines, tempDir } from './helpers.js';

const CHILD = fileURLToPath(new URL('./fixtures/append-child.ts', import.meta.url));
const KILL_AFTER = 500;
const TOTAL = 2000;

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir('svc-durability-'));
});
afterEach(() => cleanup());

/** Runs the child, SIGKILLs it once KILL_AFTER ids were acknowledged, returns every acknowledged id. */
function runAndKill(): Promise<{ acked: string[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, String(TOTAL)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: string[] = [];
    let stderr = '';
    onLines(child.stdout, (line) => {
      acked.push(line);
      if (acked.length >= KILL_AFTER && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child was not killed (code ${code}): ${stderr}`));
      else resolve({ acked, signal });
    });
  });
}

/** Every store the audit journal can live in; a networked store adds its opener here. */
const STORES = [{ name: 'sqlite (embedded)', open: openSqliteStores }] as const;
/** kill -9 at a different moment each time: the journal must hold in every run. */
const RUNS = [1, 2, 3];

describe.each(STORES)('durability under SIGKILL: $name', ({ open: openStores }) => {
  it.each(RUNS)('run %i: keeps every acknowledged append and an intact database', async () => {
    const { acked, signal } = await runAndKill();
    expect(signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.length).toBeLessThan(TOTAL);

    const stores = openStores(dir);
    try {
      expect(stores.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set((await stores.audit.all('durability')).map((e) => e.id));
      const missing = acked.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      // The store may hold at most one more (committed, killed before printing) than was acknowledged.
      expect(stored.size - acked.length).toBeGreaterThanOrEqual(0);
      expect(stored.size - acked.length).toBeLessThanOrEqual(1);
      // Still writable after recovery.
      await stores.audit.append('durability', {
        id: '00000000-0000-4000-8000-000000000001',
        createdAt: '2025-03-01T00:00:00.000Z',
        type: 'prices_loaded',
        actor: 'parent',
        tradeDate: '01.03.2025',
        source: 'after-recovery',
        metadata: {},
      });
    } finally {
      await stores.close();
    }
  }, 30_000);
});
