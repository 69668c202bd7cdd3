/**
 * Every settings field once: its record, CLI flag, help text and default; bounds and unit come from
 * BOUNDS (src/domain/bounds.ts). Schema-free (the CLI builds its flags from it at start-up). The
 * CLI's flags, ranges and help defaults and the sweep's field names are derived from this table; the
 * zod records (settings.ts) and the engine guards (engines/input-guards.ts) are held to it by
 * test/domain/settings-fields.test.ts.
 */
import { BOUNDS, rangeText, type BoundedKey, type NumberBound } from './bounds.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from './defaults.js';

export type SettingsGroup = 'strategySettings' | 'bessSettings';

export interface SettingsField {
  readonly key: BoundedKey;
  readonly group: SettingsGroup;
  /** The CLI flag, e.g. `--fee`. */
  readonly flag: string;
  /** What the number is, for help text. */
  readonly what: string;
  readonly default: number;
  /** Optional in the record (defaulted to 0, but "not sent" is reported as such). */
  readonly optional?: boolean;
  readonly bound: NumberBound;
  /** `0.001..10,000 MWh`: the range as help and errors say it. */
  readonly range: string;
}

const T = DEFAULT_TRADING_SETTINGS;
const B = DEFAULT_BESS_SETTINGS;
const field = (group: SettingsGroup, key: BoundedKey, flag: string, what: string, def: number, optional = false): SettingsField => ({
  key,
  group,
  flag,
  what,
  default: def,
  ...(optional ? { optional } : {}),
  bound: BOUNDS[key],
  range: rangeText(key),
});

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  field('strategySettings', 'volumeMwh', '--volume', 'MWh per trade', T.volumeMwh),
  field('strategySettings', 'minSpreadUah', '--min-spread', 'minimum net spread per trade, UAH/MWh', T.minSpreadUah),
  field('strategySettings', 'maxTradesPerDay', '--max-trades', 'maximum trades per day', T.maxTradesPerDay),
  field('strategySettings', 'feeUahPerMwh', '--fee', 'fee per MWh on each leg, UAH/MWh', T.feeUahPerMwh, true),
  field('bessSettings', 'capacityMwh', '--capacity', 'deliverable energy capacity E, MWh', B.capacityMwh),
  field('bessSettings', 'powerMw', '--power', 'charge/discharge power P, MW', B.powerMw),
  field('bessSettings', 'roundTripEfficiency', '--efficiency', 'round-trip efficiency', B.roundTripEfficiency),
  field('bessSettings', 'maxCyclesPerDay', '--max-cycles', 'maximum equivalent cycles per day', B.maxCyclesPerDay),
  field('bessSettings', 'degradationCostUahMwh', '--degradation', 'wear cost per MWh discharged, UAH/MWh', B.degradationCostUahMwh, true),
];

export function settingsFields(group: SettingsGroup): SettingsField[] {
  return SETTINGS_FIELDS.filter((f) => f.group === group);
}
