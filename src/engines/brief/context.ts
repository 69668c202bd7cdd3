/**
 * The brief's optional market context: which market the prices are from, and the regulator's
 * price caps with facts derived from the day's prices. The caller states the derived facts
 * (observed min/max, distances to the caps, hours at a cap); the brief recomputes each one from
 * the prices and rejects the context if any disagrees, so a brief never repeats a claim its own
 * inputs contradict.
 *
 * Equalities of derived numbers hold within CAP_EPSILON_UAH_MWH (1e-6 UAH/MWh, absolute): prices
 * are decimal figures with at most a few decimals, so a genuine disagreement is far larger, while
 * a caller computing max - maxObserved in binary floating point may be off by ~1e-12. Hour sets
 * are compared as sets (order and repeats do not matter); an hour is at the max cap when its
 * price >= maxUahMwh - capHitToleranceUahMwh (and at the min cap when price <= minUahMwh +
 * tolerance), with the same epsilon added so a price exactly on the boundary counts.
 */
import { moreIssues, SvcError, type FailingPath } from '../../domain/errors.js';
import type { BriefContext, PriceCapContext } from '../../domain/brief.js';
import { REGULATOR_SOURCE } from '../../domain/brief.js';
import { calendarDayOf, tradeDateKey, type Market } from '../../domain/common.js';

export const CAP_EPSILON_UAH_MWH = 1e-6;
/** Used as sourceUrl when a caps table row names no page (the schema requires a URL). */
export const REGULATOR_HOME_URL = 'https://www.nerc.gov.ua/';
const CAP_PATH = 'context.regulatory.priceCap';

export interface BriefMarketContext {
  /** The market of the prices: context.market, else the cap's DAM/IDM market, else DAM. */
  market: Market;
  marketStated: boolean;
  /** The validated price-cap context, or null when none (absent or explicitly null). */
  priceCap: PriceCapContext | null;
}

const near = (a: number, b: number): boolean => Math.abs(a - b) <= CAP_EPSILON_UAH_MWH;

export function maxCapHits(prices: readonly number[], maxUahMwh: number, tolerance: number): number[] {
  const hours: number[] = [];
  prices.forEach((p, h) => {
    if (p >= maxUahMwh - tolerance - CAP_EPSILON_UAH_MWH) hours.push(h);
  });
  return hours;
}

export function minCapHits(prices: readonly number[], minUahMwh: number, tolerance: number): number[] {
  const hours: number[] = [];
  prices.forEach((p, h) => {
    if (p <= minUahMwh + tolerance + CAP_EPSILON_UAH_MWH) hours.push(h);
  });
  return hours;
}

function sameSet(given: readonly number[], expected: readonly number[]): boolean {
  const g = new Set(given);
  return g.size === expected.length && expected.every((h) => g.has(h));
}

const list = (hours: readonly number[]): string => (hours.length === 0 ? 'none' : `[${hours.join(', ')}]`);

/** A day key from DD.MM.YYYY or an ISO date (YYYY-MM-DD...), or null when it is neither. */
export function dateKeyOf(value: string): number | null {
  const day = calendarDayOf(/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value);
  return day === null ? null : tradeDateKey(day);
}

function checkPriceCap(prices: readonly number[], cap: PriceCapContext, tradeDate: string, issues: FailingPath[]): void {
  const at = (field: string, message: string) => issues.push({ path: `${CAP_PATH}.${field}`, message });
  const dayMin = Math.min(...prices);
  const dayMax = Math.max(...prices);
  if (cap.minUahMwh > cap.maxUahMwh) at('minUahMwh', `minUahMwh ${cap.minUahMwh} is above maxUahMwh ${cap.maxUahMwh}`);
  if (!near(cap.minObservedUahMwh, dayMin)) at('minObservedUahMwh', `must equal the day's lowest price ${dayMin}, found ${cap.minObservedUahMwh}`);
  if (!near(cap.maxObservedUahMwh, dayMax)) at('maxObservedUahMwh', `must equal the day's highest price ${dayMax}, found ${cap.maxObservedUahMwh}`);
  const toMin = dayMin - cap.minUahMwh;
  if (!near(cap.distanceToMinUahMwh, toMin)) at('distanceToMinUahMwh', `must equal minObserved - minUahMwh = ${toMin}, found ${cap.distanceToMinUahMwh}`);
  const toMax = cap.maxUahMwh - dayMax;
  if (!near(cap.distanceToMaxUahMwh, toMax)) at('distanceToMaxUahMwh', `must equal maxUahMwh - maxObserved = ${toMax}, found ${cap.distanceToMaxUahMwh}`);
  const tol = cap.capHitToleranceUahMwh;
  const maxHits = maxCapHits(prices, cap.maxUahMwh, tol);
  if (!sameSet(cap.maxCapHitHours, maxHits)) at('maxCapHitHours', `must list the hours with price >= maxUahMwh - tolerance: ${list(maxHits)}, found ${list(cap.maxCapHitHours)}`);
  const minHits = minCapHits(prices, cap.minUahMwh, tol);
  if (!sameSet(cap.minCapHitHours, minHits)) at('minCapHitHours', `must list the hours with price <= minUahMwh + tolerance: ${list(minHits)}, found ${list(cap.minCapHitHours)}`);
  const from = dateKeyOf(cap.validFrom);
  const day = dateKeyOf(tradeDate);
  if (from !== null && day !== null && from > day) {
    at('validFrom', `caps valid from ${cap.validFrom} do not cover the trade date ${tradeDate}`);
  }
}

/**
 * Validates the context against the day's prices (index = hour) and resolves the market. Throws
 * one 400 listing every failing path.
 */
export function validateBriefContext(prices: readonly number[], tradeDate: string, context: BriefContext | undefined): BriefMarketContext {
  const issues: FailingPath[] = [];
  const stated = context?.market;
  const cap = context?.regulatory?.priceCap ?? null;
  if (cap) {
    checkPriceCap(prices, cap, tradeDate, issues);
    if (stated !== undefined && cap.market !== stated) {
      issues.push({ path: `${CAP_PATH}.market`, message: `caps of ${cap.market} do not apply to prices of context.market ${stated}` });
    } else if (stated === undefined && cap.market === 'BM') {
      issues.push({ path: `${CAP_PATH}.market`, message: 'balancing-market (BM) caps do not apply to a DAM/IDM price day; state context.market or pass DAM/IDM caps' });
    }
  }
  if (issues.length > 0) {
    const first = issues[0] as FailingPath;
    throw SvcError.validation(`invalid input: ${first.path}: ${first.message}${moreIssues(issues.length)}`, issues);
  }
  const capMarket = cap && cap.market !== 'BM' ? cap.market : undefined;
  return { market: stated ?? capMarket ?? 'DAM', marketStated: stated !== undefined, priceCap: cap };
}

/** What buildPriceCapContext needs from a caps-table entry (src/data/caps.ts `PriceCaps`). */
export interface CapsSource {
  decision: string;
  validFrom: string;
  sourceUrl: string | null;
  market: 'DAM' | 'IDM' | 'BM';
  minByHour: readonly (number | null)[];
  maxByHour: readonly (number | null)[];
}

/**
 * A price-cap context that validates against `prices`, from hour-banded caps. The schema has one
 * min and one max, so bands collapse to the widest corridor of the day: minUahMwh = the lowest
 * floor of any hour, maxUahMwh = the highest cap of any hour. An hour at a lower band's cap (for
 * instance a night cap of 5 600 when the evening cap is 9 000) is therefore not listed as a cap
 * hit. Returns null when the table has no number for one of the bounds on that day.
 */
export function buildPriceCapContext(prices: readonly number[], caps: CapsSource, toleranceUahMwh: number): PriceCapContext | null {
  const mins = caps.minByHour.filter((v): v is number => v !== null);
  const maxs = caps.maxByHour.filter((v): v is number => v !== null);
  if (mins.length === 0 || maxs.length === 0 || prices.length === 0) return null;
  const minUahMwh = Math.min(...mins);
  const maxUahMwh = Math.max(...maxs);
  const minObservedUahMwh = Math.min(...prices);
  const maxObservedUahMwh = Math.max(...prices);
  return {
    source: REGULATOR_SOURCE,
    decision: caps.decision,
    validFrom: caps.validFrom,
    sourceUrl: caps.sourceUrl ?? REGULATOR_HOME_URL,
    market: caps.market,
    minUahMwh,
    maxUahMwh,
    unit: 'UAH/MWh',
    minObservedUahMwh,
    maxObservedUahMwh,
    distanceToMinUahMwh: minObservedUahMwh - minUahMwh,
    distanceToMaxUahMwh: maxUahMwh - maxObservedUahMwh,
    minCapHitHours: minCapHits(prices, minUahMwh, toleranceUahMwh),
    maxCapHitHours: maxCapHits(prices, maxUahMwh, toleranceUahMwh),
    capHitToleranceUahMwh: toleranceUahMwh,
  };
}
