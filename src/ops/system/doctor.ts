/**
 * doctor (CLI `svc doctor`; no HTTP route: probing upstream hosts on an anonymous request would
 * make the server a scanner): every data source with its address, whether its token is set (never
 * the value), whether it answers now (one HEAD, PROBE_TIMEOUT_MS), the newest fetch in the cache
 * and its freshness, and what a read would fall back to. `ok` is true when every source the daily
 * brief needs can answer live or from the cache. The statuses are the ones GET /api/health
 * renders (sources.ts), plus the probe.
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
