/** Cells of the operator's tables: numbers with `.` or `,` decimals and space/NBSP/thin-space thousands. */

/** The number in a cell; null for an empty cell; NaN when the cell holds something else. */
export function cellNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u2009\u202f]+/g, ' ').trim();
  if (t === '' || t === '-' || t === '—') return null;
  const compact = t.replace(/ /g, '');
  let normal: string;
  if (/^-?\d+,\d+$/.test(compact)) normal = compact.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact)) normal = compact.replace(/,/g, '');
  else normal = compact;
  if (!/^-?\d+(\.\d+)?$/.test(normal)) return Number.NaN;
  return Number(normal);
}

/** Settlement period (1-based) of a row label: `7`, `07:00` (hour-ending) or `06:00-07:00`. */
export function periodOfLabel(label: string): number | null {
  const t = label.replace(/\s+/g, '');
  let m = /^(\d{1,2})$/.exec(t);
  if (m) return Number(m[1]);
  m = /^(\d{1,2}):\d{2}[-–](\d{1,2}):\d{2}$/.exec(t);
  if (m) return Number(m[1]) + 1;
  m = /^(\d{1,2}):00$/.exec(t);
  if (m) return Number(m[1]);
  return null;
}
