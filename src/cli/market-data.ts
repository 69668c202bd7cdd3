/**
 * `svc prices fetch`: the fetch job from the terminal, through the same operations as the HTTP
 * door (src/ops/market/mktop.ts). `svc indexes`, `svc results` and `svc exch indexes` are the
 * `cli` bindings of their operations.
 *
 * Still hand-written, because a binding would need parts no command has needed yet: `--month`
 * xor `--from`/`--to` in months (mktop.fetch takes from and to; `range` is `--date` xor `--month`
 * filling days), one mktop.fetch run per month (progress per month, each failed or fallback month
 * said as it comes, a failure not stopping the others), then mktop.prices of each month for the
 * long CSV — the prices, not the op's output — written by `-o, --output` (a short flag: side files
 * have long ones) or printed by `--format csv` without `-o` (with `-o` the table is printed), and
 * exit 1 after the output when a month failed.
 */
import type { Command } from 'commander';
import { monthsBetween } from '../domain/dates.js';
import { SvcError } from '../domain/errors.js';
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
}
