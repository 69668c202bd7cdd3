/**
 * Text of a report: escaping, numbers in the reader's language (en: 1,234.50; uk: 1 234,50),
 * months and hours. Dates arrive as trade dates (DD.MM.YYYY) and are shown as they are.
 */
export type Lang = 'en' | 'uk';

const formats = new Map<string, Intl.NumberFormat>();

/** A number with `digits` decimals, grouped in the reader's language; null or NaN as an em dash. */
export function num(value: number | null | undefined, lang: Lang, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const key = `${lang}:${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'uk' ? 'uk-UA' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, f);
  }
  // −0 after rounding reads as 0.
  return f.format(Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value).replace('-', '−');
}

/** A ratio as a percentage with one decimal. */
export function pct(ratio: number | null | undefined, lang: Lang): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  return `${num(ratio * 100, lang, 1)}${lang === 'uk' ? ' %' : '%'}`;
}

/** The hour 0..23 as `07:00`. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** Escapes text for HTML and SVG content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A number for an SVG attribute: at most two decimals, no exponent. */
export function px(v: number): string {
  return String(Math.round(v * 100) / 100);
}
