/**
 * The cross-border scarcity regime: a present-state signal, not a forecast.
 *
 * Model. Two inputs: the net import position of Ukraine over its EU/MD borders (MW, positive =
 * import, mean over the day's hours) and the derived Ukraine–EU basis (EUR/MWh: the Ukrainian DAM
 * daily mean converted at the central bank's official rate, minus the mean of the neighbours'
 * day-ahead daily means). Both push the same way: a high basis and heavy imports mean Ukraine is
 * short. The score is
 *     score = basisEurMwh / basisScaleEurMwh + netImportMw / importScaleMw
 * and the regime is `scarce` when score >= +1, `surplus` when score <= -1, else `balanced`.
 * The score is linear with positive weights, so the regime is monotone in the basis (and in the
 * import position) by construction; no clock, no randomness: the same inputs give the same answer.
 * A day without flow data has no import term (the score is the basis term alone, and the flow
 * direction is null): the caller says the input is missing rather than inventing a position.
 */

export interface RegimeThresholds {
  /** Basis that alone makes the score 1 (EUR/MWh). */
  basisScaleEurMwh: number;
  /** Net import that alone makes the score 1 (MW). */
  importScaleMw: number;
  /** |basis| at or above this is a `high`/`low` basis level (EUR/MWh). */
  basisLevelEurMwh: number;
  /** |net position| below this is `balanced` flow direction (MW). */
  flowDeadbandMw: number;
}

export const DEFAULT_REGIME_THRESHOLDS: RegimeThresholds = {
  basisScaleEurMwh: 25,
  importScaleMw: 1000,
  basisLevelEurMwh: 10,
  flowDeadbandMw: 50,
};

export type Regime = 'scarce' | 'balanced' | 'surplus';
export const REGIME_ORDER: Record<Regime, number> = { surplus: 0, balanced: 1, scarce: 2 };

export interface RegimeInputs {
  /** null when no flow data exist for the day: the score is then the basis term alone. */
  netImportMw: number | null;
  basisEurMwh: number;
}

export interface RegimeSignal {
  regime: Regime;
  score: number;
  basisLevel: 'high' | 'neutral' | 'low';
  flowDirection: 'import' | 'export' | 'balanced' | null;
}

export function classifyRegime(inputs: RegimeInputs, t: RegimeThresholds = DEFAULT_REGIME_THRESHOLDS): RegimeSignal {
  const net = inputs.netImportMw;
  const score = inputs.basisEurMwh / t.basisScaleEurMwh + (net === null ? 0 : net / t.importScaleMw);
  const regime: Regime = score >= 1 ? 'scarce' : score <= -1 ? 'surplus' : 'balanced';
  const basisLevel = inputs.basisEurMwh >= t.basisLevelEurMwh ? 'high' : inputs.basisEurMwh <= -t.basisLevelEurMwh ? 'low' : 'neutral';
  const flowDirection = net === null ? null : net >= t.flowDeadbandMw ? 'import' : net <= -t.flowDeadbandMw ? 'export' : 'balanced';
  return { regime, score, basisLevel, flowDirection };
}

/** UAH/MWh at `uahPerEur` minus the neighbours' reference (EUR/MWh). */
export function derivedBasisEurMwh(uaDamUahMwh: number, uahPerEur: number, neighbourReferenceEurMwh: number): number {
  return uaDamUahMwh / uahPerEur - neighbourReferenceEurMwh;
}
