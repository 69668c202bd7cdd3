/**
 * Declared inputs of a trading brief and the rationale id derived from them.
 *
 * The declared inputs are the brief request exactly as the engine consumed it: `locale` with its
 * default applied, the 24 prices sorted by hour (a PriceDay may arrive in any order and the brief
 * does not depend on it), settings as sent (an omitted `feeUahPerMwh` stays omitted, because the
 * brief reports it as missing), and `context` as sent, extra keys included. Receipts hash this
 * object; the rationale id hashes it too, without `locale`, so the English and the Ukrainian brief
 * of one decision share one id.
 *
 * rationaleId = "svc-rat-" + first 32 hex digits of
 *   sha256( RFC 8785 canonical JSON of { model: "svc-rules-v1", inputs: <declared inputs minus locale> } )
 * Including the model id means a change of the rules engine yields new ids for the same inputs.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import type { PricePoint } from '../../domain/prices.js';
import type { BriefContext } from '../../domain/brief.js';
import type { Locale } from '../../domain/common.js';

export const BRIEF_MODEL = 'svc-rules-v1';
export const RATIONALE_PREFIX = 'svc-rat-';
const RATIONALE_HEX_DIGITS = 32;

/** Settings as the caller sent them: the fee may be absent (it then counts as 0 and as missing). */
export type SettingsAsSent = {
  volumeMwh: number;
  minSpreadUah: number;
  maxTradesPerDay: number;
  feeUahPerMwh?: number | undefined;
};

export type BriefInputs = {
  tradeDate: string;
  prices: PricePoint[];
  settings: SettingsAsSent;
  locale: Locale;
  context?: BriefContext | undefined;
};

/** The declared inputs in their one canonical shape (see the file comment). */
export function declaredInputs(request: BriefInputs): BriefInputs {
  const prices = [...request.prices].sort((a, b) => a.hour - b.hour).map((p) => ({ hour: p.hour, priceUahMwh: p.priceUahMwh }));
  const settings: SettingsAsSent = {
    volumeMwh: request.settings.volumeMwh,
    minSpreadUah: request.settings.minSpreadUah,
    maxTradesPerDay: request.settings.maxTradesPerDay,
  };
  if (request.settings.feeUahPerMwh !== undefined) settings.feeUahPerMwh = request.settings.feeUahPerMwh;
  return {
    tradeDate: request.tradeDate,
    prices,
    settings,
    locale: request.locale,
    ...(request.context !== undefined ? { context: request.context } : {}),
  };
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The rationale id of any declared-inputs object. Works on unvalidated JSON too, so a receipt
 * verifier can recompute it from whatever inputs it was handed.
 */
export function rationaleIdOf(inputs: unknown): string {
  let material: unknown = inputs;
  if (inputs !== null && typeof inputs === 'object' && !Array.isArray(inputs)) {
    const { locale: _locale, ...rest } = inputs as Record<string, unknown>;
    material = rest;
  }
  return RATIONALE_PREFIX + sha256Hex(canonicalJson({ model: BRIEF_MODEL, inputs: material })).slice(0, RATIONALE_HEX_DIGITS);
}
