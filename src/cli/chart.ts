/** Small terminal charts: a column chart of 24 hourly prices with markers, and a line chart. */
import type { ChalkInstance } from 'chalk';
import { formatMoney } from './i18n.js';

const BLOCKS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

export interface ColumnChartOptions {
  height?: number;
  /** One mark per column (e.g. 'B', 'S', 'C', 'D'), shown under the axis. */
  markers?: readonly (string | undefined)[];
  /** Colour of a column by its marker. */
  colorOf?: (marker: string | undefined) => ((s: string) => string) | undefined;
  c: ChalkInstance;
  unit?: string;
  /** The axis numbers' grouping (en 8,813; uk 8 813) and the broken-axis note's language; en when not given. */
  lang?: 'en' | 'uk';
  /**
   * The columns are a clock-change day's settlement periods, numbered from 1 as the price table
   * numbers them (#1…), not clock hours 00…; a series of other than 24 values always is.
   */
  periods?: boolean;
}

export function formatNumber(value: number, digits = 2, lang: 'en' | 'uk' = 'en'): string {
  return formatMoney(value, lang, digits);
}

/**
 * Columns between a floor just under the day's minimum and its maximum, so the intraday shape
 * (what a spread trader looks at) is visible. A floor above zero is a broken axis, and the chart
 * marks it as one (a dashed axis, `≈` on the floor label and a note), so small differences are
 * not read as large ones.
 */
export function columnChart(values: readonly number[], options: ColumnChartOptions): string[] {
  const height = options.height ?? 8;
  const max = Math.max(...values, 0);
  const min = Math.min(...values, max);
  const floor = max > min ? Math.max(0, min - (max - min) / (height * 2)) : 0;
  const span = max - floor;
  const broken = floor > 0;
  const lang = options.lang ?? 'en';
  const labels = [formatNumber(max, 0, lang), `${broken ? '≈' : ''}${formatNumber(floor, 0, lang)}`];
  const labelWidth = Math.max(...labels.map((l) => l.length), 1);
  const lines: string[] = [];
  for (let row = height; row >= 1; row--) {
    const label = row === height ? labels[0] : row === 1 ? labels[1] : '';
    let line = `${(label ?? '').padStart(labelWidth)} │`;
    values.forEach((v, i) => {
      const level = span > 0 ? ((v - floor) / span) * height : 0;
      const fill = Math.max(0, Math.min(1, level - (row - 1)));
      const glyph = BLOCKS[Math.round(fill * 8)] ?? ' ';
      const cell = `${glyph}${glyph} `;
      const paint = options.colorOf?.(options.markers?.[i]);
      line += paint ? paint(cell) : cell;
    });
    lines.push(line.trimEnd());
  }
  lines.push(`${' '.repeat(labelWidth)} ${broken ? '╘' : '└'}${(broken ? '╌╌╌' : '───').repeat(values.length)}`);
  // An hour label would be wrong after the clock change (a 23-period day skips one, an autumn day
  // stored as 24 periods repeats one).
  const periods = options.periods === true || values.length !== 24;
  lines.push(`${' '.repeat(labelWidth)}  ${values.map((_, h) => String(periods ? h + 1 : h).padStart(2, '0') + ' ').join('')}`.trimEnd());
  if (options.markers?.some((m) => m)) {
    lines.push(`${' '.repeat(labelWidth)}  ${values.map((_, i) => `${(options.markers?.[i] ?? '·').padEnd(2)} `).join('')}`.trimEnd());
  }
  if (periods) lines.push(`${' '.repeat(labelWidth)}  ${lang === 'uk' ? `(періоди #1–#${values.length}, не години доби)` : `(periods #1–#${values.length}, not clock hours)`}`);
  if (broken) lines.push(`${' '.repeat(labelWidth)}  ${lang === 'uk' ? `(розірвана вісь: стовпці від ${formatNumber(floor, 0, lang)}, не від 0)` : `(broken axis: bars start at ${formatNumber(floor, 0)}, not at 0)`}`);
  return lines;
}

/**
 * A line chart of a series (e.g. cumulative PnL), resampled to `width` columns (fewer when the series
 * is shorter). `xLabels` (first and last point, e.g. dates) go on a line under the plot: the first
 * under its first column, the last ending under its last column, or after the first when the plot
 * is too narrow for both.
 */
export function lineChart(series: readonly number[], options: { width?: number; height?: number; xLabels?: readonly [string, string]; c: ChalkInstance; lang?: 'en' | 'uk' }): string[] {
  if (series.length === 0) return ['(no data)'];
  const width = Math.min(options.width ?? 60, series.length);
  const height = options.height ?? 10;
  const sampled: number[] = [];
  for (let i = 0; i < width; i++) {
    const idx = Math.min(series.length - 1, Math.round(((i + 1) * series.length) / width) - 1);
    sampled.push(series[Math.max(0, idx)] ?? 0);
  }
  const min = Math.min(0, ...sampled);
  const max = Math.max(0, ...sampled);
  const span = max - min || 1;
  const rowOf = (v: number) => Math.round(((v - min) / span) * (height - 1));
  const grid: string[][] = Array.from({ length: height }, () => new Array<string>(width).fill(' '));
  const zeroRow = rowOf(0);
  for (let x = 0; x < width; x++) {
    const zr = grid[height - 1 - zeroRow];
    if (zr) zr[x] = '┈';
  }
  sampled.forEach((v, x) => {
    const r = grid[height - 1 - rowOf(v)];
    if (r) r[x] = '●';
  });
  const labels = [formatNumber(max, 0, options.lang), formatNumber(min, 0, options.lang)];
  const lw = Math.max(...labels.map((l) => l.length));
  const lines = grid.map((row, i) => {
    const label = i === 0 ? labels[0] : i === height - 1 ? labels[1] : '';
    return `${(label ?? '').padStart(lw)} │${row.join('')}`;
  });
  if (options.xLabels) lines.push(' '.repeat(lw + 2) + xAxisLabels(options.xLabels, width));
  return lines;
}

/** `first` at column 0 and `last` ending at column `width - 1`; `first – last` when they do not fit apart. */
export function xAxisLabels([first, last]: readonly [string, string], width: number): string {
  if (first === last) return first;
  const gap = width - first.length - last.length;
  return gap >= 1 ? `${first}${' '.repeat(gap)}${last}` : `${first} – ${last}`;
}

/** A horizontal bar of `value` scaled to `max` over `width` cells. */
export function bar(value: number, max: number, width = 30): string {
  if (max <= 0) return '';
  const cells = (value / max) * width;
  const full = Math.floor(cells);
  const rest = cells - full;
  const partial = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'][Math.floor(rest * 8)] ?? '';
  return '█'.repeat(full) + partial;
}

/**
 * One row per hour: the p10–p90 band as ├───┤, the p50 as ●, the max cap as a red ┃ (when known),
 * on one scale from the lowest p10 to the highest of p90 and cap; the min cap (`floor`) as a blue ┃
 * where it is on that scale (the band reaches down to it), so a far floor does not squash the chart.
 */
export function bandChart(rows: readonly { hour: number; p10: number; p50: number; p90: number; cap?: number | null; floor?: number | null }[], options: { width?: number; c: ChalkInstance; lang?: 'en' | 'uk' }): string[] {
  const width = options.width ?? 56;
  const num = (v: number) => formatNumber(v, 0, options.lang);
  const lo = Math.min(...rows.map((r) => r.p10));
  const hi = Math.max(...rows.map((r) => Math.max(r.p90, r.cap ?? r.p90)));
  const span = hi > lo ? hi - lo : 1;
  const at = (v: number) => Math.min(width - 1, Math.max(0, Math.round(((v - lo) / span) * (width - 1))));
  const lines = rows.map((r) => {
    const cells = new Array<string>(width).fill(' ');
    const a = at(r.p10);
    const b = at(r.p90);
    for (let i = a; i <= b; i++) cells[i] = '─';
    cells[a] = '├';
    cells[b] = '┤';
    if (r.cap !== undefined && r.cap !== null) cells[at(r.cap)] = options.c.red('┃');
    if (r.floor !== undefined && r.floor !== null && r.floor >= lo && r.floor <= hi) cells[at(r.floor)] = options.c.blue('┃');
    cells[at(r.p50)] = options.c.bold('●');
    return `${String(r.hour).padStart(2, '0')} │${cells.join('')}│ ${num(r.p50)}`;
  });
  lines.push(`   ${num(lo)}${' '.repeat(Math.max(1, width - num(lo).length - num(hi).length + 2))}${num(hi)}`);
  return lines;
}
