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
  /** The flag's help line: what it is, its default (unless `what` states it in words) and its range. */
  readonly help: string;
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
  help: `${what}${what.includes('(default') ? '' : ` (default ${def})`}; ${rangeText(key)}`,
});

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  field('strategySettings', 'volumeMwh', '--volume', 'MWh per trade', T.volumeMwh),
  field('strategySettings', 'minSpreadUah', '--min-spread', 'minimum net spread per trade, UAH/MWh', T.minSpreadUah),
  field('strategySettings', 'maxTradesPerDay', '--max-trades', 'maximum trades per day', T.maxTradesPerDay),
  field('strategySettings', 'feeUahPerMwh', '--fee', 'fee per MWh on each leg, UAH/MWh', T.feeUahPerMwh, true),
  // The spread's lot shares its key with the battery's (each in its own record) but not its flag.
  field('strategySettings', 'lotMwh', '--spread-lot', 'exchange volume step of the spread plan, MWh (--volume must be a whole number of lots)', 0, true),
  field('bessSettings', 'capacityMwh', '--capacity', 'deliverable energy capacity E, MWh', B.capacityMwh),
  field('bessSettings', 'powerMw', '--power', 'charge/discharge power P, MW', B.powerMw),
  field('bessSettings', 'roundTripEfficiency', '--efficiency', 'round-trip efficiency', B.roundTripEfficiency),
  field('bessSettings', 'maxCyclesPerDay', '--max-cycles', 'maximum equivalent cycles per day (may be fractional)', B.maxCyclesPerDay),
  field('bessSettings', 'degradationCostUahMwh', '--degradation', 'wear cost per MWh discharged, UAH/MWh', B.degradationCostUahMwh, true),
  field('bessSettings', 'minSocPct', '--min-soc', 'lowest state of charge, % of E', 0, true),
  field('bessSettings', 'maxSocPct', '--max-soc', 'highest state of charge, % of E', 100, true),
  field('bessSettings', 'chargeEfficiency', '--charge-efficiency', 'charge efficiency (with --discharge-efficiency: their product is the round trip; one alone: the other is the round trip over it)', B.roundTripEfficiency, true),
  field('bessSettings', 'dischargeEfficiency', '--discharge-efficiency', 'discharge efficiency', 1, true),
  field('bessSettings', 'auxLossMwhPerHour', '--aux-loss', 'standby draw from the stored energy every hour, MWh', 0, true),
  field('bessSettings', 'lotMwh', '--lot', 'exchange volume step, MWh (volumes in whole lots; exact integer optimum)', 0, true),
  field('bessSettings', 'initialSocMwh', '--initial-soc', 'state of charge at the start, MWh (default: the window floor)', 0, true),
  field('bessSettings', 'endSocValueUahMwh', '--end-value', 'value of energy stored at the end, UAH/MWh (default: end at least at the start level)', 0, true),
];

/** Keys of the battery's record: a key in both records (lotMwh) is the battery's where one flat name must pick one (sweeps, report queries). */
export const BESS_SETTING_KEYS: ReadonlySet<string> = new Set(SETTINGS_FIELDS.filter((f) => f.group === 'bessSettings').map((f) => f.key));

export function settingsFields(group: SettingsGroup): SettingsField[] {
  return SETTINGS_FIELDS.filter((f) => f.group === group);
}
