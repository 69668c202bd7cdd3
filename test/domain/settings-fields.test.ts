/**
 * SETTINGS_FIELDS is the one source of each setting's flag, default, unit and bounds (issue 11):
 * the zod records, the engine guards and the CLI's flags are held to it here.
 */
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { BessSettings, TradingSettings } from '../../src/domain/settings.js';
import { SETTINGS_FIELDS, settingsFields, type SettingsGroup } from '../../src/domain/settings-fields.js';
import { checkBessSettings, checkTradingSettings } from '../../src/engines/input-guards.js';
import { BESS_FLAGS, TRADING_FLAGS, addFlags, flagValues } from '../../src/cli/settings.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../src/domain/defaults.js';
import { combinations } from '../../src/engines/backtest-sweep.js';
import { settingsOf } from '../../src/ops/report/report-input.js';

const SCHEMA = { strategySettings: TradingSettings, bessSettings: BessSettings } as const;
const GUARD = { strategySettings: checkTradingSettings, bessSettings: checkBessSettings } as const;
const DEFAULTS = { strategySettings: DEFAULT_TRADING_SETTINGS, bessSettings: DEFAULT_BESS_SETTINGS } as const;
const GROUPS: SettingsGroup[] = ['strategySettings', 'bessSettings'];

function guardAccepts(group: SettingsGroup, value: Record<string, number>): boolean {
  try {
    (GUARD[group] as (s: Record<string, number>) => void)(value);
    return true;
  } catch {
    return false;
  }
}

describe('SETTINGS_FIELDS', () => {
  it.each(GROUPS)('%s: the same keys as the zod record, the same optional keys and defaults', (group) => {
    const fields = settingsFields(group);
    // The one non-numeric setting (the battery's hours out, a list) has no flag row.
    const listKeys = group === 'bessSettings' ? ['unavailableHours'] : [];
    expect([...fields.map((f) => f.key), ...listKeys].sort()).toEqual(Object.keys(SCHEMA[group].shape).sort());
    for (const f of fields) {
      const { [f.key]: _omit, ...rest } = DEFAULTS[group] as Record<string, number>;
      expect(SCHEMA[group].safeParse(rest).success, `${f.key} optional?`).toBe(Boolean(f.optional));
      // svc's battery extensions are optional keys whose absence is the spec's battery; the rest have record defaults.
      if (f.key in DEFAULTS[group]) expect(f.default).toBe((DEFAULTS[group] as Record<string, number>)[f.key]);
      else expect(f.optional, f.key).toBe(true);
    }
    expect(SCHEMA[group].parse({ ...DEFAULTS[group] })).toEqual({ ...DEFAULTS[group] });
  });

  it.each(SETTINGS_FIELDS.map((f) => [f.key, f] as const))('%s: the schema and the engine guard accept its bounds; integer ranges are the same in both', (_key, f) => {
    const base = { ...DEFAULTS[f.group] } as Record<string, number>;
    // The spread's lot needs a volume of whole lots: one lot (the guard checks the pair).
    const withVolume = (v: number) => (f.group === 'strategySettings' && f.key === 'lotMwh' && v > 0 ? { ...base, volumeMwh: v } : base);
    for (const v of [f.bound.min, f.bound.max, f.default]) {
      expect(SCHEMA[f.group].safeParse({ ...withVolume(v), [f.key]: v }).success, `schema ${v}`).toBe(true);
      expect(guardAccepts(f.group, { ...withVolume(v), [f.key]: v }), `guard ${v}`).toBe(true);
    }
    const outside = f.bound.integer ? [f.bound.min - 1, f.bound.max + 1, f.bound.min + 0.5] : [Number.NaN, Number.POSITIVE_INFINITY];
    for (const v of outside) {
      expect(SCHEMA[f.group].safeParse({ ...base, [f.key]: v }).success, `schema ${v}`).toBe(false);
      expect(guardAccepts(f.group, { ...base, [f.key]: v }), `guard ${v}`).toBe(false);
    }
  });

  it("the CLI's flags, help defaults and ranges come from it", () => {
    expect([...TRADING_FLAGS, ...BESS_FLAGS]).toEqual([...SETTINGS_FIELDS]);
    expect(new Set(SETTINGS_FIELDS.map((f) => f.flag)).size).toBe(SETTINGS_FIELDS.length);
    const cmd = addFlags(new Command(), [...SETTINGS_FIELDS]);
    for (const f of SETTINGS_FIELDS) {
      const option = cmd.options.find((o) => o.long === f.flag);
      // One default per line: stated in words where the number would mislead (--initial-soc: the window floor), else the number.
      expect(option?.description).toBe(f.what.includes('(default') ? `${f.what}; ${f.range}` : `${f.what} (default ${f.default}); ${f.range}`);
      expect(option?.description.match(/\(default/g)).toHaveLength(1);
      expect(option?.description).toContain(f.bound.unit === 'share' || f.bound.integer ? String(f.bound.max) : f.bound.unit);
      const given = cmd.parse(['node', 'svc', f.flag, '7'], { from: 'node' }).opts();
      expect(flagValues(given, [f])).toEqual({ [f.key]: 7 });
    }
  });

  it('lotMwh is in both records with its own flag; where one flat name picks a record (sweep, report query) it is the battery one', () => {
    expect(TRADING_FLAGS.find((f) => f.key === 'lotMwh')?.flag).toBe('--spread-lot');
    expect(BESS_FLAGS.find((f) => f.key === 'lotMwh')?.flag).toBe('--lot');
    const [combo] = combinations([{ name: 'lotMwh', values: [0.1] }], { ...DEFAULT_TRADING_SETTINGS }, { ...DEFAULT_BESS_SETTINGS });
    expect(combo?.bessSettings.lotMwh).toBe(0.1);
    expect(combo?.strategySettings.lotMwh).toBeUndefined();
    const both = settingsOf({ lotMwh: 0.1, volumeMwh: 2 });
    expect(both.bessSettings.lotMwh).toBe(0.1);
    expect(both.strategySettings).toEqual({ ...DEFAULT_TRADING_SETTINGS, volumeMwh: 2 });
  });
});
