/**
 * The reports' charts. Each takes the series an operation computed and the words to label them
 * with, and draws one mark per data point (a test counts the marks against the data): a line's
 * vertex, a bar, a heat-map cell. Hover titles carry the exact values.
 */
import { esc, hourLabel, num, px, type Lang } from './format.js';
import { WIDTH, bands, figure, frame, legend, linear, thin, tickDigits, title, xAxis, yAxis } from './svg.js';

export interface ChartWords {
  caption: string;
  unitY: string;
  unitX: string;
  note?: string;
}

const finite = (xs: readonly (number | null)[]): number[] => xs.filter((x): x is number => x !== null && Number.isFinite(x));
const extent = (xs: readonly (number | null)[], withZero = false): [number, number] => {
  const v = finite(xs);
  if (withZero) v.push(0);
  return v.length ? [Math.min(...v), Math.max(...v)] : [0, 1];
};

/** Date labels at the first of each month (thinned), for a daily axis. */
function dateTicks(dates: readonly string[], x: (i: number) => number): { x: number; text: string }[] {
  const firsts = dates.map((d, i) => ({ d, i })).filter(({ d, i }) => i === 0 || d.startsWith('01.'));
  const keep = thin(firsts.length, 8).map((k) => firsts[k] as { d: string; i: number });
  return keep.map(({ d, i }) => ({ x: x(i), text: keep.length > 1 && dates.length > 62 ? d.slice(3) : d }));
}

export interface EquityPoint {
  date: string;
  equityUah: number;
  drawdownUah: number;
}

/** Cumulative PnL as a line over the days, and under it the drawdown from the running peak as an area. */
export function equityChart(points: readonly EquityPoint[], lang: Lang, w: ChartWords & { drawdown: string; equity: string }): string {
  const f = frame(320);
  const split = 210;
  const n = points.length;
  const x = (i: number) => f.left + (n <= 1 ? 0 : (i / (n - 1)) * (f.right - f.left));
  const [lo, hi] = extent(points.map((p) => p.equityUah), true);
  const y = linear(lo, hi, split - 10, f.top);
  const [dd] = extent(points.map((p) => p.drawdownUah), true);
  // A run without a drawdown still gets a panel below zero, not one centred on it.
  const yd = linear(Math.min(dd, -1), 0, f.bottom, split + 12, 2);
  const line = points.map((p, i) => `${px(x(i))},${px(y(p.equityUah))}`).join(' ');
  const area = `${px(x(0))},${px(yd(0))} ${points.map((p, i) => `${px(x(i))},${px(yd(p.drawdownUah))}`).join(' ')} ${px(x(n - 1))},${px(yd(0))}`;
  const step = n > 1 ? (f.right - f.left) / (n - 1) : f.right - f.left;
  const hits = points
    .map((p, i) => `<rect class="hit" x="${px(x(i) - step / 2)}" y="${f.top}" width="${px(step)}" height="${f.bottom - f.top}">${title(`${p.date}: ${w.equity} ${num(p.equityUah, lang, 2)}; ${w.drawdown} ${num(p.drawdownUah, lang, 2)}`)}</rect>`)
    .join('');
  const fmt = (v: number) => num(v, lang);
  const body =
    yAxis(y, { ...f, bottom: split - 10 }, fmt, w.unitY) +
    yd.ticks.map((t) => `<line class="grid" x1="${f.left}" x2="${f.right}" y1="${px(yd(t))}" y2="${px(yd(t))}"/><text class="tick" x="${f.left - 6}" y="${px(yd(t) + 4)}" text-anchor="end">${esc(fmt(t))}</text>`).join('') +
    xAxis(f, dateTicks(points.map((p) => p.date), x), w.unitX) +
    (n ? `<polygon class="c-dd series" data-series="drawdown" data-points="${n}" points="${area}"/><polyline class="l-equity series" data-series="equity" data-points="${n}" points="${line}"/>` : '') +
    `<g class="hits">${hits}</g>`;
  return figure('equity', w.caption, f, body, { legend: legend([{ cls: 'c-equity', text: w.equity }, { cls: 'c-dd', text: w.drawdown }]), ...(w.note ? { note: w.note } : {}) });
}

export interface Bar {
  label: string;
  values: readonly (number | null)[];
  tip: string;
}

/** Bars per category, one per series side by side; a negative value hangs below zero. */
export function barChart(kind: string, bars: readonly Bar[], series: readonly { cls: string; name: string; negCls?: string }[], lang: Lang, w: ChartWords, height = 260): string {
  const f = frame(height);
  const [lo, hi] = extent(bars.flatMap((b) => b.values), true);
  const y = linear(lo, hi, f.bottom, f.top);
  const band = bands(bars.length, f.left, f.right);
  const inner = Math.min(36, (band.width * 0.8) / Math.max(1, series.length));
  const pad = (band.width - inner * series.length) / 2;
  const rects = bars
    .map((b, i) =>
      b.values
        .map((v, s) => {
          if (v === null || !Number.isFinite(v)) return '';
          const cls = v < 0 && series[s]?.negCls ? (series[s]?.negCls as string) : (series[s]?.cls as string);
          const top = Math.min(y(v), y(0));
          return `<rect class="bar ${cls}" x="${px(band.x(i) + pad + s * inner)}" y="${px(top)}" width="${px(Math.max(inner, 0.5))}" height="${px(Math.max(Math.abs(y(v) - y(0)), 0.5))}">${title(b.tip)}</rect>`;
        })
        .join(''),
    )
    .join('');
  const labels = thin(bars.length, 14).map((i) => ({ x: band.x(i) + band.width / 2, text: (bars[i] as Bar).label }));
  const body = yAxis(y, f, (v) => num(v, lang, tickDigits(y.ticks)), w.unitY) + xAxis(f, labels, w.unitX) + `<line class="zero" x1="${f.left}" x2="${f.right}" y1="${px(y(0))}" y2="${px(y(0))}"/>` + rects;
  const leg = series.length > 1 || series[0]?.negCls ? legend(series.map((s) => ({ cls: s.cls, text: s.name }))) : undefined;
  return figure(kind, w.caption, f, body, { ...(leg ? { legend: leg } : {}), ...(w.note ? { note: w.note } : {}) });
}

const VIRIDIS_STEPS = 9;

/**
 * Prices by day (columns) and hour (rows). Colour classes v0..v8 split [min, max] evenly (the legend
 * gives each bin's range); one tooltip per day lists its 24 exact prices, which keeps a 3-year map
 * (26,000 cells) under 1 MB: a cell is `<rect class="v4"/>`, its row set by the page's CSS. Cells
 * without a price are left blank.
 */
export function heatMap(dates: readonly string[], prices: readonly (readonly (number | null)[])[], lang: Lang, w: ChartWords & { unitValue: string }): string {
  const f = frame(300, 76, 46);
  const [lo, hi] = extent(prices.flat());
  const bin = (v: number) => (hi === lo ? 0 : Math.min(VIRIDIS_STEPS - 1, Math.floor(((v - lo) / (hi - lo)) * VIRIDIS_STEPS)));
  const n = dates.length;
  const cols = dates
    .map((d, i) => {
      const day = prices[i] ?? [];
      // Hour h is the (h+1)-th rect of its day (placed by the page's CSS): a day has 24 rects or none; `na` marks an hour without a price.
      const cells = day.some((v) => v !== null) ? day.map((v) => `<rect class="${v === null || !Number.isFinite(v) ? 'na' : `v${bin(v)}`}"/>`).join('') : '';
      const tip = `${d}: ${day.map((v, h) => `${hourLabel(h)} ${num(v, lang, 2)}`).join('; ')}`;
      return `<g transform="translate(${i})">${title(tip)}${cells}</g>`;
    })
    .join('');
  const x = (i: number) => f.left + ((i + 0.5) / Math.max(1, n)) * (f.right - f.left);
  const yHour = (h: number) => f.top + ((h + 0.5) / 24) * (f.bottom - f.top);
  const hourTicks = [0, 6, 12, 18, 23].map((h) => `<text class="tick" x="${f.left - 6}" y="${px(yHour(h) + 4)}" text-anchor="end">${hourLabel(h)}</text>`).join('');
  const body =
    `<svg class="hm" x="${f.left}" y="${f.top}" width="${f.right - f.left}" height="${f.bottom - f.top}" viewBox="0 0 ${Math.max(1, n)} 24" preserveAspectRatio="none">${cols}</svg>` +
    hourTicks +
    `<text class="unit" transform="translate(14 ${px((f.top + f.bottom) / 2)}) rotate(-90)" text-anchor="middle">${esc(w.unitY)}</text>` +
    xAxis(f, dateTicks(dates, x), w.unitX);
  const edges = Array.from({ length: VIRIDIS_STEPS }, (_, k) => [lo + ((hi - lo) * k) / VIRIDIS_STEPS, lo + ((hi - lo) * (k + 1)) / VIRIDIS_STEPS] as const);
  const leg = legend(edges.map(([a, b], k) => ({ cls: `v${k}`, text: `${num(a, lang)}–${num(b, lang)}` })));
  return figure('heatmap', `${w.caption}, ${w.unitValue}`, f, body, { legend: leg, ...(w.note ? { note: w.note } : {}) });
}

export interface LinePoint {
  label: string;
  values: readonly (number | null)[];
  tip: string;
}

/**
 * Lines over a categorical x axis (hours of a range, hours of a day): series `band` pairs fill the
 * area between two series; a series drawn `step` holds its value across the hour. One vertex per
 * finite value, one hover strip per point.
 */
export function lineChart(
  kind: string,
  points: readonly LinePoint[],
  series: readonly { cls: string; name: string; kind?: 'line' | 'step' | 'dots' }[],
  lang: Lang,
  w: ChartWords & { band?: { lo: number; hi: number; cls: string; name: string }; xTicks?: readonly number[]; extra?: string },
  height = 280,
): string {
  const f = frame(height);
  const n = points.length;
  const slot = (f.right - f.left) / Math.max(1, n);
  const x = (i: number) => f.left + (i + 0.5) * slot;
  const [lo, hi] = extent(points.flatMap((p) => p.values));
  const y = linear(lo, hi, f.bottom, f.top);
  let body = yAxis(y, f, (v) => num(v, lang, tickDigits(y.ticks)), w.unitY);
  const ticks = w.xTicks ?? thin(n, 12);
  body += xAxis(f, ticks.map((i) => ({ x: x(i), text: (points[i] as LinePoint).label })), w.unitX);
  if (w.band) {
    const { lo: a, hi: b } = w.band;
    const upper = points.map((p, i) => [i, p.values[b]] as const).filter(([, v]) => v !== null && v !== undefined) as [number, number][];
    const lower = points.map((p, i) => [i, p.values[a]] as const).filter(([, v]) => v !== null && v !== undefined) as [number, number][];
    if (upper.length) body += `<polygon class="${w.band.cls}" points="${[...upper, ...lower.reverse()].map(([i, v]) => `${px(x(i))},${px(y(v))}`).join(' ')}"/>`;
  }
  const drawn = new Set<number>();
  series.forEach((s, k) => {
    if (w.band && (k === w.band.lo || k === w.band.hi)) return;
    const pts = points.map((p, i) => [i, p.values[k]] as const).filter(([, v]) => v !== null && v !== undefined && Number.isFinite(v)) as [number, number][];
    if (!pts.length) return;
    drawn.add(k);
    if (s.kind === 'dots') {
      body += `<g class="series ${s.cls}" data-series="${esc(s.name)}" data-points="${pts.length}">${pts.map(([i, v]) => `<circle cx="${px(x(i))}" cy="${px(y(v))}" r="4"/>`).join('')}</g>`;
      return;
    }
    const coords = s.kind === 'step' ? pts.flatMap(([i, v]) => [`${px(x(i) - slot / 2)},${px(y(v))}`, `${px(x(i) + slot / 2)},${px(y(v))}`]) : pts.map(([i, v]) => `${px(x(i))},${px(y(v))}`);
    body += `<polyline class="series ${s.cls}" data-series="${esc(s.name)}" data-points="${pts.length}" points="${coords.join(' ')}"/>`;
  });
  body += w.extra ?? '';
  body += `<g class="hits">${points.map((p, i) => `<rect class="hit" x="${px(x(i) - slot / 2)}" y="${f.top}" width="${px(slot)}" height="${f.bottom - f.top}">${title(p.tip)}</rect>`).join('')}</g>`;
  const items = [...(w.band ? [{ cls: w.band.cls, text: w.band.name }] : []), ...series.filter((_, k) => drawn.has(k)).map((s) => ({ cls: s.cls.replace('l-', 'c-'), text: s.name }))];
  return figure(kind, w.caption, f, body, { legend: legend(items), ...(w.note ? { note: w.note } : {}) });
}

/** Width of the page's charts in view-box units (for callers that place their own marks). */
export const CHART_WIDTH = WIDTH;
