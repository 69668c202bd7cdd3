import { describe, expect, it } from 'vitest';
import { CATALOGUES, message, placeholdersOf, renderTemplate, type MessageKey } from '../../src/engines/brief/i18n/index.js';
import { BriefFormat, hourRanges, hourSpan } from '../../src/engines/brief/format.js';

const ukKeys = Object.keys(CATALOGUES.uk).sort();
const enKeys = Object.keys(CATALOGUES.en).sort();
const CYRILLIC = /[\u0400-\u04FF]/;

describe('brief catalogues', () => {
  it('have exactly the same keys in uk and en', () => {
    expect(ukKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !ukKeys.includes(k))).toEqual([]);
    expect(ukKeys.length).toBeGreaterThan(100);
  });

  it.each(ukKeys)('%s has the same placeholders in both locales', (key) => {
    const k = key as MessageKey;
    expect(placeholdersOf(CATALOGUES.en[k])).toEqual(placeholdersOf(CATALOGUES.uk[k]));
  });

  it('renders every template in both locales without leftovers', () => {
    for (const locale of ['uk', 'en'] as const) {
      for (const key of ukKeys as MessageKey[]) {
        const template = CATALOGUES[locale][key];
        const params = Object.fromEntries(placeholdersOf(template).map((p) => [p, `<${p}>`]));
        const text = message(locale, key, params);
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
        for (const p of placeholdersOf(template)) expect(text).toContain(`<${p}>`);
        expect(text.trim()).toBe(text);
        expect(text.length).toBeGreaterThan(0);
      }
    }
  });

  it('Ukrainian strings are Ukrainian and English strings carry no Cyrillic', () => {
    for (const key of ukKeys as MessageKey[]) {
      expect(CATALOGUES.uk[key], key).toMatch(CYRILLIC);
      expect(CATALOGUES.en[key], key).not.toMatch(CYRILLIC);
    }
  });

  it('uses the market words traders use', () => {
    const uk = Object.values(CATALOGUES.uk).join('\n');
    for (const word of ['РДН', 'ВДР', 'УЗЕ', 'НКРЕКП', 'граничн', 'спред', 'купівл', 'продаж', 'МВт·год']) expect(uk).toContain(word);
  });

  it('a missing value throws instead of leaking a placeholder', () => {
    expect(() => renderTemplate('from {min} to {max}', { min: 1 })).toThrow(/\{max\}/);
    expect(renderTemplate('from {min} to {max}', { min: 1, max: 2 })).toBe('from 1 to 2');
  });
});

describe('brief formatting', () => {
  const uk = new BriefFormat('uk');
  const en = new BriefFormat('en');

  it('writes money the way each desk reads it', () => {
    expect(uk.money(9876.4)).toBe('9\u00a0876 грн');
    expect(uk.money(17023.41)).toBe('17,0 тис. грн');
    expect(uk.money(-12500)).toBe('\u221212,5 тис. грн');
    expect(uk.money(2_345_678)).toBe('2,35 млн грн');
    expect(en.money(17023.41)).toBe('17,023 UAH');
    expect(en.money(-0.2)).toBe('0 UAH');
  });

  it('writes prices, percentages and hours', () => {
    expect(uk.price(8950.95)).toBe('8\u00a0950,95');
    expect(en.price(8950.95)).toBe('8,950.95');
    expect(uk.signedPercent(-0.287)).toBe('\u221228,7 %');
    expect(en.signedPercent(0.05)).toBe('+5%');
    expect(uk.percent(0.9)).toBe('90 %');
    expect(hourSpan(18)).toBe('18:00–19:00');
    expect(hourSpan(23)).toBe('23:00–24:00');
    expect(hourRanges([19, 3, 4, 5, 18, 4])).toBe('03:00–06:00, 18:00–20:00');
  });

  it('picks Ukrainian plural forms from CLDR', () => {
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => uk.pluralOf(n))).toEqual(['one', 'few', 'many', 'many', 'one', 'few', 'many']);
    expect([1, 2].map((n) => en.pluralOf(n))).toEqual(['one', 'other']);
  });
});
