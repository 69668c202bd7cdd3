/** Reads a report page's headline figures and looks their keys up in an operation's JSON output. */
import { parse } from 'node-html-parser';

/** `{ key: exact value }` of every headline figure (`data-value` empty for a figure that is null). */
export function pageFigures(html: string): Record<string, string> {
  return Object.fromEntries(parse(html).querySelectorAll('[data-figure]').map((f) => [f.getAttribute('data-figure') as string, f.getAttribute('data-value') as string]));
}

/** The value at a figure's key: dotted paths, `.length`, and `monthly[all]` (the element whose month is `all`). */
export function valueAt(output: unknown, key: string): unknown {
  let node: unknown = output;
  for (const part of key.split('.')) {
    if (node === null || node === undefined) return undefined;
    const m = /^(\w+)\[(\w+)\]$/.exec(part);
    if (m) node = ((node as Record<string, unknown>)[m[1] as string] as { month: string }[]).find((x) => x.month === m[2]);
    else if (part === 'length' && Array.isArray(node)) node = node.length;
    else node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The page's figure as the JSON output holds it: numbers and strings as written, null as ''. */
export const asAttribute = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
