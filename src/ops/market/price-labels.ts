/**
 * The labels of a day's price table in the CLI's two table languages, one source for the views that
 * show them (prices.show, prices.profile, the plans' schedule): its title, the hour and the price.
 */
export const PRICE_LABELS = {
  title: { en: 'Prices', uk: 'Ціни' },
  hour: { en: 'Hour', uk: 'Година' },
  price: { en: 'Price, UAH/MWh', uk: 'Ціна, грн/МВт·год' },
} as const;
