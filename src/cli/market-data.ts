/**
 * `svc prices fetch`, `svc indexes`, `svc results` and `svc exch indexes`: the market-data reads
 * from the terminal, through the same operations as the HTTP door (src/ops/market/mktop.ts).
 */
import type { Command } from 'commander';
import { monthsBetween } from '../domain/dates.js';
import { SvcError } from '../domain/errors.js';
import { formatNumber } from './chart.js';
import type { CliEnv } from './cli-env.js';
import { toCsv } from './csv.js';
import { makeTable } from './table.js';
import { writeOutputFile } from './settings.js';

const MONTH = /^(0[1-9]|1[0-2])\.\d{4}$/;

function month(value: string | undefined, flag: string): string {
  if (!value || !MONTH.test(value)) throw SvcError.validation(`${flag}: expected a month MM.YYYY, got "${value ?? ''}"`, [{ path: flag, message: 'expected MM.YYYY' }]);
  return value;
}

function market(value: string | undefined): 'DAM' | 'IDM' {
  const m = (value ?? 'DAM').toUpperCase();
  if (m !== 'DAM' && m !== 'IDM') throw SvcError.validation(`--market: expected DAM or IDM, got "${value}"`, [{ path: '--market', message: 'expected DAM|IDM' }]);
  return m;
}

function freshnessLine(env: CliEnv, what: string, f: { status: string; source: string; fetchedAt: string | null; upstreamError?: { reason: string; message: string } }): void {
  const line = `${what}: ${f.status} (${f.source}${f.fetchedAt ? `, fetched ${f.fetchedAt}` : ''})${f.upstreamError ? ` — ${f.upstreamError.reason}: ${f.upstreamError.message}` : ''}`;
  if (f.status === 'fresh') env.out().info(line);
  else env.out().warn(line);
}

interface FetchOpts { month?: string; from?: string; to?: string; market?: string; output?: string; refresh?: boolean }

async function fetchPrices(env: CliEnv, opts: FetchOpts): Promise<void> {
  if (opts.month && (opts.from || opts.to)) throw SvcError.validation('give --month or --from/--to, not both', [{ path: '--month', message: 'not with --from/--to' }]);
  const from = month(opts.month ?? opts.from, opts.month ? '--month' : '--from');
  const to = month(opts.month ?? opts.to, opts.month ? '--month' : '--to');
  const mkt = market(opts.market);
  const { mktopFetch, mktopPrices } = await import('../ops/market/mktop.js');
  const months = monthsBetween(from, to);
  if (months.length === 0) throw SvcError.validation('--from is after --to', [{ path: '--from', message: 'must not be after --to' }]);
  const out = env.out();
  const progress = await out.progress(`fetching ${months.length} month${months.length === 1 ? '' : 's'} of ${mkt} prices`);
  const statuses = [];
  const rows: { date: string; hour: number; price_uah_mwh: number }[] = [];
  let failed = 0;
  for (const [i, m] of months.entries()) {
    const r = await env.runOp(mktopFetch, { from: m, to: m, market: mkt, refresh: Boolean(opts.refresh) });
    const s = r.months[0];
    if (!s) continue;
    statuses.push(s);
    progress.update(i + 1, months.length, `${m} ${s.status}`);
    if (s.status === 'failed') {
      failed += 1;
      out.warn(`${m}: failed — ${s.reason}: ${s.message}`);
      continue;
    }
    if (s.status === 'fallback') {
      if (s.reason) out.warn(`${m}: the operator failed (${s.reason}: ${s.message}); shipped fixture data used`);
      else out.info(`${m}: shipped fixture data (SVC_MARKET_DATA=fixture)`);
    }
    const book = await env.runOp(mktopPrices, { month: m, market: mkt });
    for (const [date, day] of Object.entries(book.data)) for (const p of day) rows.push({ date, hour: p.hour, price_uah_mwh: p.priceUahMwh });
    for (const d of book.dst.days) d.periods.forEach((v, k) => rows.push({ date: d.date, hour: k, price_uah_mwh: v }));
  }
  progress.stop();
  const key = (d: string): string => `${d.slice(6)}${d.slice(3, 5)}${d.slice(0, 2)}`;
  rows.sort((a, b) => key(a.date).localeCompare(key(b.date)) || a.hour - b.hour);
  const { format } = env.globals();
  const csv = (): Promise<string> => toCsv(rows.map((r) => ({ ...r, price_uah_mwh: r.price_uah_mwh.toFixed(2) })), ['date', 'hour', 'price_uah_mwh']);
  if (opts.output) {
    writeOutputFile(opts.output, await csv(), '--output');
    out.info(`wrote ${rows.length} hourly prices (long CSV, clock-change days with their own periods) to ${opts.output}`);
  }
  if (format === 'json') out.json({ market: mkt, months: statuses });
  else if (format === 'csv' && !opts.output) out.raw(await csv());
  else {
    const t = makeTable(['Month', 'Status', 'Days', 'Fetched at', 'Note'], out.c, { right: [2] });
    for (const s of statuses) t.push([s.month, s.status, String(s.days), s.fetchedAt ?? '—', s.reason ?? (s.status === 'fallback' ? 'fixture' : '')]);
    out.print(t.toString());
  }
  if (failed > 0) throw new SvcError('upstream_error', `${failed} of ${months.length} months could not be fetched; run the same command again to resume (cached months are not fetched again)`, { reason: 'upstream_incomplete' });
}

export function registerMarketData(program: Command, env: CliEnv): void {
  const prices = program.commands.find((c) => c.name() === 'prices') ?? program.command('prices');
  prices
    .command('fetch')
    .description("fetch the market operator's hourly prices of a month or a range into the cache (resumable)")
    .option('--month <MM.YYYY>', 'one month')
    .option('--from <MM.YYYY>', 'first month of a range')
    .option('--to <MM.YYYY>', 'last month of a range')
    .option('--market <DAM|IDM>', 'market', 'DAM')
    .option('-o, --output <file>', 'also write the prices as long CSV (date,hour,price_uah_mwh)')
    .option('--refresh', 'fetch again even months already cached as complete')
    .addHelpText('after', '\nExamples:\n  $ svc prices fetch --month 11.2026 -o "$TMPDIR/nov.csv"\n  $ svc prices fetch --from 01.2025 --to 03.2025 --market DAM\n  $ SVC_MARKET_DATA=fixture svc prices fetch --month 12.2024 --format csv\n\nSettings: SVC_MARKET_DATA=live|fixture|auto, SVC_MKTOP_BASE_URL, SVC_MKTOP_API_KEY (docs/data.md).')
    .action((opts: FetchOpts) => fetchPrices(env, opts));

  program
    .command('indexes')
    .description("the market operator's daily DAM indexes (base, peak, off-peak, min, max, weighted) of a month")
    .requiredOption('--month <MM.YYYY>', 'month')
    .option('--zone <IPS|BEI>', 'trading zone', 'IPS')
    .addHelpText('after', '\nExample:\n  $ svc indexes --month 11.2026 --zone IPS --format csv')
    .action(async (opts: { month: string; zone: string }) => {
      const zone = opts.zone.toUpperCase();
      if (zone !== 'IPS' && zone !== 'BEI') throw SvcError.validation(`--zone: expected IPS or BEI, got "${opts.zone}"`, [{ path: '--zone', message: 'expected IPS|BEI' }]);
      const { mktopIndexes } = await import('../ops/market/mktop.js');
      const r = await env.runOp(mktopIndexes, { month: month(opts.month, '--month'), zone });
      freshnessLine(env, `indexes ${r.month} ${r.zone}`, r.freshness);
      const days = Object.values(r.data);
      const { format } = env.globals();
      const out = env.out();
      if (format === 'json') return out.json(r);
      if (format === 'csv') return out.raw(await toCsv(days.map((d) => ({ date: d.tradeDate, base: d.baseIndexUahMwh, peak: d.peakIndexUahMwh, off_peak: d.offPeakIndexUahMwh, min: d.minPriceUahMwh, max: d.maxPriceUahMwh, weighted: d.weightedAverageUahMwh }))));
      const t = makeTable(['Date', 'Base', 'Peak', 'Off-peak', 'Min', 'Max', 'Weighted'], out.c, { right: [1, 2, 3, 4, 5, 6] });
      for (const d of days) t.push([d.tradeDate, ...[d.baseIndexUahMwh, d.peakIndexUahMwh, d.offPeakIndexUahMwh, d.minPriceUahMwh, d.maxPriceUahMwh, d.weightedAverageUahMwh].map((v) => formatNumber(v, 2))]);
      out.print(out.c.bold(`DAM indexes ${r.zone} ${r.month} (UAH/MWh)`) + out.c.dim(` · ${r.source}`));
      out.print(t.toString());
    });

  program
    .command('results')
    .description("the market operator's trading results of a day: price, sale/purchase and declared volumes per hour")
    .requiredOption('--date <DD.MM.YYYY>', 'trade date')
    .option('--market <DAM|IDM>', 'market', 'DAM')
    .addHelpText('after', '\nExample:\n  $ svc results --date 23.11.2026 --market DAM')
    .action(async (opts: { date: string; market?: string }) => {
      const { mktopTradingResults } = await import('../ops/market/mktop.js');
      const r = await env.runOp(mktopTradingResults, { tradeDate: opts.date, market: market(opts.market) });
      freshnessLine(env, `results ${r.tradeDate} ${r.market}`, r.freshness);
      if (r.dst) env.out().warn(r.dst.note);
      const { format } = env.globals();
      const out = env.out();
      const d = r.data;
      if (format === 'json') return out.json(r);
      if (format === 'csv') return out.raw(await toCsv(d.hours.map((h) => ({ date: d.tradeDate, hour: h.hour, price_uah_mwh: h.priceUahMwh, sell_mwh: h.sellVolumeMwh, buy_mwh: h.buyVolumeMwh, declared_sell_mwh: h.declaredSellVolumeMwh, declared_buy_mwh: h.declaredBuyVolumeMwh }))));
      const t = makeTable(['Hour', 'Price', 'Sale MWh', 'Purchase MWh', 'Declared sale', 'Declared purchase'], out.c, { right: [1, 2, 3, 4, 5] });
      for (const h of d.hours) t.push([String(h.hour).padStart(2, '0'), formatNumber(h.priceUahMwh, 2), formatNumber(h.sellVolumeMwh, 1), formatNumber(h.buyVolumeMwh, 1), formatNumber(h.declaredSellVolumeMwh, 1), formatNumber(h.declaredBuyVolumeMwh, 1)]);
      out.print(out.c.bold(`${d.market} trading results ${d.tradeDate}`) + out.c.dim(` · ${r.source}`));
      out.print(t.toString());
      out.print(`Sold ${formatNumber(d.totalSellVolumeMwh, 1)} MWh, bought ${formatNumber(d.totalBuyVolumeMwh, 1)} MWh; weighted average ${formatNumber(d.weightedAveragePriceUahMwh, 2)} UAH/MWh.`);
    });

  const exch = program.command('exch').description("the exchange's bilateral-contract indexes (licence-gated)");
  exch.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ SVC_EXCH_AGREEMENT="BCM-2026-017" SVC_EXCH_SOURCE=./bcm.json svc exch indexes --lang en',
  );
  exch
    .command('indexes')
    .description('BCM BASE indexes of the IPS zone; off without a redistribution agreement (SVC_EXCH_AGREEMENT, SVC_EXCH_SOURCE)')
    .option('--lang <uk|en>', 'language of the period labels', 'uk')
    .addHelpText('after', '\nExample:\n  $ SVC_EXCH_AGREEMENT="BCM-2026-017" SVC_EXCH_SOURCE=./bcm.json svc exch indexes --lang en')
    .action(async (opts: { lang: string }) => {
      const { exchElectricityIndexes } = await import('../ops/market/exch.js');
      const r = await env.runOp(exchElectricityIndexes, { lang: opts.lang });
      const { format } = env.globals();
      const out = env.out();
      if (!r.available) out.warn(r.source);
      if (format === 'json') return out.json(r);
      if (format === 'csv') return out.raw(await toCsv(r.data.map((d) => ({ period: d.period, period_type: d.periodType, delivery_key: d.deliveryKey, value_uah_mwh: d.valueUahMwh })), ['period', 'period_type', 'delivery_key', 'value_uah_mwh']));
      if (!r.available) return;
      const t = makeTable(['Period', 'Type', 'Delivery', 'UAH/MWh'], out.c, { right: [3] });
      for (const d of r.data) t.push([d.period, d.periodType, d.deliveryKey, formatNumber(d.valueUahMwh, 2)]);
      out.print(out.c.bold('BCM BASE indexes, IPS') + out.c.dim(` · ${r.source}`));
      out.print(t.toString());
    });
}
