/**
 * Order-book snapshot files for `svc depth import`: aggregated sell (ask) and buy (bid) curves
 * per delivery hour, in UAH/MWh and MWh, one level per row/entry (levels at the same price add up).
 *
 * CSV (header required, `,` separator, `.` decimals):
 *   trade_date,hour,side,price_uah_mwh,volume_mwh[,clearing_price_uah_mwh][,captured_at]
 *   side is `sell` or `buy`; hour 0..23; captured_at ISO 8601 (else the import time is used).
 * JSON:
 *   { "capturedAt": "...", "snapshots": [ { "tradeDate": "DD.MM.YYYY", "hour": 0..23,
 *     "clearingPriceUahMwh": number | null, "sell": [{ "price", "volume" }], "buy": [...] } ] }
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { TradeDate } from '../domain/common.js';
import type { DepthBook } from '../domain/tsoplatform.js';
import { SvcError } from '../domain/errors.js';

const LevelSchema = z.strictObject({ price: z.number().finite(), volume: z.number().finite().min(0) });

const SnapshotSchema = z.strictObject({
  tradeDate: TradeDate,
  hour: z.number().int().min(0).max(23),
  clearingPriceUahMwh: z.number().finite().nullable().optional(),
  sell: z.array(LevelSchema),
  buy: z.array(LevelSchema),
});

const FileSchema = z.strictObject({ capturedAt: z.iso.datetime({ offset: true }).optional(), snapshots: z.array(SnapshotSchema).min(1) });

export type ImportedSnapshot = DepthBook;

function fromJson(text: string, importedAt: string): ImportedSnapshot[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw SvcError.validation('depth file: not valid JSON', [{ path: '', message: 'not valid JSON' }]);
  }
  const parsed = FileSchema.safeParse(raw);
  if (!parsed.success) throw SvcError.fromZod(parsed.error);
  const capturedAt = parsed.data.capturedAt ?? importedAt;
  return parsed.data.snapshots.map((s) => ({ tradeDate: s.tradeDate, hour: s.hour, capturedAt, clearingPrice: s.clearingPriceUahMwh ?? null, sell: s.sell, buy: s.buy }));
}

function fromCsv(text: string, importedAt: string): ImportedSnapshot[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const byKey = new Map<string, ImportedSnapshot>();
  rows.forEach((row, i) => {
    const line = i + 2;
    const bad = (field: string, message: string): never => {
      throw SvcError.validation(`depth file line ${line}: ${field} ${message}`, [{ path: `line ${line}.${field}`, message }]);
    };
    const tradeDate = row.trade_date ?? '';
    if (!TradeDate.safeParse(tradeDate).success) bad('trade_date', 'must be DD.MM.YYYY');
    const hour = Number(row.hour);
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) bad('hour', 'must be 0..23');
    const side = row.side;
    if (side !== 'sell' && side !== 'buy') bad('side', 'must be sell or buy');
    const price = Number(row.price_uah_mwh);
    const volume = Number(row.volume_mwh);
    if (row.price_uah_mwh === '' || !Number.isFinite(price)) bad('price_uah_mwh', 'must be a number');
    if (row.volume_mwh === '' || !Number.isFinite(volume) || volume < 0) bad('volume_mwh', 'must be a number >= 0');
    const clearingRaw = row.clearing_price_uah_mwh ?? '';
    const clearing = clearingRaw === '' ? null : Number(clearingRaw);
    if (clearing !== null && !Number.isFinite(clearing)) bad('clearing_price_uah_mwh', 'must be a number');
    const capturedAt = row.captured_at && row.captured_at !== '' ? row.captured_at : importedAt;
    if (!Number.isFinite(Date.parse(capturedAt))) bad('captured_at', 'must be an ISO 8601 time');
    const key = `${tradeDate}|${hour}|${capturedAt}`;
    const snap = byKey.get(key) ?? { tradeDate, hour, capturedAt, clearingPrice: null, sell: [], buy: [] };
    if (clearing !== null) snap.clearingPrice = clearing;
    (side === 'sell' ? snap.sell : snap.buy).push({ price, volume });
    byKey.set(key, snap);
  });
  if (byKey.size === 0) throw SvcError.validation('depth file: no rows', [{ path: '', message: 'no rows' }]);
  return [...byKey.values()];
}

/** JSON when the text starts with `{`, else CSV. */
export function parseDepthFile(text: string, importedAt: string): ImportedSnapshot[] {
  return text.trimStart().startsWith('{') ? fromJson(text, importedAt) : fromCsv(text, importedAt);
}
