/**
 * `svc doctor`: the doctor operation as a table (or `--format json|csv`); exit 1 when a source the
 * daily brief needs cannot answer live or from the cache.
 */
import type { Command } from 'commander';
import { CliExit, type CliEnv } from './cli-env.js';
import { toCsv } from './csv.js';
import { makeTable } from './table.js';

export function registerDoctor(program: Command, env: CliEnv): void {
  program
    .command('doctor')
    .description('every data source: address, token set, reachable now, newest cached period, fallback; exit 1 when the daily brief\'s sources cannot answer')
    .option('--no-probe', 'do not send the one cheap request per source')
    .option('--timeout-ms <ms>', 'deadline of each probe', '3000')
    .addHelpText('after', '\nExamples:\n  $ svc doctor\n  $ svc doctor --format json   # for monitoring; exit 1 when the brief cannot get live or cached prices')
    .action(async (opts: { probe: boolean; timeoutMs: string }) => {
      const { doctor } = await import('../ops/system/doctor.js');
      const r = await env.runOp(doctor, { probe: opts.probe, timeoutMs: Number(opts.timeoutMs) });
      const out = env.out();
      const { format } = env.globals();
      const yesNo = (v: boolean | null): string => (v === null ? '—' : v ? 'yes' : 'no');
      if (format === 'json') out.json(r);
      else if (format === 'csv') out.raw(await toCsv(r.sources.map((s) => ({ ...s, lastSeen: s.lastSeen ? `${s.lastSeen.ok ? 'ok' : s.lastSeen.reason ?? 'failed'} ${s.lastSeen.at}` : '' }))));
      else {
        const t = makeTable(['Source', 'Address', 'Token set', 'Reachable', 'Newest cached', 'Freshness', 'Falls back to'], out.c);
        for (const s of r.sources) {
          t.push([
            s.id, `${s.address || '—'}${s.defaultAddress ? ' (default)' : ''}`, s.tokenEnv ? `${yesNo(s.tokenSet)} (${s.tokenEnv})` : 'none needed',
            s.reachable === null ? '—' : `${yesNo(s.reachable)} (${s.reachableDetail ?? ''})`,
            s.newestFetchedAt ? `${s.newestPeriod ?? ''} ${s.newestFetchedAt}`.trim() : '—', s.freshness, s.fallback,
          ]);
        }
        out.print(t.toString());
      }
      const blocking = r.sources.filter((s) => s.neededByBrief && !s.canAnswer);
      if (!r.ok) throw new CliExit(1, `the daily brief's sources cannot answer live or from the cache: ${blocking.map((s) => `${s.id} (${s.liveWhy}${s.reachable === false ? `; ${s.reachableDetail ?? 'unreachable'}` : ''})`).join(', ')}`, 'sources_unavailable');
    });
}
