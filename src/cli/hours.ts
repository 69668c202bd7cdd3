/** Hour index as a delivery interval, e.g. 18 -> "18–19". */
export function hh(hour: number): string {
  return `${String(hour).padStart(2, '0')}–${String(hour + 1).padStart(2, '0')}`;
}
