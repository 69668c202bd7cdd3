import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AuditEvent } from '../../src/domain/audit.js';

export function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: randomUUID(),
    createdAt: '2025-03-01T10:00:00.000Z',
    type: 'prices_loaded',
    actor: 'local-user',
    tradeDate: '01.03.2025',
    source: 'test',
    metadata: { rows: 24, ok: true, file: 'prices.csv' },
    ...overrides,
  };
}

/** A temp dir removed by the returned cleanup. */
export function tempDir(prefix = 'svc-store-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Calls `onLine` with each complete, non-empty line of a child's output stream. */
export function onLines(stream: Readable, onLine: (line: string) => void): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line !== '') onLine(line);
  });
}
