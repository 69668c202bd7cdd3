/** One locale's voice for the brief: catalogue lookup plus the formatters, units pre-filled. */
import type { Locale } from '../../domain/common.js';
import { BriefFormat, hourRanges, hourSpan } from './format.js';
import { CATALOGUES, message, nounKey, type MessageKey, type Noun, type Params } from './i18n/index.js';

export class Words {
  readonly f: BriefFormat;
  private readonly units: Params;

  constructor(readonly locale: Locale) {
    this.f = new BriefFormat(locale);
    this.units = { priceUnit: CATALOGUES[locale]['unit.price'], energyUnit: CATALOGUES[locale]['unit.energy'] };
  }

  t(key: MessageKey, params: Params = {}): string {
    return message(this.locale, key, params, this.units);
  }

  /** The noun in the plural form a count needs: 1 угода, 3 угоди, 5 угод. */
  noun(noun: Noun, count: number): string {
    return this.t(nounKey(noun, this.f.pluralOf(count)));
  }

  hour(h: number): string {
    return hourSpan(h);
  }

  hours(hs: readonly number[]): string {
    return hourRanges(hs);
  }

  /** A signed change, or "n/a" when there is no base to compare with. */
  change(share: number | null): string {
    return share === null ? this.t('common.notApplicable') : this.f.signedPercent(share);
  }
}
