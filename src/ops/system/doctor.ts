/**
 * doctor (CLI `svc doctor`; no HTTP route: probing upstream hosts on an anonymous request would
 * make the server a scanner): every data source with its address, whether its token is set (never
 * the value), whether it answers now (one HEAD, PROBE_TIMEOUT_MS), the newest fetch in the cache
 * and its freshness, and what a read would fall back to. `ok` is true when every source the daily
 * brief needs can answer live or from the cache. The statuses are the ones GET /api/health
 * renders (sources.ts), plus the probe. Its `cli` binding is the command: `--no-probe` and
 * `--timeout-ms` from the input, a table of the sources (CSV: every field, `lastSeen` as one
 * cell), exit 1 `sources_unavailable` when `ok` is false.
 */
import { z } from 'zod';
import { PROBE_TIMEOUT_MS, sourceStatuses } from './sources.js';
import { defineOperation } from '../types.js';

const SourceRow = z.strictObject({
  id: z.string(),
  name: z.string(),
  address: z.string().describe('where live reads go (empty: not configured)'),
  defaultAddress: z.boolean().describe('the address is the real public source svc is written for (the setting\'s default)'),
  tokenEnv: z.string().nullable(),
  tokenSet: z.boolean().nullable().describe('whether the token setting is set (null: the source takes none); never the value'),
  live: z.boolean(),
  liveWhy: z.string(),
  reachable: z.boolean().nullable().describe('answered the probe now (any HTTP status); null when not probed'),
  reachableDetail: z.string().nullable(),
  newestPeriod: z.string().nullable(),
  newestFetchedAt: z.string().nullable(),
  ageHours: z.number().nullable(),
  freshness: z.enum(['fresh', 'stale', 'pending', 'blocked']),
  lastSeen: z.strictObject({ ok: z.boolean(), at: z.string(), reason: z.string().optional() }).nullable(),
  fallback: z.string(),
  canAnswer: z.boolean().describe('a read can answer live or from the cache now (fixtures do not count)'),
  neededByBrief: z.boolean(),
});

export const DoctorResponse = z.strictObject({
  checkedAt: z.string(),
  ok: z.boolean().describe('every source the daily brief needs can answer live or from the cache'),
  probeTimeoutMs: z.number().int(),
  sources: z.array(SourceRow),
});
export type DoctorResponse = z.infer<typeof DoctorResponse>;
type Source = DoctorResponse['sources'][number];

/** The table's words in the CLI's two table languages (`--lang`); source ids, freshness codes, probe details and fall-backs as the sources say them. */
const DOCTOR_WORDS = {
  en: {
    yes: 'yes', no: 'no', default: 'default', noneNeeded: 'none needed',
    source: 'Source', address: 'Address', token: 'Token set', reachable: 'Reachable', newest: 'Newest cached', freshness: 'Freshness', fallback: 'Falls back to',
  },
  uk: {
    yes: 'так', no: 'ні', default: 'типова', noneNeeded: 'не потрібен',
    source: 'Джерело', address: 'Адреса', token: 'Токен задано', reachable: 'Доступне', newest: 'Найновіше в кеші', freshness: 'Свіжість', fallback: 'Резерв',
  },
} as const;
const label = (key: keyof (typeof DOCTOR_WORDS)['en']) => ({ en: DOCTOR_WORDS.en[key], uk: DOCTOR_WORDS.uk[key] });

/** A source as the table shows it (`…Cell`, table only, in the table language) and as CSV writes it (every field, `lastSeen` as `ok <at>` or `<reason> <at>`). */
const sourceRow = (s: Source, lang: 'en' | 'uk') => {
  const w = DOCTOR_WORDS[lang];
  const yesNo = (v: boolean | null): string => (v === null ? '—' : v ? w.yes : w.no);
  return {
    ...s,
    lastSeen: s.lastSeen ? `${s.lastSeen.ok ? 'ok' : s.lastSeen.reason ?? 'failed'} ${s.lastSeen.at}` : '',
    addressCell: `${s.address || '—'}${s.defaultAddress ? ` (${w.default})` : ''}`,
    tokenCell: s.tokenEnv ? `${yesNo(s.tokenSet)} (${s.tokenEnv})` : w.noneNeeded,
    reachableCell: s.reachable === null ? '—' : `${yesNo(s.reachable)} (${s.reachableDetail ?? ''})`,
    newestCell: s.newestFetchedAt ? `${s.newestPeriod ?? ''} ${s.newestFetchedAt}`.trim() : '—',
  };
};

const csvOnly = (...keys: string[]) => keys.map((key) => ({ key, label: key, table: false as const }));
/** A table-only cell; `maxWidth`: longer text wraps at spaces (as the risk table's Value and Why), so the table stays near a terminal's width. */
const tableOnly = (key: string, label: { en: string; uk: string }, maxWidth?: number) => ({ key, label, csv: false as const, ...(maxWidth ? { maxWidth } : {}) });

/** Why one source cannot answer: not live (and why), its probe failed, or nothing is known (not probed, nothing fresh cached). */
function whyNot(s: DoctorResponse['sources'][number]): string {
  if (!s.live) return s.liveWhy;
  if (s.reachable === false) return `unreachable: ${s.reachableDetail ?? 'no answer'}, and no fresh cached copy`;
  return 'not probed (--no-probe) and no fresh cached copy';
}

/** Why the brief cannot answer: each blocking source and why. */
const blocking = (o: DoctorResponse): string =>
  o.sources.filter((s) => s.neededByBrief && !s.canAnswer).map((s) => `${s.id} (${whyNot(s)})`).join(', ');

export const doctor = defineOperation({
  id: 'doctor',
  summary: 'Every data source: address, token set, reachable now, newest cached period, fallback',
  description:
    'One probe per source (a HEAD request, no token sent, at most `timeoutMs`), the store cache\'s newest fetch and its ' +
    'freshness, and what a read falls back to. `ok` is true when every source the daily brief needs (the market operator) ' +
    'can answer live or from its cache. The same statuses as GET /api/health, which never probes.',
  tags: ['meta'],
  access: 'key',
  input: z.strictObject({
    probe: z.boolean().default(true).describe('send one cheap request to each source'),
    timeoutMs: z.number().int().min(100).max(30_000).default(PROBE_TIMEOUT_MS).describe('deadline of each probe'),
  }),
  output: DoctorResponse,
  cli: {
    command: ['doctor'],
    description: 'every data source: address, token set, reachable now, newest cached period, fallback; exit 1 when the daily brief\'s sources cannot answer',
    flags: { timeoutMs: { value: 'ms' } },
    flagHelp: { probe: 'do not send the one cheap request per source', timeoutMs: 'deadline of each probe' },
    view: {
      rows: (o, t) => o.sources.map((s) => sourceRow(s, t.lang)),
      columns: [
        { key: 'id', label: label('source') },
        ...csvOnly('name', 'address'), tableOnly('addressCell', label('address'), 32),
        ...csvOnly('defaultAddress', 'tokenEnv', 'tokenSet'), tableOnly('tokenCell', label('token'), 16),
        ...csvOnly('live', 'liveWhy', 'reachable', 'reachableDetail'), tableOnly('reachableCell', label('reachable'), 20),
        ...csvOnly('newestPeriod', 'newestFetchedAt', 'ageHours'), tableOnly('newestCell', label('newest'), 16),
        { key: 'freshness', label: label('freshness') },
        ...csvOnly('lastSeen'),
        { key: 'fallback', label: label('fallback'), maxWidth: 40 },
        ...csvOnly('canAnswer', 'neededByBrief'),
      ],
    },
    fails: {
      when: (o) => !o.ok,
      says: (o) => `the daily brief's sources cannot answer live or from the cache: ${blocking(o)}`,
      exitCode: 1,
      errorCode: 'sources_unavailable',
    },
    examples: ['svc doctor', 'svc doctor --format json   # for monitoring; exit 1 when the brief cannot get live or cached prices'],
  },
  async run(ctx, input) {
    const statuses = await sourceStatuses(ctx, { probe: input.probe, timeoutMs: input.timeoutMs });
    return {
      checkedAt: ctx.now().toISOString(),
      ok: statuses.filter((s) => s.neededByBrief).every((s) => s.canAnswer),
      probeTimeoutMs: input.timeoutMs,
      sources: statuses.map((s) => ({
        id: s.id, name: s.name, address: s.address, defaultAddress: s.defaultAddress, tokenEnv: s.tokenEnv, tokenSet: s.tokenSet,
        live: s.live, liveWhy: s.liveWhy, reachable: s.reachable, reachableDetail: s.reachableDetail,
        newestPeriod: s.newest?.period ?? null, newestFetchedAt: s.newest?.fetchedAt ?? null, ageHours: s.ageHours,
        freshness: s.freshness, lastSeen: s.lastSeen, fallback: s.fallback, canAnswer: s.canAnswer, neededByBrief: s.neededByBrief,
      })),
    };
  },
});
