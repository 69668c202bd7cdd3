/**
 * The physical bounds of every number a caller gives svc, in one place and without a schema
 * library (the CLI reads them at start-up): the zod schemas of src/domain, the CLI's flag ranges and
 * help, and docs/limits.md are all derived from this table.
 *
 * Why bounds at all: outside them the arithmetic stops being exact (1e308 MWh × a price
 * overflows to Infinity, which JSON writes as null) or the engines' relative tolerances meet
 * numbers no market produces. Each bound is far beyond any real value and is documented with the
 * reason. Inside them the engines are proven exact against an LP/MIP oracle at the extremes
 * (test/engines/oracle-extremes.test.ts), not only at typical values.
 */
export interface NumberBound {
  /** Smallest accepted value (inclusive). */
  readonly min: number;
  /** Largest accepted value (inclusive). */
  readonly max: number;
  readonly integer?: boolean;
  readonly unit: string;
  /** Why this range, in a sentence (docs/limits.md). */
  readonly why: string;
}

export const BOUNDS = {
  priceUahMwh: { min: 0, max: 1_000_000, unit: 'UAH/MWh', why: 'regulator caps never exceeded 16,000 UAH/MWh; 1,000,000 leaves room for any currency or cap change' },
  volumeMwh: { min: 0.001, max: 10_000, unit: 'MWh', why: 'from 1 kWh to 10 GWh per trade, above the whole hourly DAM volume of the IPS zone' },
  minSpreadUah: { min: 0, max: 1_000_000, unit: 'UAH/MWh', why: 'a spread cannot exceed the widest price range' },
  maxTradesPerDay: { min: 1, max: 24, integer: true, unit: 'trades', why: 'the spec: 1..24' },
  feeUahPerMwh: { min: 0, max: 100_000, unit: 'UAH/MWh', why: 'exchange and clearing fees are a few UAH/MWh' },
  capacityMwh: { min: 0.001, max: 100_000, unit: 'MWh', why: 'from 1 kWh to 100 GWh, beyond the largest storage plants' },
  powerMw: { min: 0.001, max: 10_000, unit: 'MW', why: 'from 1 kW to 10 GW' },
  roundTripEfficiency: { min: 0.01, max: 1, unit: 'share', why: 'the spec: > 0 and <= 1; below 1 % no storage is run' },
  maxCyclesPerDay: { min: 0.01, max: 12, unit: 'cycles', why: 'the spec: 1..12; svc also accepts a fractional cap down to 1 % of a cycle a day' },
  degradationCostUahMwh: { min: 0, max: 1_000_000, unit: 'UAH/MWh', why: 'a wear cost above the highest price makes every cycle unprofitable anyway' },
  minSocPct: { min: 0, max: 100, unit: '%', why: 'a share of the capacity E' },
  maxSocPct: { min: 0, max: 100, unit: '%', why: 'a share of the capacity E' },
  chargeEfficiency: { min: 0.01, max: 1, unit: 'share', why: 'as the round trip: below 1 % no storage is run' },
  dischargeEfficiency: { min: 0.01, max: 1, unit: 'share', why: 'as the round trip: below 1 % no storage is run' },
  auxLossMwhPerHour: { min: 0, max: 10_000, unit: 'MWh', why: 'a standby draw per hour no larger than the largest power' },
  lotMwh: { min: 0, max: 10_000, unit: 'MWh', why: '0: continuous volumes; else the exchange step (0.1 MWh on the DAM), at most 10,000 lots of power per hour' },
  initialSocMwh: { min: 0, max: 100_000, unit: 'MWh', why: 'within the largest capacity (and within the usable window)' },
  endSocValueUahMwh: { min: 0, max: 1_000_000, unit: 'UAH/MWh', why: 'as a price' },
} as const satisfies Record<string, NumberBound>;

export type BoundedKey = keyof typeof BOUNDS;

/** `0.001..10,000 MWh`, `an integer 1..24` — the range as the CLI and error messages say it. */
export function rangeText(key: BoundedKey): string {
  const b: NumberBound = BOUNDS[key];
  // No Intl here: the CLI builds these texts at start-up, where every millisecond shows.
  const fmt = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${b.integer ? 'an integer ' : ''}${fmt(b.min)}..${fmt(b.max)}${b.integer || b.unit === 'share' ? '' : ` ${b.unit}`}`;
}

/**
 * Decimals of each unit in every output (JSON, CSV, HTTP): money to the kopiyka, energy to the
 * kWh, cycles to 1/10,000. Engines keep full precision; src/ops/present.ts rounds once, at the
 * boundary, by the unit a field's name carries.
 */
export const OUTPUT_DECIMALS = { uah: 2, uahPerMwh: 2, mwh: 3, mw: 3, cycles: 4 } as const;
