/** The settings and data-provenance sections every report ends with. */
import { esc, num, type Lang } from './format.js';
import { list, section, table } from './page.js';
import { words } from './i18n.js';

export interface Provenance {
  /** Where the prices came from: a file name, `mktop`, `mktop (with shipped fixtures)`. */
  source: string;
  /** How fresh each part is, one line each (e.g. `mktop 01.2024: fresh (cache, fetched …)`). */
  freshness: readonly string[];
  /** Days inside the range without prices, each with the reason. */
  gaps: readonly { date: string; reason: string }[];
  /** Anything else the reader should know about the data (days skipped for too little history, …). */
  notes: readonly string[];
}

export type SettingsRecord = Record<string, Record<string, number | string | boolean | null | undefined>>;

export function settingsSection(settings: SettingsRecord, lang: Lang): string {
  const W = words(lang);
  const rows = Object.entries(settings).flatMap(([group, fields]) =>
    Object.entries(fields).map(([k, v]) => [group, k, typeof v === 'number' ? { n: num(v, lang, Number.isInteger(v) ? 0 : 3) } : String(v ?? '—')] as const),
  );
  return section(W.settings, table([W.group, W.field, W.value], rows, 'settings'), 'settings');
}

export function provenanceSection(p: Provenance, lang: Lang, range: string): string {
  const W = words(lang);
  const gaps = p.gaps.length ? table([W.date, W.reason], p.gaps.map((g) => [g.date, W.gapReason[g.reason as keyof typeof W.gapReason] ?? g.reason]), 'gaps') : `<p>${esc(W.noGaps)}</p>`;
  return section(
    W.provenance,
    table([W.field, W.value], [[W.source, p.source], [W.range, range], [W.freshness, p.freshness.length ? p.freshness.join('; ') : W.asRead], [W.gapCount, { n: String(p.gaps.length) }]], 'provenance') +
      `<h3>${esc(W.gapsHeading)}</h3>${gaps}${list(p.notes)}`,
    'provenance',
  );
}
