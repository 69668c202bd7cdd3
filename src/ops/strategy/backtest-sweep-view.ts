/**
 * `svc backtest --sweep name=v1,v2,…` (the binding of backtest.sweep, run by the `svc backtest`
 * command when --sweep is given): the settings in force with the swept values, one row per
 * combination, the missing days on stderr (a sweep has no day of its own), JSON `{ settings, sweep,
 * combinations }`.
 */
import type { SweepRow } from '../../engines/backtest-sweep.js';
import type { CliBinding, DocView } from '../types.js';
import { labelsOf, percent, RANGE_BINDING, settingsLine, type InForce } from './backtest-views.js';

interface Out {
  settings: InForce;
  combinations: SweepRow[];
}
interface In {
  priceBook?: object;
  sweep: { name: string; values: number[] }[];
}

const view: DocView<Out, In> = {
  blocks: (r, t, input) => {
    const L = labelsOf(t);
    const names = input.sweep.map((a) => a.name);
    const money = (v: number) => t.money(v, 0);
    return [
      { dim: settingsLine(t, r.settings, input.sweep) },
      {
        table: {
          head: ['#', ...names, L.days, L.strategy, L.battery, L.combined, L.hitRate],
          right: Array.from({ length: names.length + 6 }, (_, i) => i),
          rows: r.combinations.map((row, i) => [String(i + 1), ...names.map((n) => String(row.params[n])), String(row.totalDays), money(row.strategyNetPnlUah), money(row.bessNetProfitUah), money(row.combinedNetPnlUah), percent(t, row.hitRate)]),
        },
      },
      { dim: L.notForecast },
    ];
  },
  csv: {
    rows: (r) => r.combinations.map((x) => ({ ...x.params, totalDays: x.totalDays, strategyNetPnlUah: x.strategyNetPnlUah, bessNetProfitUah: x.bessNetProfitUah, combinedNetPnlUah: x.combinedNetPnlUah, hitRate: x.hitRate, totalTrades: x.totalTrades, totalBessCycles: x.totalBessCycles })),
  },
};

const combos = (input: In): number => input.sweep.reduce((n, a) => n * a.values.length, 1);

export const backtestSweepCli: CliBinding<Out, In> = {
  ...RANGE_BINDING,
  command: ['backtest'],
  alternate: {
    field: 'sweep',
    conflicts: [
      { flag: '--daily', reason: 'a sweep prints one row per combination, not days' },
      { flag: '--plan-on', value: 'forecast', reason: 'a sweep plans on the actual prices' },
    ],
  },
  book: { ...RANGE_BINDING.book, gaps: 'gaps', gapsSaid: 'always' },
  flags: { ...RANGE_BINDING.flags, sweep: { axes: 'settings field' } },
  flagHelp: { ...RANGE_BINDING.flagHelp, sweep: 'try every combination of settings values (repeatable)' },
  // The op names the sweep's fields as `sweep`; the CLI says `--sweep`.
  errors: 'words',
  progress: (input) => `sweeping ${combos(input)} combinations × ${Object.keys(input.priceBook ?? {}).length} days`,
  view,
  // `settings` holds the base values (a swept field's given value or default); `sweep` the axes that vary it.
  json: (r, input) => ({ settings: r.settings, sweep: input.sweep, combinations: r.combinations }),
  examples: ['svc backtest fixtures/oree-dam-ips-2022-2024.csv --sweep capacityMwh=1,2,4 --sweep powerMw=0.5,1'],
};
