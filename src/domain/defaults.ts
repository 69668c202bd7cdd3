/**
 * The defaults of the settings records, as plain values (no schema library: the CLI reads them at
 * start-up). `feeUahPerMwh` and `degradationCostUahMwh` default to 0 but are optional keys: a door
 * that wants to know whether the caller stated them starts from the required defaults only.
 */
export const DEFAULT_TRADING_SETTINGS = { volumeMwh: 1, minSpreadUah: 0, maxTradesPerDay: 24, feeUahPerMwh: 0 } as const;
export const DEFAULT_BESS_SETTINGS = { capacityMwh: 1, powerMw: 1, roundTripEfficiency: 0.9, maxCyclesPerDay: 1, degradationCostUahMwh: 0 } as const;

const { feeUahPerMwh: _fee, ...tradingRequired } = DEFAULT_TRADING_SETTINGS;
const { degradationCostUahMwh: _wear, ...bessRequired } = DEFAULT_BESS_SETTINGS;
/** Defaults of the required keys only: an omitted optional key stays omitted. */
export const DEFAULT_TRADING_REQUIRED = tradingRequired;
export const DEFAULT_BESS_REQUIRED = bessRequired;
