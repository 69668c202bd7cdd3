/**
 * The HTML page around a report: one self-contained file. Inline CSS only (no script, font, image
 * or link), and a Content-Security-Policy in a meta element that forbids every fetch, so a report
 * opened from disk cannot reach the network even by mistake. The style element's SHA-256 is the
 * only source the policy allows; `svc serve` sends the same policy as a header (plus
 * frame-ancestors, which a meta element cannot carry).
 */
import { createHash } from 'node:crypto';
import { esc, type Lang } from './format.js';

const OKABE_ITO = { orange: '#E69F00', sky: '#56B4E9', green: '#009E73', yellow: '#F0E442', blue: '#0072B2', vermillion: '#D55E00', purple: '#CC79A7', black: '#000000', grey: '#7f7f7f' };
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

/** Series colours: `c-*` fills (bars, swatches), `l-*` strokes (lines). */
const SERIES: Record<string, string> = {
  equity: OKABE_ITO.blue, dd: OKABE_ITO.vermillion, pos: OKABE_ITO.green, neg: OKABE_ITO.vermillion, strategy: OKABE_ITO.orange, bess: OKABE_ITO.sky,
  realised: OKABE_ITO.blue, perfect: OKABE_ITO.grey, actual: OKABE_ITO.black, p50: OKABE_ITO.blue, band: OKABE_ITO.sky, maxcap: OKABE_ITO.vermillion,
  mincap: OKABE_ITO.purple, model: OKABE_ITO.blue, naive: OKABE_ITO.orange, charge: OKABE_ITO.sky, discharge: OKABE_ITO.orange, soc: OKABE_ITO.green,
  buy: OKABE_ITO.green, sell: OKABE_ITO.vermillion, price: OKABE_ITO.blue, hist: OKABE_ITO.blue,
};

const CSS = [
  ':root{color-scheme:light}',
  'body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1a1a1a;background:#fff;margin:0 auto;max-width:1040px;padding:24px}',
  'h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}',
  '.sub{color:#555;margin:0 0 4px}.warn{color:#7a4b00;background:#fff6e0;border-left:4px solid #E69F00;padding:6px 10px;margin:10px 0}',
  '.headline{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px;margin:12px 0}',
  '.fig{border:1px solid #ddd;border-radius:6px;padding:8px 10px}.fig dt{font-size:12px;color:#555}.fig dd{margin:2px 0 0;font-size:18px;font-weight:600;font-variant-numeric:tabular-nums}',
  'figure.chart{margin:16px 0;break-inside:avoid}figcaption{font-weight:600;margin-bottom:4px}figure>svg{width:100%;height:auto;display:block}',
  'text{font-size:11px;fill:#333}.unit{font-size:11px;fill:#555}.grid{stroke:#e6e6e6}.axis,.zero{stroke:#999}',
  '.hit{fill:transparent}.hit:hover{fill:rgba(0,0,0,.06)}.bar:hover,.hm g:hover rect{opacity:.75}',
  '.hm rect{width:1px;height:1px;shape-rendering:crispEdges}.hm .na{fill:none}',
  ...Array.from({ length: 24 }, (_, h) => `.hm rect:nth-of-type(${h + 1}){y:${h}px}`),
  '.legend{margin:2px 0;font-size:12px;color:#333}.legend span{margin-right:14px;white-space:nowrap}.swatch{width:12px;height:12px;vertical-align:-1px;margin-right:4px}',
  '.note{font-size:12px;color:#555;margin:2px 0}',
  'table{border-collapse:collapse;font-size:13px;margin:6px 0}th,td{border-bottom:1px solid #e6e6e6;padding:3px 10px 3px 0;text-align:left;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}',
  '.st-pass{color:#00734f}.st-review,.st-warn{color:#8a5a00}.st-block,.st-fail{color:#b03a00;font-weight:600}',
  'ul.brief{margin:4px 0 8px 18px;padding:0}footer{margin-top:28px;font-size:12px;color:#555}',
  ...Object.entries(SERIES).flatMap(([name, colour]) => [`.c-${name}{fill:${colour}}`, `.l-${name}{fill:none;stroke:${colour};stroke-width:1.6}`]),
  '.c-dd{fill-opacity:.45}.c-band{fill-opacity:.35}.c-perfect{fill-opacity:.6}.l-maxcap,.l-mincap{stroke-dasharray:5 3}.l-actual{stroke-width:1.2}',
  ...VIRIDIS.map((colour, k) => `.v${k}{fill:${colour}}`),
  '@page{size:A4 portrait;margin:12mm}',
  '@media print{body{max-width:none;padding:0;font-size:10pt}h2{break-after:avoid}.fig{break-inside:avoid}.hit:hover{fill:transparent}a{color:inherit}}',
].join('\n');

const STYLE_HASH = `sha256-${createHash('sha256').update(CSS).digest('base64')}`;

/** The policy in the page's meta element: nothing may be fetched, only this page's own style applies. */
export const PAGE_CSP = `default-src 'none'; style-src '${STYLE_HASH}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
/** The policy `svc serve` sends with a report: the page's, and no framing. */
export const HTTP_CSP = `${PAGE_CSP}; frame-ancestors 'none'`;

export interface PageParts {
  lang: Lang;
  title: string;
  subtitle: string[];
  warning?: string;
  body: string;
  footer: string;
}

export function renderPage(p: PageParts): string {
  return (
    `<!doctype html>\n<html lang="${p.lang}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="generator" content="svc">` +
    `<title>${esc(p.title)}</title><style>${CSS}</style></head>\n<body>` +
    `<header><h1>${esc(p.title)}</h1>${p.subtitle.map((s) => `<p class="sub">${esc(s)}</p>`).join('')}${p.warning ? `<p class="warn">${esc(p.warning)}</p>` : ''}</header>\n` +
    `<main>${p.body}</main>\n<footer>${esc(p.footer)}</footer></body></html>\n`
  );
}

export interface Figure {
  /** Where the value comes from in the operation's output (e.g. `summary.combinedNetPnlUah`). */
  key: string;
  label: string;
  /** The value as the operation gave it (rounded by the operation, never here). */
  value: number | string | null;
  text: string;
}

/** Headline figures; each carries its source key and exact value for readers and tests. */
export function headline(figures: readonly Figure[]): string {
  return `<dl class="headline">${figures
    .map((f) => `<div class="fig" data-figure="${esc(f.key)}" data-value="${esc(f.value === null ? '' : String(f.value))}"><dt>${esc(f.label)}</dt><dd>${esc(f.text)}</dd></div>`)
    .join('')}</dl>`;
}

export function section(heading: string, content: string, id?: string): string {
  return `<section${id ? ` id="${esc(id)}"` : ''}><h2>${esc(heading)}</h2>${content}</section>`;
}

/** A table; cells given as `{ n: text }` are numbers (right-aligned), `{ cls, text }` carry a class. */
export type Cell = string | { n: string } | { cls: string; text: string };
export function table(head: readonly string[], rows: readonly (readonly Cell[])[], kind?: string): string {
  const cell = (c: Cell) => (typeof c === 'string' ? `<td>${esc(c)}</td>` : 'n' in c ? `<td class="n">${esc(c.n)}</td>` : `<td class="${esc(c.cls)}">${esc(c.text)}</td>`);
  return `<table${kind ? ` data-table="${esc(kind)}"` : ''}><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

export function list(items: readonly string[]): string {
  return items.length ? `<ul class="brief">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '';
}
