/**
 * The exchange's bilateral-contract (BCM) BASE indexes for the IPS zone. Licence-gated: read only
 * when a redistribution agreement is configured together with a licensed source, an http(s) URL
 * or a file, in the layout of docs/data.md: a JSON array of
 * `{ periodType, deliveryKey, valueUahMwh, period?, periodUk?, periodEn? }`, or `;`-separated
 * CSV with the header `periodType;deliveryKey;valueUahMwh[;periodUk;periodEn]`.
 */
import { readFile } from 'node:fs/promises';
import { unparseable, UpstreamError } from '../mktop/errors.js';
import type { UpstreamClient } from '../mktop/http.js';
import type { ProviderContract } from '../contract.js';
import { recordSeen } from '../last-seen.js';

export const exchContract: ProviderContract = {
  id: 'exch',
  healthId: 'exch',
  name: 'Energy exchange (bilateral-contract indexes, licence-gated)',
  cadence: 'monthly',
  neededByBrief: false,
  addressEnv: 'SVC_EXCH_SOURCE',
  tokenEnv: null,
  requiresToken: false,
  cache: null,
  fixture: null,
  probeUrl: (address) => new URL(address),
};

export interface ExchIndex {
  period: string;
  periodType: 'monthly' | 'quarterly' | 'halfYear' | 'decadal';
  deliveryKey: string;
  valueUahMwh: number;
}

const TYPES = new Set(['monthly', 'quarterly', 'halfYear', 'decadal']);
const KEY = /^\d{4}-\d{2}(-D[1-9]\d*)?$/;
const MONTHS = {
  uk: ['січень', 'лютий', 'березень', 'квітень', 'травень', 'червень', 'липень', 'серпень', 'вересень', 'жовтень', 'листопад', 'грудень'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** A display label for a delivery key when the source gives none. */
export function labelOf(deliveryKey: string, periodType: string, lang: 'uk' | 'en'): string {
  const m = /^(\d{4})-(\d{2})(?:-D(\d+))?$/.exec(deliveryKey);
  if (!m) return deliveryKey;
  const month = MONTHS[lang][Number(m[2]) - 1] ?? m[2];
  const base = `${month} ${m[1]}`;
  if (periodType === 'decadal' && m[3]) return lang === 'uk' ? `${m[3]}-а декада, ${base}` : `decade ${m[3]}, ${base}`;
  if (periodType === 'quarterly') return lang === 'uk' ? `квартал від ${base}` : `quarter from ${base}`;
  if (periodType === 'halfYear') return lang === 'uk' ? `півріччя від ${base}` : `half-year from ${base}`;
  return base;
}

type Raw = Record<string, unknown>;

function rowsOf(text: string, what: string): Raw[] {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(t);
    } catch {
      throw unparseable(what, 'the JSON is not valid (truncated?)');
    }
    if (!Array.isArray(parsed)) throw unparseable(what, 'expected a JSON array');
    return parsed.map((r, i) => {
      if (typeof r !== 'object' || r === null) throw unparseable(what, `entry ${i} is not an object`);
      return r as Raw;
    });
  }
  if (t.startsWith('<')) throw unparseable(what, 'an HTML page came instead of the documented layout');
  const lines = t.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(';').map((h) => h.trim());
  if (header[0] !== 'periodType' || header[1] !== 'deliveryKey' || header[2] !== 'valueUahMwh') {
    throw unparseable(what, 'expected a JSON array or CSV with the header periodType;deliveryKey;valueUahMwh[;periodUk;periodEn]');
  }
  return lines.slice(1).map((line) => {
    const cells = line.split(';');
    const r: Raw = {};
    header.forEach((h, i) => (r[h] = cells[i]?.trim()));
    r.valueUahMwh = Number(String(r.valueUahMwh ?? '').replace(',', '.'));
    return r;
  });
}

export function parseExchIndexes(text: string, lang: 'uk' | 'en', what = 'exchange indexes'): ExchIndex[] {
  return rowsOf(text, what).map((r, i) => {
    const periodType = String(r.periodType ?? '');
    const deliveryKey = String(r.deliveryKey ?? '');
    const value = typeof r.valueUahMwh === 'number' ? r.valueUahMwh : Number.NaN;
    if (!TYPES.has(periodType)) throw unparseable(what, `entry ${i}: periodType ${JSON.stringify(periodType)}`);
    if (!KEY.test(deliveryKey)) throw unparseable(what, `entry ${i}: deliveryKey ${JSON.stringify(deliveryKey)} (expected YYYY-MM or YYYY-MM-D<n>)`);
    if (!Number.isFinite(value)) throw unparseable(what, `entry ${i}: valueUahMwh is not a number`);
    const own = lang === 'uk' ? r.periodUk : r.periodEn;
    const label = typeof own === 'string' && own !== '' ? own : typeof r.period === 'string' && r.period !== '' ? r.period : labelOf(deliveryKey, periodType, lang);
    return { period: label, periodType: periodType as ExchIndex['periodType'], deliveryKey, valueUahMwh: value };
  });
}

/** Reads the licensed source (URL through the upstream client, or a file). */
export async function readExchSource(source: string, lang: 'uk' | 'en', client: () => UpstreamClient): Promise<ExchIndex[]> {
  try {
    const read = await readSource(source, lang, client);
    recordSeen('exch', { ok: true, at: new Date().toISOString() });
    return read;
  } catch (error) {
    if (error instanceof UpstreamError) recordSeen('exch', { ok: false, at: new Date().toISOString(), reason: error.reason });
    throw error;
  }
}

async function readSource(source: string, lang: 'uk' | 'en', client: () => UpstreamClient): Promise<ExchIndex[]> {
  if (/^https?:\/\//i.test(source)) {
    const url = new URL(source);
    url.searchParams.set('lang', lang);
    const res = await client().send({ method: 'GET', url });
    return parseExchIndexes(res.text, lang, `exchange indexes (${url.hostname})`);
  }
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch {
    throw new UpstreamError('upstream_unreachable', 'exchange indexes: the licensed source file cannot be read (SVC_EXCH_SOURCE)');
  }
  return parseExchIndexes(text, lang, 'exchange indexes (licensed file)');
}
