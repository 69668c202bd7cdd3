/**
 * `svc depth import <file>` and `svc depth show`: store order-book snapshots and walk the book
 * by size, with the depth curve as a chart. Display only: not a forecast, an order
 * recommendation or a fill guarantee.
 */
import type { Command } from 'commander';
import { readTextInput } from './json-input.js';
import type { DepthResponse } from '../domain/tsoplatform.js';
import { bar, formatNumber } from './chart.js';
import type { CliEnv } from './cli-env.js';
import { toCsv } from './csv.js';
import { makeTable } from './table.js';

const num = (v: number | null, digits = 2): string => (v === null ? '—' : formatNumber(v, digits));

function depthTable(env: CliEnv, r: DepthResponse): void {
  const out = env.out();
  for (const h of r.hours) {
    out.print(out.c.bold(`${r.tradeDate} hour ${String(h.hour).padStart(2, '0')} — captured ${h.capturedAt}; clearing ${num(h.clearingPriceUahMwh)} UAH/MWh`));
    out.print(`depth within ±${r.bandPct} %: sell ${num(h.depth.sellMwh, 1)} MWh, buy ${num(h.depth.buyMwh, 1)} MWh (book: ${num(h.curves.sellMwh, 1)} / ${num(h.curves.buyMwh, 1)} MWh)`);
    const t = makeTable(['Side', 'Size MWh', 'Fillable', 'VWAP', 'Slip vs best', 'Slip %', 'Slip vs clearing', 'Risk'], out.c, { right: [1, 2, 3, 4, 5, 6] });
    for (const f of h.fills) {
      const risk = f.risk === 'low' ? out.c.green(f.risk) : f.risk === 'medium' ? out.c.yellow(f.risk) : out.c.red(f.risk);
      t.push([f.side, num(f.sizeMwh, 1), num(f.fillableMwh, 1), num(f.vwap), num(f.slippageVsBest), num(f.slippageVsBestPct), num(f.slippageVsClearing), risk]);
    }
    out.print(t.toString());
    // Depth curve: VWAP against size, one bar per requested size.
    const buys = h.fills.filter((f) => f.side === 'buy' && f.vwap !== null);
    const top = Math.max(...buys.map((f) => f.slippageVsBest ?? 0), 0);
    if (buys.length > 0) {
      out.print('buy slippage by size (UAH/MWh)');
      for (const f of buys) out.print(`${num(f.sizeMwh, 1).padStart(8)} MWh ${bar(f.slippageVsBest ?? 0, top || 1, 30).padEnd(30)} ${num(f.slippageVsBest)}`);
    }
    out.print('');
  }
  out.print(r.disclaimer);
}

export function registerDepth(program: Command, env: CliEnv): void {
  const depth = program.command('depth').description('order-book depth: import snapshots, walk the book by size (display only)');
  depth.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc depth import examples/depth-sample.csv\n' +
      '  $ svc depth show --date 02.03.2026 --sizes 5,10,50 --side buy',
  );
  depth
    .command('import')
    .description('store order-book snapshots (aggregated sell/buy curves per delivery hour) with their capture time')
    .argument('<file>', 'CSV trade_date,hour,side,price_uah_mwh,volume_mwh[,clearing_price_uah_mwh][,captured_at] or JSON (docs/data.md); - for stdin')
    .addHelpText('after', '\nExamples:\n  $ svc depth import examples/depth-sample.csv\n  $ svc depth import book.json --format json')
    .action(async (file: string) => {
      const { depthImport } = await import('../ops/market/market-depth.js');
      const r = await env.runOp(depthImport, { text: readTextInput(file, 'depth import'), source: file });
      const { format } = env.globals();
      if (format === 'json') return env.out().json(r);
      if (format === 'csv') return env.out().raw(await toCsv(r.snapshots));
      const t = makeTable(['Trade date', 'Hour', 'Captured', 'Sell levels', 'Buy levels'], env.out().c);
      for (const s of r.snapshots) t.push([s.tradeDate, String(s.hour), s.capturedAt, String(s.sellLevels), String(s.buyLevels)]);
      env.out().print(t.toString());
    });
  depth
    .command('show')
    .description('walk the stored book: fillable volume, VWAP, slippage, depth within ±N %, execution risk')
    .requiredOption('--date <DD.MM.YYYY>', 'delivery day')
    .option('--hour <0..23>', 'one delivery hour (default: every stored hour)')
    .option('--sizes <list>', 'order sizes in MWh, comma-separated', '1,5,10,25')
    .option('--side <side>', 'buy | sell | both', 'both')
    .option('--band <pct>', 'depth band ±N % around the clearing price', '5')
    .addHelpText('after', '\nRisk: low ≤ 1 % slippage vs best, medium ≤ 5 %, high above, extreme when the size cannot be filled.\n\nExamples:\n  $ svc depth show --date 02.03.2026 --sizes 5,10,50 --side buy')
    .action(async (opts: { date: string; hour?: string; sizes: string; side: string; band: string }) => {
      const { marketDepth } = await import('../ops/market/market-depth.js');
      const r = await env.runOp(marketDepth, { tradeDate: opts.date, sizes: opts.sizes, side: opts.side, bandPct: opts.band, ...(opts.hour !== undefined ? { hour: opts.hour } : {}) });
      const { format } = env.globals();
      if (format === 'json') return env.out().json(r);
      if (format === 'csv') {
        return env.out().raw(await toCsv(r.hours.flatMap((h) => h.fills.map((f) => ({ tradeDate: r.tradeDate, hour: h.hour, capturedAt: h.capturedAt, ...f })))));
      }
      depthTable(env, r);
    });
}
