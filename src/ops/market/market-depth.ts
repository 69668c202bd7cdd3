/**
 * GET /api/market-model/market-depth (service token) and `svc depth import|show`: walk-the-book
 * over stored order-book snapshots (src/engines/depth.ts). Display only.
 */
import { z } from 'zod';
import { SvcError } from '../../domain/errors.js';
import { DepthQuery, DepthResponse } from '../../domain/tsoplatform.js';
import { DEFAULT_RISK_THRESHOLDS, depthWithin, referencePrice, walkBook, type Side } from '../../engines/depth.js';
import { defineOperation, type Block, type DocText } from '../types.js';

/** `svc depth`: the command group of `depth import` and `depth show`. */
const DEPTH_PARENT = {
  description: 'order-book depth: import snapshots, walk the book by size (display only)',
  examples: ['svc depth import examples/depth-sample.csv', 'svc depth show --date 02.03.2026 --sizes 5,10,50 --side buy'],
};

/** `svc depth`'s words in the CLI's two table languages (`--lang`); sides and risk levels are the JSON's codes. */
const DEPTH_WORDS = {
  en: {
    hourLine: (date: string, hour: string, at: string, clearing: string) => `${date} hour ${hour} — captured ${at}; clearing ${clearing} UAH/MWh`,
    depth: (band: number, sell: string, buy: string, bookSell: string, bookBuy: string) => `depth within ±${band} %: sell ${sell} MWh, buy ${buy} MWh (book: ${bookSell} / ${bookBuy} MWh)`,
    head: ['Side', 'Size, MWh', 'Fillable, MWh', 'VWAP, UAH/MWh', 'Slip vs best, UAH/MWh', 'Slip vs best, %', 'Slip vs clearing, UAH/MWh', 'Risk'],
    slippage: 'buy slippage by size (UAH/MWh)', mwh: 'MWh',
    importHead: ['Trade date', 'Hour', 'Captured', 'Sell levels', 'Buy levels'],
    disclaimer: null,
  },
  uk: {
    hourLine: (date: string, hour: string, at: string, clearing: string) => `${date} година ${hour} — знімок ${at}; ціна рівноваги ${clearing} грн/МВт·год`,
    depth: (band: number, sell: string, buy: string, bookSell: string, bookBuy: string) => `глибина в межах ±${band} %: продаж ${sell} МВт·год, купівля ${buy} МВт·год (книга: ${bookSell} / ${bookBuy} МВт·год)`,
    head: ['Напрям', 'Обсяг, МВт·год', 'Можна виконати, МВт·год', 'VWAP, грн/МВт·год', 'Прослизання до кращої, грн/МВт·год', 'Прослизання до кращої, %', 'Прослизання до рівноважної, грн/МВт·год', 'Ризик'],
    slippage: 'прослизання купівлі за обсягом (грн/МВт·год)', mwh: 'МВт·год',
    importHead: ['Торговий день', 'Година', 'Знімок', 'Рівнів продажу', 'Рівнів купівлі'],
    disclaimer: 'Лише для відображення: розраховано зі збережених знімків книги заявок як вони є. Не прогноз, не рекомендація заявки і не гарантія виконання.',
  },
} as const;

/** Per stored hour: its capture and depth, the fills by size and the buy side's slippage as bars; then the disclaimer. */
function depthBlocks(r: DepthResponse, t: DocText): Block[] {
  const w = DEPTH_WORDS[t.lang];
  const num = (v: number | null, digits = 2): string => (v === null ? '—' : t.money(v, digits));
  const blocks: Block[] = [];
  for (const h of r.hours) {
    blocks.push(t.bold(w.hourLine(r.tradeDate, String(h.hour).padStart(2, '0'), h.capturedAt, num(h.clearingPriceUahMwh))));
    blocks.push(w.depth(r.bandPct, num(h.depth.sellMwh, 1), num(h.depth.buyMwh, 1), num(h.curves.sellMwh, 1), num(h.curves.buyMwh, 1)));
    const risk = (f: (typeof h.fills)[number]) => t.paint(f.risk === 'low' ? 'green' : f.risk === 'medium' ? 'yellow' : 'red', f.risk);
    const rows = h.fills.map((f) => [f.side, num(f.sizeMwh, 1), num(f.fillableMwh, 1), num(f.vwap), num(f.slippageVsBest), num(f.slippageVsBestPct), num(f.slippageVsClearing), risk(f)]);
    // Headers wrap at spaces: the English ones at the widths they always had, the Ukrainian ones at their longest word (the unit).
    const maxWidths = t.lang === 'uk' ? w.head.map((x, i) => (i === 0 || i === 7 ? undefined : Math.max(11, ...x.split(' ').map((p) => p.length)))) : [undefined, 9, 9, 9, 13, 13, 13, undefined];
    blocks.push({ table: { head: w.head, maxWidths, right: [1, 2, 3, 4, 5, 6], rows } });
    // Depth curve: VWAP against size, one bar per requested size.
    const buys = h.fills.filter((f) => f.side === 'buy' && f.vwap !== null);
    const top = Math.max(...buys.map((f) => f.slippageVsBest ?? 0), 0);
    if (buys.length > 0) {
      blocks.push(w.slippage);
      for (const f of buys) blocks.push(`${num(f.sizeMwh, 1).padStart(8)} ${w.mwh} ${t.bar(f.slippageVsBest ?? 0, top || 1, 30).padEnd(30)} ${num(f.slippageVsBest)}`);
    }
    blocks.push('');
  }
  blocks.push(w.disclaimer ?? r.disclaimer);
  return blocks;
}

export const DEPTH_DISCLAIMER =
  'Display only: computed from stored order-book snapshots as captured. Not a forecast, not an order recommendation and not a fill guarantee.';

export const marketDepth = defineOperation({
  id: 'market.depth',
  summary: 'Walk-the-book slippage, depth and execution risk by size',
  description:
    'For each stored delivery hour of `tradeDate` (newest capture per hour; `hour` for one) and each size in `sizes` (MWh): ' +
    'fillable volume, volume-weighted price, slippage against the best level and the clearing price (positive = worse for ' +
    'the taker), depth within ±`bandPct` % of the clearing price (else the mid), and an execution-risk level: low when ' +
    'slippage against best is at most 1 %, medium at most 5 %, high above, extreme when the book cannot fill the size. ' +
    'Snapshots are imported with `svc depth import`. Display only: not a forecast, an order recommendation or a fill ' +
    'guarantee. 404 (reason `no_snapshot`) when nothing is stored for the date.',
  tags: ['market-model'],
  access: 'serviceToken',
  input: DepthQuery,
  output: DepthResponse,
  http: { method: 'GET', path: '/api/market-model/market-depth', inputFrom: 'query', successStatus: 200, errors: [400, 401, 404, 429, 503] },
  cli: {
    command: ['depth', 'show'],
    description: 'walk the stored book: fillable volume, VWAP, slippage, depth within ±N %, execution risk',
    parent: DEPTH_PARENT,
    flags: {
      tradeDate: { flag: '--date', value: 'DD.MM.YYYY', verbatim: true },
      hour: { value: '0..23', verbatim: true },
      sizes: { value: 'list', verbatim: true },
      side: { value: 'side', verbatim: true },
      bandPct: { flag: '--band', value: 'pct', verbatim: true },
    },
    order: ['tradeDate', 'hour', 'sizes', 'side', 'bandPct'],
    flagHelp: {
      tradeDate: 'delivery day',
      hour: 'one delivery hour (default: every stored hour)',
      sizes: 'order sizes in MWh, comma-separated (default: "1,5,10,25")',
      side: 'buy | sell | both (default: "both")',
      bandPct: 'depth band ±N % around the clearing price (default: "5")',
    },
    errors: 'flags',
    view: {
      blocks: depthBlocks,
      csv: { rows: (r) => r.hours.flatMap((h) => h.fills.map((f) => ({ tradeDate: r.tradeDate, hour: h.hour, capturedAt: h.capturedAt, ...f }))) },
    },
    helpText: 'Risk: low ≤ 1 % slippage vs best, medium ≤ 5 %, high above, extreme when the size cannot be filled.',
    examples: ['svc depth show --date 02.03.2026 --sizes 5,10,50 --side buy'],
  },
  async run(ctx, input) {
    const stores = await ctx.stores();
    const snapshots = (await stores.depth.latest(input.tradeDate)).filter((s) => input.hour === undefined || s.hour === input.hour);
    if (snapshots.length === 0) {
      throw new SvcError('not_found', `no order-book snapshot stored for ${input.tradeDate}${input.hour === undefined ? '' : ` hour ${input.hour}`}`, { reason: 'no_snapshot' });
    }
    const sides: Side[] = input.side === 'both' ? ['buy', 'sell'] : [input.side];
    const total = (levels: { volume: number }[]) => levels.reduce((s, l) => s + Math.max(0, l.volume), 0);
    return {
      tradeDate: input.tradeDate,
      unit: 'UAH/MWh' as const,
      bandPct: input.bandPct,
      thresholds: { ...DEFAULT_RISK_THRESHOLDS, partialFill: 'extreme' as const },
      hours: snapshots.map((s) => {
        const reference = referencePrice(s, s.clearingPrice);
        return {
          hour: s.hour,
          capturedAt: s.capturedAt,
          clearingPriceUahMwh: s.clearingPrice,
          referencePriceUahMwh: reference,
          depth: reference === null ? { sellMwh: 0, buyMwh: 0 } : depthWithin(s, reference, input.bandPct),
          curves: { sellMwh: total(s.sell), buyMwh: total(s.buy) },
          fills: input.sizes.flatMap((size) => sides.map((side) => walkBook(s, side, size, s.clearingPrice))),
        };
      }),
      disclaimer: DEPTH_DISCLAIMER,
    };
  },
});

export const DepthImportRequest = z.strictObject({ text: z.string().min(1), source: z.string().default('file') });
export const DepthImportResponse = z.strictObject({
  imported: z.number().int(),
  snapshots: z.array(z.strictObject({ id: z.string(), tradeDate: z.string(), hour: z.number().int(), capturedAt: z.string(), sellLevels: z.number().int(), buyLevels: z.number().int() })),
});

export const depthImport = defineOperation({
  id: 'market.depth.import',
  summary: 'Store order-book snapshots (command line: svc depth import)',
  description: 'Parses a CSV or JSON snapshot file (layout in docs/data.md) and stores each hour with its capture time.',
  tags: ['market-model'],
  access: 'serviceToken',
  input: DepthImportRequest,
  output: DepthImportResponse,
  cli: {
    command: ['depth', 'import'],
    description: 'store order-book snapshots (aggregated sell/buy curves per delivery hour) with their capture time',
    parent: DEPTH_PARENT,
    body: {
      arg: 'file',
      help: 'CSV trade_date,hour,side,price_uah_mwh,volume_mwh[,clearing_price_uah_mwh][,captured_at] or JSON (docs/data.md); - for stdin',
      fields: ['text'],
      named: 'source',
      what: 'depth import',
      text: true,
    },
    errors: 'flags',
    view: {
      blocks: (r, t) => [{ table: { head: DEPTH_WORDS[t.lang].importHead, rows: r.snapshots.map((s) => [s.tradeDate, String(s.hour), s.capturedAt, String(s.sellLevels), String(s.buyLevels)]) } }],
      csv: { rows: (r) => r.snapshots },
    },
    examples: ['svc depth import examples/depth-sample.csv', 'svc depth import book.json --format json'],
  },
  async run(ctx, input) {
    const { parseDepthFile } = await import('../../data/depth-book.js');
    const parsed = parseDepthFile(input.text, ctx.now().toISOString());
    const snapshots = parsed.map((s) => ({ ...s, id: ctx.newId() }));
    await (await ctx.stores()).depth.save(snapshots);
    return {
      imported: snapshots.length,
      snapshots: snapshots.map((s) => ({ id: s.id, tradeDate: s.tradeDate, hour: s.hour, capturedAt: s.capturedAt, sellLevels: s.sell.length, buyLevels: s.buy.length })),
    };
  },
});
