/** Labels of the CLI's table output in English and Ukrainian (JSON output is language-neutral). */
const en = {
  buy: 'Buy', sell: 'Sell', buyPrice: 'Buy, UAH/MWh', sellPrice: 'Sell, UAH/MWh',
  netSpread: 'Net spread, UAH/MWh', volume: 'MWh', pnl: 'PnL, UAH', charge: 'Charge', discharge: 'Discharge',
  chargeMwh: 'Charged, MWh', dischargeMwh: 'Discharged, MWh', chargeMw: 'Charge, MW', dischargeMw: 'Discharge, MW', socMwh: 'SoC at end, MWh', chargePrice: 'Charge, UAH/MWh', dischargePrice: 'Discharge, UAH/MWh',
  grossSpread: 'Gross spread, UAH/MWh', profit: 'Profit, UAH', date: 'Date', base: 'Base', peak: 'Peak', offPeak: 'Off-peak',
  min: 'Min', max: 'Max', total: 'Total', totalOnForecast: 'Total at the p50 forecast prices',
  spreadPlan: 'Spread plan', bessPlan: 'Battery plan',
  noTrades: 'No trade clears the settings: no pair of hours has a net spread above the minimum.',
  noCycles: 'No cycle pays: no charge/discharge pair beats losses and wear.',
  humanReview: 'A plan for human review. svc never submits orders.',
  legendPlan: 'B = buy hour, S = sell hour', legendBess: 'C = charge hour, D = discharge hour',
  trades: 'trades', netPnl: 'net PnL', avgSpread: 'average net spread', netProfit: 'net profit', equivalentCycles: 'equivalent cycles',
  settings: 'Settings', mean: 'Mean', uah: 'UAH', mwh: 'MWh', uahMwh: 'UAH/MWh',
  gapDst: 'clock-change', gapInvalid: 'invalid, skipped', gapAbsent: 'not in the file',
} as const;

export type LabelKey = keyof typeof en;

const uk: Record<LabelKey, string> = {
  buy: 'Купівля', sell: 'Продаж', buyPrice: 'Купівля, грн/МВт·год', sellPrice: 'Продаж, грн/МВт·год',
  netSpread: 'Чистий спред, грн/МВт·год', volume: 'МВт·год', pnl: 'Результат, грн', charge: 'Заряд', discharge: 'Розряд',
  chargeMwh: 'Заряджено, МВт·год', dischargeMwh: 'Віддано, МВт·год', chargeMw: 'Заряд, МВт', dischargeMw: 'Розряд, МВт', socMwh: 'Заряд на кінець, МВт·год', chargePrice: 'Заряд, грн/МВт·год', dischargePrice: 'Розряд, грн/МВт·год',
  grossSpread: 'Валовий спред, грн/МВт·год', profit: 'Прибуток, грн', date: 'Дата', base: 'База', peak: 'Пік', offPeak: 'Позапік',
  min: 'Мін', max: 'Макс', total: 'Разом', totalOnForecast: 'Разом за цінами прогнозу p50',
  spreadPlan: 'План спред-торгівлі', bessPlan: 'План роботи УЗЕ',
  noTrades: 'Жодна угода не проходить за налаштуваннями: немає пари годин зі спредом вище мінімального.',
  noCycles: 'Жоден цикл не окупається: немає пари заряд/розряд, що перекриває втрати і знос.',
  humanReview: 'План для перевірки людиною. svc ніколи не подає заявки.',
  legendPlan: 'B = година купівлі, S = година продажу', legendBess: 'C = заряд, D = розряд',
  trades: 'угод', netPnl: 'чистий результат', avgSpread: 'середній чистий спред', netProfit: 'чистий прибуток', equivalentCycles: 'еквівалентних циклів',
  settings: 'Налаштування', mean: 'Середнє', uah: 'грн', mwh: 'МВт·год', uahMwh: 'грн/МВт·год',
  gapDst: 'перехід на літній/зимовий час', gapInvalid: 'некоректні, пропущено', gapAbsent: 'немає у файлі',
};

export function labels(lang: 'uk' | 'en'): Record<LabelKey, string> {
  return lang === 'uk' ? uk : en;
}

const SEPARATORS = { en: { group: ',', decimal: '.' }, uk: { group: '\u00a0', decimal: ',' } } as const;

/**
 * A number with fixed decimals and grouped thousands, as en-US (1,234.50) or uk-UA (1 234,50).
 * Hand-rolled because Intl.NumberFormat costs microseconds per call and `prices stats` formats
 * thousands of numbers; a test pins it to Intl's output.
 */
export function formatMoney(value: number, lang: 'uk' | 'en', digits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(digits);
  const dot = fixed.indexOf('.');
  const end = dot === -1 ? fixed.length : dot;
  const sep = SEPARATORS[lang];
  // Groups of three from the left, after a lead of 1..3 digits (run cold for every money cell).
  const lead = end % 3 || 3;
  let text = value < 0 && Number(fixed) !== 0 ? `-${fixed.slice(0, lead)}` : fixed.slice(0, lead);
  for (let i = lead; i < end; i += 3) text += sep.group + fixed.slice(i, i + 3);
  return dot === -1 ? text : text + sep.decimal + fixed.slice(dot + 1);
}

const pluralRules: Partial<Record<'uk' | 'en', Intl.PluralRules>> = {};
const NOUNS = {
  day: { en: { one: 'day', other: 'days' }, uk: { one: 'день', few: 'дні', many: 'днів', other: 'дня' } },
  trade: { en: { one: 'trade', other: 'trades' }, uk: { one: 'угода', few: 'угоди', many: 'угод', other: 'угоди' } },
  cycle: { en: { one: 'cycle', other: 'cycles' }, uk: { one: 'цикл', few: 'цикли', many: 'циклів', other: 'циклу' } },
  hour: { en: { one: 'hour', other: 'hours' }, uk: { one: 'година', few: 'години', many: 'годин', other: 'години' } },
} as const;
export type Noun = keyof typeof NOUNS;

/** The noun in the plural form the number takes (Intl.PluralRules: 1 день, 2 дні, 5 днів, 21 день; 1 day, 2 days). */
export function nounFor(n: number, noun: Noun, lang: 'uk' | 'en'): string {
  const forms = NOUNS[noun][lang] as Record<string, string>;
  // English needs no Intl (one for exactly 1): building PluralRules costs every command a few ms.
  if (lang === 'en') return (n === 1 ? forms.one : forms.other) as string;
  const rules = (pluralRules[lang] ??= new Intl.PluralRules('uk-UA'));
  return forms[rules.select(n)] ?? (forms.other as string);
}

/** `21 день`, `1 trade`. */
export function countOf(n: number, noun: Noun, lang: 'uk' | 'en'): string {
  return `${n} ${nounFor(n, noun, lang)}`;
}

/** A share 0..1 as a percentage in the table language: `12.5%` / `12,5 %`. */
export function formatPercent(share: number, lang: 'uk' | 'en', digits = 1): string {
  const text = formatMoney(share * 100, lang, digits);
  return lang === 'uk' ? `${text}\u00a0%` : `${text}%`;
}
