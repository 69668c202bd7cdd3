/**
 * Output precision, in one place: every operation's result is rounded here, at the boundary, by
 * the unit its field names carry (src/domain/bounds.ts OUTPUT_DECIMALS): `…Uah` money to 0.01 UAH,
 * `…UahMwh` / `…UahPerMwh` prices to 0.01 UAH/MWh, `…Mwh` energy to 0.001 MWh, `…Mw` power to
 * 0.001 MW, `equivalent…Cycles` to 0.0001, the forecast prices `p10` / `p50` / `p90` /
 * `forecastP50` to 0.01 UAH/MWh; a `{value, unit}` fact by its unit. Engines keep full
 * precision; this is why no output shows `958.0299999999997`. Counts, shares, scores and hours have
 * no unit suffix and pass unchanged. A field whose name carries no suffix but whose numbers have a
 * unit is named by its operation (`outputUnits`: `prices.stats`' `base` … `max`, the forecast
 * metrics `mae`, `rmse`, `pinball`, `pinballQuantiles`, `crps`) and rounded the same way.
 */
import { OUTPUT_DECIMALS } from '../domain/bounds.js';

// The risk checks' facts name their units in lower case (`uah`, `cycles`): the same precision.
const UNIT_OF_FACT: Record<string, number> = {
  UAH: OUTPUT_DECIMALS.uah,
  uah: OUTPUT_DECIMALS.uah,
  'UAH/MWh': OUTPUT_DECIMALS.uahPerMwh,
  MWh: OUTPUT_DECIMALS.mwh,
  MW: OUTPUT_DECIMALS.mw,
  cycles: OUTPUT_DECIMALS.cycles,
};

/** A unit of OUTPUT_DECIMALS. */
export type OutputUnit = keyof typeof OUTPUT_DECIMALS;
/** Field names (at any depth of an output) without a unit suffix, each with the unit of its numbers. */
export type OutputUnits = Readonly<Record<string, OutputUnit>>;

/** Decimals for a field name, or undefined when the field is not a measured quantity (cached per name). */
export function decimalsOf(key: string): number | undefined {
  // One lookup on the hot path (a key seen before); `null` stands for "not a measured unit".
  const cached = DECIMALS_CACHE.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const d = /Uah(Per)?Mwh$|^p(10|50|90)$|^forecastP50$/.test(key)
    ? OUTPUT_DECIMALS.uahPerMwh
    : /Uah$/.test(key)
      ? OUTPUT_DECIMALS.uah
      : /Mwh$/.test(key)
        ? OUTPUT_DECIMALS.mwh
        : /Mw$/.test(key)
          ? OUTPUT_DECIMALS.mw
          : /^equivalent(Bess)?Cycles$/.test(key)
            ? OUTPUT_DECIMALS.cycles
            : undefined;
  if (DECIMALS_CACHE.size < 10_000) DECIMALS_CACHE.set(key, d ?? null);
  return d;
}
const DECIMALS_CACHE = new Map<string, number | null>();

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/**
 * Rounds half away from zero to `decimals` as the decimal text reads (1.005 → 1.01, although the
 * double 1.005 lies just below it). Fast path: scale, round, divide — exact whenever the scaled
 * value is not within 1e-6 of a tie (IEEE division by a power of ten returns the nearest double to
 * the decimal result). Near a tie the decimal text decides.
 */
export function roundTo(value: number, decimals: number): number {
  // An integer is on every grid of 0 or more decimals (most prices, hours and counts are): no
  // arithmetic, and -0 comes back as 0 as below.
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  if (abs >= 1e15) return value; // no fractional digits left to round at this magnitude
  const f = POW10[decimals] ?? 10 ** decimals;
  const scaled = abs * f;
  const frac = scaled - Math.floor(scaled);
  let whole: number;
  if (Math.abs(frac - 0.5) > 1e-6) whole = Math.round(scaled);
  else {
    // Number-to-string uses an exponent below 1e-6: such a value is far below any tie of 4 decimals.
    const text = String(abs);
    whole = text.includes('e') ? 0 : Math.round(Number(`${text}e${decimals}`));
  }
  const r = (whole / f) * Math.sign(value);
  return r === 0 ? 0 : r;
}

/**
 * The output with every measured number rounded to its unit's precision. Rounds in place (an op's
 * output is built for this response), assigning only where a value changes, so shared constants
 * whose figures are already on the grid are never written.
 */
export function presentOutput<T>(value: T, units?: OutputUnits): T {
  if (value !== null && typeof value === 'object') presentIn(value as Record<string, unknown>, undefined, 0, units ? namedDecimals(units) : undefined);
  return value;
}

const NAMED = new WeakMap<OutputUnits, ReadonlyMap<string, number>>();
/** An op's `outputUnits` as decimals by field name (once per op). */
export function namedDecimals(units: OutputUnits): ReadonlyMap<string, number> {
  let named = NAMED.get(units);
  if (!named) NAMED.set(units, (named = new Map(Object.entries(units).map(([key, unit]) => [key, OUTPUT_DECIMALS[unit]]))));
  return named;
}

/** Decimals of a key: the op's named unit first, then the unit its name carries. */
export function decimalsOfKey(key: string, named: ReadonlyMap<string, number> | undefined): number | undefined {
  return (named && named.get(key)) ?? decimalsOf(key);
}

/** Decimals of a fact's unit (`{value, unit}`), or undefined for a unit without a precision. */
export function decimalsOfFact(unit: string): number | undefined {
  return Object.hasOwn(UNIT_OF_FACT, unit) ? UNIT_OF_FACT[unit] : undefined;
}

/**
 * The walk by name (present-schema.ts compiles it per schema and falls back to it where the schema
 * does not describe a part by keys). `named` is undefined for the ops without `outputUnits` (nearly
 * all): no lookup per key on their hot path.
 */
export function presentIn(node: Record<string, unknown> | unknown[], inherited: number | undefined, depth: number, named: ReadonlyMap<string, number> | undefined): void {
  if (depth > 64) return;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      const v = node[i];
      if (typeof v === 'number') {
        if (inherited !== undefined) {
          const r = roundTo(v, inherited);
          if (r !== v) node[i] = r;
        }
      } else if (v !== null && typeof v === 'object') presentIn(v as Record<string, unknown>, inherited, depth + 1, named);
    }
    return;
  }
  const factDecimals = typeof node.unit === 'string' && typeof node.value === 'number' ? decimalsOfFact(node.unit) : undefined;
  for (const key in node) {
    const v = node[key];
    if (typeof v === 'number') {
      const d = key === 'value' && factDecimals !== undefined ? factDecimals : decimalsOfKey(key, named);
      if (d !== undefined) {
        const r = roundTo(v, d);
        if (r !== v) node[key] = r;
      }
    } else if (v !== null && typeof v === 'object') presentIn(v as Record<string, unknown>, decimalsOfKey(key, named), depth + 1, named);
  }
}
