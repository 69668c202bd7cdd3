/** Plain-English fragments for check details. Rounding here is for the words only, never a value. */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234567.891 -> "1,234,567.89". */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** [3] -> "hour 3"; [3, 4, 7] -> "hours 3, 4, 7". */
export function hourList(hours: readonly number[]): string {
  return hours.length === 1 ? `hour ${String(hours[0])}` : `hours ${hours.join(', ')}`;
}
