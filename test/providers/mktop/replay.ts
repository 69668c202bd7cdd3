/**
 * A local HTTP server that replays the market operator's documented response shapes
 * (../shared/data/formats/oree_formats.md), built from the real values shipped in fixtures/:
 * the monthly price table, the daily indexes table, the daily trading-results JSON. Each test
 * scripts what the server does (normal, error page, 500 then success, slow, truncated, cp1251)
 * and counts the requests it saw.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadPriceBook } from '../../../src/data/load.js';

export interface Hit {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface Reply {
  status?: number;
  body: string | Buffer;
  contentType?: string;
  delayMs?: number;
  /** Send this many bytes of the body, then cut the connection. */
  cutAfter?: number;
}

export type Script = (hit: Hit, n: number) => Reply | Promise<Reply>;

export interface Replay {
  base: string;
  hits: Hit[];
  script: Script;
  close(): Promise<void>;
}

export async function startReplay(script: Script): Promise<Replay> {
  const state: Replay = { base: '', hits: [], script, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      for (const [k, v] of url.searchParams) form[k] = v;
      const hit: Hit = { method: req.method ?? 'GET', path: url.pathname, form, headers: req.headers };
      state.hits.push(hit);
      void Promise.resolve(state.script(hit, state.hits.length)).then(async (reply) => {
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
        res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json; charset=utf-8', 'content-length': String(body.length) });
        if (reply.cutAfter !== undefined) {
          res.write(body.subarray(0, reply.cutAfter));
          setTimeout(() => res.destroy(), 10);
          return;
        }
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
}

const FIXTURE = new URL('../../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url);

/** Every fixture day's periods (clock-change days with their own 23/24 values). */
export async function fixtureDays(): Promise<Map<string, number[]>> {
  const r = await loadPriceBook(FIXTURE.pathname, { dst: 'skip' });
  const out = new Map<string, number[]>();
  for (const [date, day] of Object.entries(r.book)) out.set(date, day.map((p) => p.priceUahMwh));
  for (const d of r.dstDays) out.set(d.date, d.periods);
  return out;
}

const cell = (v: number | undefined): string => `<td>${v === undefined ? '' : v.toFixed(2)}</td>`;

/** The `pricectr/data_view` body for a month: JSON with `content` holding `#price_table`. */
export function pricesBody(days: Map<string, number[]>, month: string, tweak?: (rows: string[]) => string[]): string {
  const dates = [...days.keys()].filter((d) => d.slice(3) === month).sort();
  let rows = dates.map((d) => {
    const p = days.get(d) ?? [];
    return `<tr><td>${d}</td>${Array.from({ length: 24 }, (_, i) => cell(p[i])).join('')}</tr>`;
  });
  if (tweak) rows = tweak(rows);
  const head = `<thead><tr><th>Дата</th>${Array.from({ length: 24 }, (_, i) => `<th>${i + 1}</th>`).join('')}</tr></thead>`;
  return JSON.stringify({ content: `<div class="table-responsive"><table id="price_table" class="table">${head}<tbody>${rows.join('')}</tbody></table></div>` });
}

/** Daily indexes computed the operator's way from the fixture prices (base 24 h, peak 08–20). */
export function indexesOf(days: Map<string, number[]>, month: string): { date: string; values: number[] }[] {
  return [...days.keys()].filter((d) => d.slice(3) === month && days.get(d)?.length === 24).sort().map((date) => {
    const p = days.get(date) ?? [];
    const mean = (xs: number[]): number => Math.round((xs.reduce((s, v) => s + v, 0) / xs.length) * 100) / 100;
    const peak = p.slice(8, 20);
    const off = [...p.slice(0, 8), ...p.slice(20)];
    return { date, values: [mean(p), mean(peak), mean(off), Math.min(...p), Math.max(...p), mean(p)] };
  });
}

export function indexesBody(days: Map<string, number[]>, month: string): string {
  const head = '<thead><tr><th>Дата</th><th>Base, грн/МВт.год</th><th>Peak, грн/МВт.год</th><th>OffPeak, грн/МВт.год</th>' +
    '<th>Мінімальна ціна, грн/МВт.год</th><th>Максимальна ціна, грн/МВт.год</th><th>Середньозважена ціна, грн/МВт.год</th></tr></thead>';
  const rows = indexesOf(days, month).map((r) => `<tr><td>${r.date}</td>${r.values.map((v) => `<td>${v.toFixed(2).replace('.', ',')}</td>`).join('')}</tr>`);
  return JSON.stringify({ content: `<table class="table">${head}<tbody>${rows.join('')}</tbody></table>` });
}

/** Real price and cleared volume per period (fixtures/oree-dam-volumes-sample-2024.csv). */
export function volumeDays(): Map<string, { price: number; volume: number }[]> {
  const text = readFileSync(new URL('../../../fixtures/oree-dam-volumes-sample-2024.csv', import.meta.url), 'utf8');
  const out = new Map<string, { price: number; volume: number }[]>();
  for (const line of text.trim().split('\n').slice(1)) {
    const [date, , price, volume] = line.split(',');
    const list = out.get(date as string) ?? [];
    list.push({ price: Number(price), volume: Number(volume) });
    out.set(date as string, list);
  }
  return out;
}

/** The `get_pxs_hdata` body: `html` table (period, price, sale, purchase, declared sale, declared purchase). */
export function resultsBody(periods: { price: number; volume: number }[]): string {
  const rows = periods.map((p, i) => {
    const declared = Math.round(p.volume * 1.1 * 10) / 10;
    return `<tr><td>${i + 1}</td><td>${p.price.toFixed(2)}</td><td>${p.volume.toFixed(1)}</td><td>${p.volume.toFixed(1)}</td><td>${declared.toFixed(1)}</td><td>${declared.toFixed(1)}</td></tr>`;
  });
  return JSON.stringify({ labels: periods.map((_, i) => String(i + 1)), pricesData: periods.map((p) => p.price), amountsData: periods.map((p) => p.volume), html: `<table><tbody>${rows.join('')}</tbody></table>` });
}

/** Encodes text as windows-1251 (the reverse of the decoder's table). */
export function toCp1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b += 1) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => {
    const b = table.get(ch);
    if (b === undefined) throw new Error(`not in windows-1251: ${ch}`);
    return b;
  }));
}

export const MAINTENANCE_PAGE = '<!DOCTYPE html><html><head><title>Технічні роботи</title></head><body><h1>Сайт тимчасово недоступний</h1></body></html>';
