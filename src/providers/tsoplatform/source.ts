/**
 * Where a platform document comes from. Without a token: the shipped fixture documents
 * (`source: fixture`). With one: the store cache while fresh (SVC_TSOPLATFORM_MAX_AGE_MINUTES),
 * else the live platform; a parsed answer is cached, a bad one never is. When the platform fails
 * and a cached copy exists, the stale copy is served and said so; otherwise the failure surfaces.
 */
import { readFileSync } from 'node:fs';
import { notAsked } from '../contract.js';
import { recordSeen } from '../last-seen.js';
import { TSO_TOKEN_ENV } from './index.js';
import { fetchDocument, TsoPlatformError } from './client.js';
import { parseMarketDocument, type ParsedDocument } from './parse.js';

export const FIXTURE_DIR = new URL('../../../fixtures/tsoplatform/', import.meta.url);

export interface Freshness {
  source: 'live' | 'cache' | 'fixture';
  status: 'fresh' | 'stale' | 'fixture';
  fetchedAt: string | null;
  note: string;
}

export interface SourcedDocument {
  doc: ParsedDocument;
  freshness: Freshness;
}

/** The platform settings (SvcConfig['tsoplatform']); providers do not import the config module. */
export interface TsoSettings {
  token: string | undefined;
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  maxAgeMinutes: number;
}

/** What the source needs of the store cache (the store's TsoCacheStore satisfies it). */
export interface DocumentCache {
  get(key: string): Promise<{ fetchedAt: string; document: string } | null>;
  put(key: string, fetchedAt: string, document: string): Promise<void>;
}

export interface TsoDeps {
  settings: TsoSettings;
  /** Why the platform is not asked although a token may be set (SVC_MARKET_DATA=fixture): the fixture note. */
  offline?: string;
  /**
   * SVC_MARKET_DATA: `auto` (the default) answers a failed read with nothing cached from the shipped
   * fixtures, said in the note; `live` gives the failure (502).
   */
  mode?: 'auto' | 'live';
  now(): Date;
  cache(): Promise<DocumentCache | undefined>;
}

export interface DocumentRequest {
  /** Cache key: the request's parameters without the token. */
  params: Record<string, string>;
  /** Fixture file names (under fixtures/tsoplatform/) served without a token. */
  fixtures: string[];
}

function fixtureDocument(files: readonly string[]): ParsedDocument {
  const docs: ParsedDocument[] = [];
  for (const f of files) {
    let body: Uint8Array;
    try {
      body = readFileSync(new URL(f, FIXTURE_DIR));
    } catch {
      continue; // no fixture for this request: the answer is "no data"
    }
    docs.push(parseMarketDocument(body));
  }
  const pubs = docs.filter((d): d is Extract<ParsedDocument, { kind: 'publication' }> => d.kind === 'publication');
  if (pubs.length === 0) return { kind: 'acknowledgement', reason: 'no fixture data' };
  return { kind: 'publication', documentType: pubs[0]?.documentType ?? '', series: pubs.flatMap((d) => d.series) };
}

/** A request answered from its shipped documents, with the freshness given (a flow leg whose other leg fell back). */
export function shippedAnswer(req: DocumentRequest, freshness: Freshness): SourcedDocument {
  return { doc: fixtureDocument(req.fixtures), freshness };
}

const RANK: Record<string, number> = { live: 0, cache: 1, stale: 2, fixture: 3 };
const rankOf = (f: Freshness): number => (f.source === 'cache' && f.status === 'stale' ? RANK.stale : RANK[f.source]) ?? 3;

/** The less fresh of two answers' freshness (fixture, then a stale cache, then the cache, then live). */
export function worstFreshness(a: Freshness, b: Freshness): Freshness {
  return rankOf(b) > rankOf(a) ? b : a;
}

const cacheKey = (params: Record<string, string>): string =>
  Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&');

export async function getDocument(deps: TsoDeps, req: DocumentRequest): Promise<SourcedDocument> {
  const { settings } = deps;
  if (!settings.token || deps.offline !== undefined) {
    return {
      doc: fixtureDocument(req.fixtures),
      freshness: { source: 'fixture', status: 'fixture', fetchedAt: null, note: `${deps.offline ?? notAsked('auto', TSO_TOKEN_ENV, false)?.note}: shipped fixture data.` },
    };
  }
  const key = cacheKey(req.params);
  const cache = await deps.cache().catch(() => undefined);
  const cached = cache ? await cache.get(key).catch(() => null) : null;
  const now = deps.now();
  if (cached && now.getTime() - Date.parse(cached.fetchedAt) <= settings.maxAgeMinutes * 60_000) {
    return { doc: JSON.parse(cached.document) as ParsedDocument, freshness: { source: 'cache', status: 'fresh', fetchedAt: cached.fetchedAt, note: 'Served from the store cache.' } };
  }
  try {
    const doc = await fetchDocument({ baseUrl: settings.baseUrl, token: settings.token, timeoutMs: settings.timeoutMs, retries: settings.retries }, req.params);
    const fetchedAt = now.toISOString();
    recordSeen('tsoplatform', { ok: true, at: fetchedAt });
    await cache?.put(key, fetchedAt, JSON.stringify(doc)).catch(() => undefined);
    return { doc, freshness: { source: 'live', status: 'fresh', fetchedAt, note: 'Live from the transmission-data platform.' } };
  } catch (error) {
    if (error instanceof TsoPlatformError) recordSeen('tsoplatform', { ok: false, at: now.toISOString(), reason: `tsoplatform_${error.kind}` });
    // A refused token is the caller's to mend: said, never papered over by older or shipped data.
    if (!(error instanceof TsoPlatformError) || error.kind === 'unauthorized') throw error;
    if (cached) {
      return {
        doc: JSON.parse(cached.document) as ParsedDocument,
        freshness: { source: 'cache', status: 'stale', fetchedAt: cached.fetchedAt, note: `Platform failed (${error.kind}); stale cached copy served.` },
      };
    }
    // Only where the platform's answer is shipped (flows); a document svc ships none of (load, generation, A44) is the failure.
    if ((deps.mode ?? 'auto') === 'live' || req.fixtures.length === 0) throw error;
    return {
      doc: fixtureDocument(req.fixtures),
      freshness: { source: 'fixture', status: 'fixture', fetchedAt: null, note: `Platform failed (${error.kind}) and nothing is cached: shipped fixture data (SVC_MARKET_DATA=auto).` },
    };
  }
}
