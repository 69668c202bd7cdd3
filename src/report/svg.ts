/**
 * The chart kit of the reports: a frame, linear scales with round ticks, axes with units, and the
 * figure wrapper. Every chart is inline SVG in a 760-unit-wide view box that scales to the page;
 * colours come from classes in page.ts (Okabe–Ito and viridis, safe for colour-blind readers).
 * Only positions are computed here: every value drawn arrives from an operation.
 */
import { esc, px } from './format.js';

export const WIDTH = 760;

export interface Frame {
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function frame(height: number, left = 76, bottom = 40): Frame {
  return { height, left, right: WIDTH - 16, top: 14, bottom: height - bottom };
}

export interface Scale {
  (v: number): number;
  ticks: number[];
}

/** Round tick values (1, 2, 2.5, 5 × 10^k) covering [min, max]; a flat range is widened. */
export function ticksOf(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= max + step * 0.999; v += step) ticks.push(Math.round(v / step) * step);
  if (ticks.length < 2) ticks.push(first + step);
  return ticks;
}

/** A linear scale from the ticks' range onto [r0, r1]. */
export function linear(min: number, max: number, r0: number, r1: number, count = 5): Scale {
  const ticks = ticksOf(min, max, count);
  const d0 = ticks[0] as number;
  const d1 = ticks[ticks.length - 1] as number;
  const s = ((v: number) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0)) as Scale;
  s.ticks = ticks;
  return s;
}

/** A band scale: n equal slots across [r0, r1]; returns the slot's left edge and the slot width. */
export function bands(n: number, r0: number, r1: number): { x: (i: number) => number; width: number } {
  const width = (r1 - r0) / Math.max(1, n);
  return { x: (i) => r0 + i * width, width };
}

/** The decimals the ticks need (0.5 steps: 1; 0.25: 2), so that no two labels read the same. */
export function tickDigits(ticks: readonly number[]): number {
  const step = Math.abs((ticks[1] ?? 1) - (ticks[0] ?? 0));
  let d = 0;
  while (d < 6 && Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) > 1e-9) d++;
  return d;
}

/** Horizontal grid lines with their labels, and the axis' unit written along it. */
export function yAxis(y: Scale, f: Frame, label: (v: number) => string, unit: string): string {
  const lines = y.ticks
    .map((t) => `<line class="grid" x1="${f.left}" x2="${f.right}" y1="${px(y(t))}" y2="${px(y(t))}"/><text class="tick" x="${f.left - 6}" y="${px(y(t) + 4)}" text-anchor="end">${esc(label(t))}</text>`)
    .join('');
  const mid = (f.top + f.bottom) / 2;
  return `${lines}<text class="unit" transform="translate(14 ${px(mid)}) rotate(-90)" text-anchor="middle">${esc(unit)}</text>`;
}

/** Labels under the plot at the given x positions, and the axis' unit at its right end. */
export function xAxis(f: Frame, labels: readonly { x: number; text: string }[], unit: string): string {
  const marks = labels.map((l) => `<line class="axis" x1="${px(l.x)}" x2="${px(l.x)}" y1="${f.bottom}" y2="${f.bottom + 4}"/><text class="tick" x="${px(l.x)}" y="${f.bottom + 16}" text-anchor="middle">${esc(l.text)}</text>`).join('');
  return `<line class="axis" x1="${f.left}" x2="${f.right}" y1="${f.bottom}" y2="${f.bottom}"/>${marks}<text class="unit" x="${f.right}" y="${f.bottom + 32}" text-anchor="end">${esc(unit)}</text>`;
}

/** At most `max` of the indices 0..n-1, evenly spaced, always the first. */
export function thin(n: number, max: number): number[] {
  if (n <= 0) return [];
  const step = Math.max(1, Math.ceil(n / max));
  const out: number[] = [];
  for (let i = 0; i < n; i += step) out.push(i);
  return out;
}

/** A legend of coloured swatches (class names from page.ts) in one row above the plot. */
export function legend(items: readonly { cls: string; text: string }[]): string {
  return `<p class="legend">${items.map((i) => `<span><svg class="swatch" viewBox="0 0 12 12" aria-hidden="true"><rect class="${i.cls}" width="12" height="12"/></svg>${esc(i.text)}</span>`).join('')}</p>`;
}

/** A figure: caption, the SVG and an optional legend and note. `kind` names the chart for tests and print. */
export function figure(kind: string, caption: string, f: Frame, body: string, extra: { legend?: string; note?: string } = {}): string {
  return (
    `<figure class="chart" data-chart="${esc(kind)}"><figcaption>${esc(caption)}</figcaption>${extra.legend ?? ''}` +
    `<svg viewBox="0 0 ${WIDTH} ${f.height}" role="img" aria-label="${esc(caption)}">${body}</svg>` +
    `${extra.note ? `<p class="note">${esc(extra.note)}</p>` : ''}</figure>`
  );
}

/** A tooltip: the SVG title element, which browsers show on hover, with exact values. */
export function title(text: string): string {
  return `<title>${esc(text)}</title>`;
}
