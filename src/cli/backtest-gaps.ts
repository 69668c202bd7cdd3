/** The gap report of a multi-day command (sweep, stats) as lines for stderr: no day is left out silently. */
import { gapReport as gapsOf } from '../engines/gaps.js';
import { classifyMissing, type LoadedBook } from './book.js';
import { labels } from './i18n.js';

export function gapReport(loaded: LoadedBook, from: string | undefined, to: string | undefined, lang: 'uk' | 'en'): string[] {
  const gaps = gapsOf(loaded.dates, { from: from ?? loaded.dates[0], to: to ?? loaded.dates[loaded.dates.length - 1] });
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
