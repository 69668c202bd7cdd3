/**
 * `svc ingest [--once] [--market-data] [--grid-data]`: the job that fills the store (PostgreSQL with
 * SVC_DATABASE_URL) so API instances read the database instead of calling upstream per request.
 * Market data: the operator's DAM and IDM prices of the previous and current month (the mktop.fetch
 * operation). Grid data: the transmission platform's flows on every border and the system's load and
 * generation for today (through the platform cache; needs SVC_TSOPLATFORM_TOKEN). `--once` runs each
 * job once for cron; otherwise each job repeats on its cadence (SVC_INGEST_MARKET_MINUTES,
 * SVC_INGEST_GRID_MINUTES) with up to 10% random jitter, until SIGINT/SIGTERM.
 */
import type { Command } from 'commander';
import type { SvcConfig } from '../config/config.js';
import { SvcError } from '../domain/errors.js';
import { CliExit, type CliEnv } from './cli-env.js';

interface IngestOpts { once?: boolean; marketData?: boolean; gridData?: boolean }

export interface TaskOutcome { task: string; status: 'ok' | 'failed' | 'skipped'; detail: string }
interface Job { name: 'market-data' | 'grid-data'; minutes: number; run(): Promise<TaskOutcome[]> }

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (d: Date) => `${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;

async function attempt(task: string, work: () => Promise<string>): Promise<TaskOutcome> {
  try {
    return { task, status: 'ok', detail: await work() };
  } catch (error) {
    return { task, status: 'failed', detail: error instanceof SvcError ? `${error.reason ?? error.code}: ${error.message}` : 'unexpected error' };
  }
}

function marketJob(env: CliEnv, config: SvcConfig): Job {
  return {
    name: 'market-data',
    minutes: config.ingest.marketMinutes,
    async run() {
      if (config.marketData.mode === 'fixture') return [{ task: 'mktop', status: 'skipped', detail: 'SVC_MARKET_DATA=fixture: nothing to fetch' }];
      const { mktopFetch } = await import('../ops/market/mktop.js');
      const now = new Date();
      const from = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
      const to = monthOf(now);
      const out: TaskOutcome[] = [];
      for (const market of ['DAM', 'IDM'] as const) {
        out.push(await attempt(`mktop ${market} ${from}..${to}`, async () => {
          const r = await env.runOp(mktopFetch, { from, to, market });
          const failed = r.months.filter((m) => m.status === 'failed');
          if (failed.length > 0) throw new SvcError('upstream_error', failed.map((m) => `${m.month}: ${m.reason ?? 'failed'}`).join('; '), { reason: 'ingest_failed' });
          return r.months.map((m) => `${m.month} ${m.status} (${m.days} days)`).join(', ');
        }));
      }
      return out;
    },
  };
}

function gridJob(env: CliEnv, config: SvcConfig): Job {
  return {
    name: 'grid-data',
    minutes: config.ingest.gridMinutes,
    async run() {
      const [{ couplingFlows }, { systemOperations }, { BORDERS, platformOff }] = await Promise.all([import('../ops/grid/coupling.js'), import('../ops/grid/system-operations.js'), import('../ops/facade/grid.js')]);
      const off = platformOff(config);
      if (off !== null) return [{ task: 'tsoplatform', status: 'skipped', detail: `${off.note}: nothing to fetch` }];
      const out: TaskOutcome[] = [];
      for (const border of BORDERS) {
        out.push(await attempt(`flows UA-${border}`, async () => {
          const r = await env.runOp(couplingFlows, { border });
          // The shipped documents (auto mode's answer when the platform fails) are nothing fetched: a failure cron must see.
          if (r.freshness.source === 'fixture') throw new SvcError('upstream_error', r.freshness.note, { reason: 'ingest_failed' });
          return `${r.hours.length} hours (${r.freshness.source})`;
        }));
      }
      out.push(await attempt('system operations', async () => {
        const r = await env.runOp(systemOperations, {});
        return `${r.hours.length} hours (${r.freshness.source})`;
      }));
      return out;
    },
  };
}

function report(env: CliEnv, job: string, outcomes: TaskOutcome[]): void {
  const at = new Date().toISOString();
  if (env.globals().format === 'json') {
    for (const o of outcomes) env.out().raw(`${JSON.stringify({ at, job, ...o })}\n`);
    return;
  }
  for (const o of outcomes) (o.status === 'failed' ? env.out().warn : env.out().info).call(env.out(), `${at} ${job}: ${o.task}: ${o.status} — ${o.detail}`);
}

/** The wait before a job's next run: its cadence plus up to 10% jitter, so instances do not align. */
export function nextDelayMs(minutes: number, random: () => number = Math.random): number {
  return Math.round(minutes * 60_000 * (1 + 0.1 * random()));
}

export function registerIngest(program: Command, env: CliEnv): void {
  const cmd = program
    .command('ingest')
    .description('fetch market data (operator) and grid data (transmission platform) into the store, once or on cadences')
    .option('--once', 'run each selected job once and exit (for cron); exit 1 when a task failed')
    .option('--market-data', 'only the market-data job (operator prices, DAM and IDM, previous and current month)')
    .option('--grid-data', 'only the grid-data job (cross-border flows and system operations; needs SVC_TSOPLATFORM_TOKEN)');
  cmd.addHelpText('after', '\nExamples:\n  $ SVC_DATABASE_URL=postgres://svc@db/svc svc ingest\n  $ svc ingest --once --market-data --format json   # from cron\n');
  cmd.action(async (opts: IngestOpts) => {
    const config = await env.config();
    // The ingestion job is the one process that asks the operator, whatever API instances are told.
    config.database.liveMktopFallback = true;
    if (!config.database.url) env.out().warn('SVC_DATABASE_URL is not set: ingesting into the embedded store of this host only');
    const both = !opts.marketData && !opts.gridData;
    const jobs = [...(both || opts.marketData ? [marketJob(env, config)] : []), ...(both || opts.gridData ? [gridJob(env, config)] : [])];
    if (opts.once) {
      let failed = false;
      for (const job of jobs) {
        const outcomes = await job.run();
        report(env, job.name, outcomes);
        failed ||= outcomes.some((o) => o.status === 'failed');
      }
      if (failed) throw new CliExit(1, 'ingest: at least one task failed', 'ingest_failed');
      return;
    }
    let stopping = false;
    const timers = new Set<NodeJS.Timeout>();
    await new Promise<void>((resolve) => {
      const stop = () => {
        stopping = true;
        for (const t of timers) clearTimeout(t);
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const loop = async (job: Job): Promise<void> => {
        if (stopping) return;
        report(env, job.name, await job.run());
        if (stopping) return;
        const t = setTimeout(() => {
          timers.delete(t);
          void loop(job);
        }, nextDelayMs(job.minutes));
        timers.add(t);
      };
      for (const job of jobs) void loop(job);
    });
  });
}
