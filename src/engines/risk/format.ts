/** Plain-English fragments for check details. Rounding here is for the words only, never a value. */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234567.891 -> "1,234,567.89". */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount of money as the risk table's Value column shows it: 40891.3 -> "40,891.30". */
export function formatMoney(value: number): string {
  return MONEY.format(value);
}

/** [3] -> "hour 3"; [3, 4, 7] -> "hours 3, 4, 7". */
export function hourList(hours: readonly number[]): string {
  return hours.length === 1 ? `hour ${String(hours[0])}` : `hours ${hours.join(', ')}`;
}
