/**
 * Reading price books: in-process parse time of the 3-year DAM fixture (26 301 rows) against the
 * 100 ms target, beside a bare `text.split('\n')` of the same text (a floor no reader can beat)
 * and csv-parse alone (what the long-CSV hot path would cost without the hand-written splitter).
 * The same book written as wide CSV and JSON is read too. Run: npx tsx bench/read.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { parsePriceBook } from '../src/data/price-book.js';
import { writePriceBookJson, writeWideCsv } from '../src/data/write.js';

const TARGET_MS = 100;
const WARMUP = 5;
const RUNS = 21;
const COLD_PROCESSES = 7;
const path = new URL('../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url);
const text = readFileSync(path, 'utf8');

if (process.env.SVC_BENCH_COLD === '1') {
  // Child mode: one first call in a fresh process, as a one-shot CLI run makes it.
  const t0 = performance.now();
  parsePriceBook(text, { source: 'fixture' });
  process.stdout.write(String(performance.now() - t0));
  process.exit(0);
}

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function median(fn: () => unknown): { median: number; min: number } {
  for (let i = 0; i < WARMUP; i += 1) fn();
  const samples = Array.from({ length: RUNS }, () => time(fn)).sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)] ?? Number.NaN, min: samples[0] ?? Number.NaN };
}

// The first call pays for JIT compilation, as a one-shot CLI run does: measured in fresh processes.
const colds = Array.from({ length: COLD_PROCESSES }, () =>
  Number(execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], { env: { ...process.env, SVC_BENCH_COLD: '1' }, encoding: 'utf8' })),
).sort((a, b) => a - b);
const book = parsePriceBook(text, { source: 'fixture' }).book;
const wide = writeWideCsv(book);
const json = writePriceBookJson(book);

const floor = median(() => text.split('\n'));
const rows: { name: string; ms: number; min?: number }[] = [
  { name: `parsePriceBook long CSV, first call, fresh process (x${COLD_PROCESSES})`, ms: colds[Math.floor(COLD_PROCESSES / 2)] ?? Number.NaN, min: colds[0] ?? Number.NaN },
  { name: 'parsePriceBook long CSV (svc hot path)', ...renamed(median(() => parsePriceBook(text, { source: 'fixture' }))) },
  { name: 'csv-parse/sync alone, same text (reference)', ...renamed(median(() => parse(text, { from_line: 2 }))) },
  { name: "text.split('\\n') (floor)", ...renamed(floor) },
  { name: 'parsePriceBook wide CSV (csv-parse), same book', ...renamed(median(() => parsePriceBook(wide, { source: 'wide' }))) },
  { name: 'parsePriceBook JSON (JSON.parse + zod), same book', ...renamed(median(() => parsePriceBook(json, { source: 'json' }))) },
];

function renamed(m: { median: number; min: number }): { ms: number; min: number } {
  return { ms: m.median, min: m.min };
}

const fmt = (n: number): string => n.toFixed(2).padStart(8);
process.stdout.write(`Reading ${text.split('\n').length - 2} rows (${(text.length / 1024).toFixed(0)} KiB), median of ${RUNS} runs after ${WARMUP} warm-up runs; Node ${process.version}\n\n`);
process.stdout.write(`| ${'case'.padEnd(56)} | median ms |   min ms | x floor | vs ${TARGET_MS} ms target |\n`);
process.stdout.write(`|${'-'.repeat(58)}|-----------|----------|---------|------------------|\n`);
for (const r of rows) {
  const target = r.ms <= TARGET_MS ? `ok (${((r.ms / TARGET_MS) * 100).toFixed(0)} %)` : `OVER (${((r.ms / TARGET_MS) * 100).toFixed(0)} %)`;
  process.stdout.write(`| ${r.name.padEnd(56)} | ${fmt(r.ms)}  | ${r.min === undefined ? '       -' : fmt(r.min)} | ${(r.ms / floor.median).toFixed(0).padStart(7)} | ${target.padEnd(16)} |\n`);
}
