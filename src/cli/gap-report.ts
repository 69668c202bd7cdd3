/** The gap report of a multi-day command (backtest --sweep, prices stats) as lines for stderr: no day is left out silently. */
import { classifyMissing, type LoadedBook } from './book.js';
import { labels } from './i18n.js';

/** The calendar days a result lacks (an op's `gaps`, e.g. backtest.sweep's). */
export interface Gaps {
  from: string | null;
  to: string | null;
  calendarDays: number;
  missingDays: number;
  missing: string[];
}

export function gapReport(loaded: LoadedBook, gaps: Gaps, lang: 'uk' | 'en'): string[] {
  if (gaps.missingDays === 0) return [];
  const L = labels(lang);
  const { dst, invalid, absent } = classifyMissing(loaded, gaps.missing);
  const parts = [
    dst.length ? `${dst.length} ${L.gapDst} (${dst.join(', ')})` : '',
    invalid.length ? `${invalid.length} ${L.gapInvalid} (${invalid.join(', ')})` : '',
    absent.length ? `${absent.length} ${L.gapAbsent} (${absent.length > 12 ? `${absent.slice(0, 12).join(', ')} …` : absent.join(', ')})` : '',
  ].filter((p) => p !== '');
  return [`${loaded.source}: ${gaps.missingDays} of ${gaps.calendarDays} calendar days between ${gaps.from} and ${gaps.to} have no prices: ${parts.join('; ')}`];
}
