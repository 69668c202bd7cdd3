/**
 * Number, money, hour and percentage rendering for the brief, per locale (uk-UA, en-GB). The
 * Intl formatters are built once at module load: constructing one costs far more than using it,
 * and a brief formats a few hundred numbers. Rounding happens here and only here, for the words;
 * facts keep the exact values.
 */
import type { Locale } from '../../domain/common.js';

interface Formatters {
  price: Intl.NumberFormat;
  whole: Intl.NumberFormat;
  oneDecimal: Intl.NumberFormat;
  twoDecimals: Intl.NumberFormat;
  energy: Intl.NumberFormat;
  signedPercent: Intl.NumberFormat;
  plural: Intl.PluralRules;
}

// signDisplay 'negative': a value that rounds to zero prints "0", never "-0".
function formatters(tag: string, pluralTag: string): Formatters {
  return {
    price: new Intl.NumberFormat(tag, { maximumFractionDigits: 2, signDisplay: 'negative' }),
    whole: new Intl.NumberFormat(tag, { maximumFractionDigits: 0, signDisplay: 'negative' }),
    oneDecimal: new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'negative' }),
    twoDecimals: new Intl.NumberFormat(tag, { maximumFractionDigits: 2, signDisplay: 'negative' }),
    energy: new Intl.NumberFormat(tag, { maximumFractionDigits: 3, signDisplay: 'negative' }),
    signedPercent: new Intl.NumberFormat(tag, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
    plural: new Intl.PluralRules(pluralTag),
  };
}

/** Typographic minus (U+2212) instead of ICU's hyphen-minus: this text is read, not parsed. */
const minus = (text: string): string => text.replace(/^-/, '\u2212');

const FORMATTERS: Record<Locale, Formatters> = {
  uk: formatters('uk-UA', 'uk'),
  en: formatters('en-GB', 'en'),
};

export type PluralCategory = 'one' | 'few' | 'many' | 'other';

/** Renders the values the brief's sentences need, in one locale. */
export class BriefFormat {
  private readonly f: Formatters;

  constructor(readonly locale: Locale) {
    this.f = FORMATTERS[locale];
  }

  /** A price in UAH/MWh without its unit: "7 500,5" / "7,500.5". */
  price(value: number): string {
    return minus(this.f.price.format(value));
  }

  /** Energy in MWh without its unit, up to 3 decimals. */
  energy(value: number): string {
    return minus(this.f.energy.format(value));
  }

  /** A plain number up to 2 decimals. */
  number(value: number): string {
    return minus(this.f.twoDecimals.format(value));
  }

  /** An integer score or count. */
  whole(value: number): string {
    return minus(this.f.whole.format(value));
  }

  /**
   * Money with its unit, the way a desk reads it: Ukrainian uses "тис. грн" from 10 000 and
   * "млн грн" from 1 000 000; English writes whole hryvnias with the code ("12,345 UAH").
   */
  money(value: number): string {
    const abs = Math.abs(value);
    if (this.locale === 'uk') {
      if (abs >= 1_000_000) return `${minus(this.f.twoDecimals.format(value / 1_000_000))} млн грн`;
      if (abs >= 10_000) return `${minus(this.f.oneDecimal.format(value / 1_000))} тис. грн`;
      return `${minus(this.f.whole.format(value))} грн`;
    }
    return `${minus(this.f.whole.format(value))} UAH`;
  }

  /** A signed share as a percentage: 0.048 -> "+4,8 %" (uk, with the space Ukrainian typography uses) / "+4.8%". */
  signedPercent(share: number): string {
    const text = minus(this.f.signedPercent.format(share * 100));
    return this.locale === 'uk' ? `${text} %` : `${text}%`;
  }

  /** An unsigned percentage of a 0..1 share: 0.9 -> "90 %" / "90%". */
  percent(share: number): string {
    const text = this.f.price.format(share * 100);
    return this.locale === 'uk' ? `${text} %` : `${text}%`;
  }

  /** The CLDR plural category of a count. */
  pluralOf(count: number): PluralCategory {
    const c = this.f.plural.select(count);
    return c === 'one' || c === 'few' || c === 'many' ? c : 'other';
  }
}

const pad = (h: number): string => String(h).padStart(2, '0');

/** Delivery hour h as its clock interval: 18 -> "18:00–19:00". */
export function hourSpan(hour: number): string {
  return `${pad(hour)}:00–${pad(hour + 1)}:00`;
}

/** Hours as clock intervals with consecutive runs merged: [3,4,5,18] -> "03:00–06:00, 18:00–19:00". */
export function hourRanges(hours: readonly number[]): string {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const start = sorted[i] as number;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) {
      i += 1;
      end = sorted[i] as number;
    }
    parts.push(`${pad(start)}:00–${pad(end + 1)}:00`);
    i += 1;
  }
  return parts.join(', ');
}
