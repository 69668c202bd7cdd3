/**
 * `svc flows`, `svc system`, `svc regime` and `svc zones show|import`: the transmission-platform
 * reads from the terminal, through the same operations as the HTTP door. Tables come with the
 * chart a trader looks at: net flow by hour, the generation mix.
 */
import type { Command } from 'commander';
import { readTextInput } from './json-input.js';
import type { FlowsResponse, MultiZoneResponse, RegimeResponse, SystemResponse } from '../domain/tsoplatform.js';
import { bar, formatNumber } from './chart.js';
import type { CliEnv } from './cli-env.js';
import { toCsv } from './csv.js';
import { keyValueTable, makeTable } from './table.js';

const num = (v: number | null, digits = 0): string => (v === null ? '—' : formatNumber(v, digits));

async function render<T>(env: CliEnv, result: T, csvRows: () => object[], table: (r: T) => void): Promise<void> {
  const { format } = env.globals();
  if (format === 'json') return env.out().json(result);
  if (format === 'csv') return env.out().raw(await toCsv(csvRows()));
  table(result);
}

function sourceLine(env: CliEnv, r: { source: string; freshness: { note: string } }): void {
  if (r.source === 'fixture') env.out().warn(`source: fixture — ${r.freshness.note}`);
  else env.out().info(`source: ${r.source} — ${r.freshness.note}`);
}

/** One line per hour: exports grow left of the axis, imports right, so the sign reads at a glance. */
export function signedBars(rows: readonly { label: string; value: number | null }[], width = 24): string[] {
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.value ?? 0)));
  return rows.map(({ label, value }) => {
    const v = value ?? 0;
    const left = v < 0 ? bar(-v, max, width) : '';
    const right = v > 0 ? bar(v, max, width) : '';
    return `${label} ${left.padStart(width)}│${right.padEnd(width)} ${value === null ? '—' : formatNumber(v, 0)}`;
  });
}

function flowsTable(env: CliEnv, r: FlowsResponse): void {
  const out = env.out();
  out.print(out.c.bold(`Physical flows UA ↔ ${r.border}, ${r.from}${r.to === r.from ? '' : `–${r.to}`} (MW; net > 0 = import into Ukraine)`));
  const t = makeTable(['Date', 'Hour', `UA→${r.border}`, `${r.border}→UA`, 'Net'], out.c, { right: [1, 2, 3, 4] });
  for (const h of r.hours) t.push([h.tradeDate, String(h.hour).padStart(2, '0'), num(h.leg.fromTo), num(h.leg.toFrom), num(h.netFlowMw)]);
  out.print(t.toString());
  const days = [...new Set(r.hours.map((h) => h.tradeDate))];
  for (const day of days.slice(-1)) {
    const hours = r.hours.filter((h) => h.tradeDate === day);
    out.print(`\nNet flow by hour, ${day} (MW): export ◀ │ ▶ import`);
    out.print(signedBars(hours.map((h) => ({ label: String(h.hour).padStart(2, '0'), value: h.netFlowMw }))).join('\n'));
  }
  out.print(`\nNet import ${num(r.summary.netImportMwh)} MWh over ${r.summary.hours} hours.`);
}

function systemTable(env: CliEnv, r: SystemResponse): void {
  const out = env.out();
  out.print(out.c.bold(`Ukrainian power system, ${r.date} (MW)`));
  out.print(r.note);
  const groups = ['nuclear', 'coal', 'gas', 'hydro', 'wind', 'solar', 'other'] as const;
  const t = makeTable(['Hour', 'Load', ...groups, 'Total'], out.c, { right: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
  for (const h of r.hours) t.push([String(h.hour).padStart(2, '0'), num(h.loadMw), ...groups.map((g) => num(h.generationMw[g])), num(h.totalGenerationMw)]);
  out.print(t.toString());
  out.print('\nGeneration mix of the day');
  for (const g of groups) out.print(`${g.padEnd(8)} ${bar(r.day.shares[g], 1, 40).padEnd(40)} ${formatNumber(r.day.shares[g] * 100, 1)} %`);
}

function regimeTable(env: CliEnv, r: RegimeResponse): void {
  const out = env.out();
  const paint = r.regime === 'scarce' ? out.c.red : r.regime === 'surplus' ? out.c.green : out.c.yellow;
  out.print(`${out.c.bold('Regime')} ${r.date}: ${paint(r.regime.toUpperCase())} (score ${formatNumber(r.score, 2)})`);
  out.print(keyValueTable([
    ['basis UA–EU', `${formatNumber(r.basis.valueEurMwh, 2)} EUR/MWh (${r.basis.level}; vs ${r.basis.neighbours.join(', ')})`],
    ['net position', r.flow.netImportMw === null ? `missing (${r.missing.map((m) => m.reason).join('; ')})` : `${formatNumber(r.flow.netImportMw, 0)} MW (${r.flow.direction ?? ''})`],
    ['official rate', `${formatNumber(r.rate.uahPerEur, 4)} UAH/EUR (${r.rate.rateDate}, ${r.rate.source})`],
    ['thresholds', `scarce ≥ 1 ≥ balanced ≥ -1 ≥ surplus; basis/${r.thresholds.basisScaleEurMwh} + import/${r.thresholds.importScaleMw}`],
  ], out.c));
  const t = makeTable(['Input', 'Date', 'Source', 'Status'], out.c);
  for (const i of r.inputs) t.push([i.name, i.date, i.source, i.status]);
  out.print(t.toString());
  out.print(r.disclaimer);
}

function zonesTable(env: CliEnv, r: MultiZoneResponse): void {
  const out = env.out();
  out.print(out.c.bold(`Regional day-ahead daily display values, ${r.tradeDate} (EUR/MWh), revision ${r.revision}`));
  const max = Math.max(...r.zones.map((z) => z.valueEurMwh), 0);
  const t = makeTable(['Zone', 'EUR/MWh', ''], out.c, { right: [1] });
  for (const z of r.zones) t.push([z.zone, formatNumber(z.valueEurMwh, 2), bar(z.valueEurMwh, max, 30)]);
  out.print(t.toString());
  if (r.withheld.length) out.print(`withheld: ${r.withheld.map((w) => `${w.zone} (${w.reason})`).join(', ')}`);
  out.print(`${r.attribution} — licence ${r.licence}; provider ${r.provider}, dataset ${r.dataset}.`);
}

interface RangeOpts { date?: string; from?: string; to?: string }

const definedOnly = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function registerSystem(program: Command, env: CliEnv): void {
  program
    .command('flows')
    .description('hourly cross-border physical flows of a Ukrainian border (MW), with a net-flow chart')
    .option('--border <code>', 'PL | SK | HU | RO | MD', 'PL')
    .option('--date <DD.MM.YYYY>', 'one Kyiv trade day (default: newest available)')
    .option('--from <DD.MM.YYYY>', 'first day of a range (with --to, at most 31 days)')
    .option('--to <DD.MM.YYYY>', 'last day of a range')
    .addHelpText('after', '\nWithout SVC_TSOPLATFORM_TOKEN the shipped fixtures are served (28.10–01.11.2022, 25–27.03.2023).\n\nExamples:\n  $ svc flows --border PL --date 30.10.2022\n  $ svc flows --border HU --from 25.03.2023 --to 27.03.2023 --format csv')
    .action(async (opts: RangeOpts & { border: string }) => {
      const { couplingFlows } = await import('../ops/grid/coupling.js');
      const r = await env.runOp(couplingFlows, definedOnly({ border: opts.border.toUpperCase(), date: opts.date, from: opts.from, to: opts.to }));
      sourceLine(env, r);
      await render(env, r, () => r.hours.map((h) => ({ tradeDate: h.tradeDate, hour: h.hour, period: h.period, utcStart: h.utcStart, fromToMw: h.leg.fromTo, toFromMw: h.leg.toFrom, netFlowMw: h.netFlowMw })), (x) => flowsTable(env, x));
    });

  program
    .command('system')
    .description('hourly Ukrainian load and generation mix, with the day\'s mix as bars')
    .option('--date <DD.MM.YYYY>', 'Kyiv trade day (default: newest available)')
    .addHelpText('after', '\nNeeds SVC_TSOPLATFORM_TOKEN: svc ships no real load or generation data (404 inputs_missing without it).\n\nExamples:\n  $ svc system --date 01.11.2022\n  $ svc system --format json')
    .action(async (opts: { date?: string }) => {
      const { systemOperations } = await import('../ops/grid/system-operations.js');
      const r = await env.runOp(systemOperations, definedOnly({ date: opts.date }));
      sourceLine(env, r);
      await render(env, r, () => r.hours.map((h) => ({ tradeDate: h.tradeDate, hour: h.hour, period: h.period, loadMw: h.loadMw, ...h.generationMw, totalGenerationMw: h.totalGenerationMw })), (x) => systemTable(env, x));
    });

  program
    .command('regime')
    .description('cross-border scarcity regime (scarce | balanced | surplus) from the net position and the derived UA–EU basis')
    .option('--date <DD.MM.YYYY>', 'Kyiv trade day (default: newest available)')
    .addHelpText('after', '\nSee docs/regime.md for the rule and thresholds.\n\nExamples:\n  $ svc regime --date 01.11.2022\n  $ svc regime --format json')
    .action(async (opts: { date?: string }) => {
      const { regime } = await import('../ops/market/regime.js');
      const r = await env.runOp(regime, definedOnly({ date: opts.date }));
      const notLive = r.inputs.filter((x) => x.source !== 'live');
      if (notLive.length > 0) env.out().warn(`regime inputs not live: ${notLive.map((i) => `${i.name} (${i.source === 'fixture' ? 'shipped fixture data' : `${i.status} cached copy`})`).join('; ')}`);
      for (const m of r.missing) env.out().warn(`regime input ${m.name} missing: ${m.reason}`);
      await render(env, r, () => [{ date: r.date, regime: r.regime, score: r.score, basisEurMwh: r.basis.valueEurMwh, basisLevel: r.basis.level, netImportMw: r.flow.netImportMw, flowDirection: r.flow.direction }], (x) => regimeTable(env, x));
    });

  const zones = program.command('zones').description('regional day-ahead daily display prices (EUR/MWh, licensed zones only)');
  zones.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc zones import examples/zones-sample.csv\n' +
      '  $ svc zones show --date 01.11.2022 --zones PL,SK,HU',
  );
  zones
    .command('show')
    .description('show the stored values of one date (one complete group of a single revision)')
    .requiredOption('--date <DD.MM.YYYY>', 'delivery day')
    .option('--zones <list>', 'comma-separated zone codes (default: all 18)')
    .addHelpText('after', '\nNeeds SVC_REGIONAL_LICENSED_ZONES, SVC_REGIONAL_LICENCE and SVC_REGIONAL_ATTRIBUTION.\n\nExamples:\n  $ svc zones show --date 01.11.2022 --zones PL,SK,HU')
    .action(async (opts: { date: string; zones?: string }) => {
      const { multiZone } = await import('../ops/market/multizone.js');
      const r = await env.runOp(multiZone, definedOnly({ date: opts.date, zones: opts.zones }));
      await render(env, r, () => r.zones.map((z) => ({ tradeDate: r.tradeDate, zone: z.zone, valueEurMwh: z.valueEurMwh, revision: r.revision, licence: r.licence })), (x) => zonesTable(env, x));
    });
  zones
    .command('import')
    .description('record an artifact of daily values (CSV date,zone,value_eur_mwh) as a new revision per date')
    .argument('<file>', 'CSV file; - for stdin')
    .addHelpText('after', '\nExamples:\n  $ svc zones import prices-2022-11-01.csv')
    .action(async (file: string) => {
      const { zonesImport } = await import('../ops/market/multizone.js');
      const r = await env.runOp(zonesImport, { text: readTextInput(file, 'zones import') });
      await render(env, r, () => r.attempts, (x) => {
        const t = makeTable(['Date', 'Revision', 'Usable rows', 'Zones', 'Artifact sha256'], env.out().c);
        for (const a of x.attempts) t.push([a.tradeDate, String(a.revision), String(a.rows), a.expectedZones.join(','), a.artifactHash.slice(0, 16)]);
        env.out().print(t.toString());
      });
    });
}
