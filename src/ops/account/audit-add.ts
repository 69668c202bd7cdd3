/**
 * `svc audit add`: record an audit event from the terminal, in the local journal, or posted to a
 * platform when an API base is given (`apiBase`, else SVC_API_BASE), its write outcome reported
 * as it is (confirmed, or a local receipt and why not; svc neither queues nor retries it).
 */
import { z } from 'zod';
import { AuditEventRequest, AuditWriteOutcome, transportFailureOf, type AuditEvent } from '../../domain/audit.js';
import { SvcError } from '../../domain/errors.js';
import { AUDIT_PARENT, AuditCreateResponse, EVENT_CSV_COLUMNS, eventRows, metaText, recordEvent } from './audit.js';
import { defineOperation, type Block } from '../types.js';

export const AuditAddRequest = z.strictObject({
  ...AuditEventRequest.shape,
  apiBase: z.string().optional().describe('post to this platform instead of the local journal (default SVC_API_BASE)'),
});

export const AuditAddResponse = z.strictObject({
  outcome: z.union([AuditCreateResponse, AuditWriteOutcome]).describe('the local write, or the platform write\'s outcome'),
  journal: z.string().nullable().describe('where the local journal is; null when posted to a platform'),
});
type Out = z.infer<typeof AuditAddResponse>;

const eventFacts = (e: AuditEvent): [string, string][] => [
  ['id', e.id],
  ['createdAt', e.createdAt],
  ['type', e.type],
  ['actor', e.actor],
  ['tradeDate', e.tradeDate],
  ['source', e.source],
  ['metadata', metaText(e.metadata) || '—'],
];

/** The reason as a person reads it: a transport failure says so (the spec's reason `timeout` beside it), not a timeout. */
function unconfirmedWords(r: { persisted: false; reason: string; detail?: string | undefined }): string {
  const code = transportFailureOf(r);
  return code === undefined ? r.reason : `transport failure ${code}, reason ${r.reason}`;
}

/** The titles in the CLI's two table languages (`--lang`); the facts are named by the event's fields, as in the JSON. */
const WORDS = {
  en: { platform: 'Recorded on the platform (confirmed, 201)', local: (journal: string) => `Recorded in the local journal (${journal})`, unconfirmed: 'Not confirmed by the platform' },
  uk: { platform: 'Записано на платформі (підтверджено, 201)', local: (journal: string) => `Записано в локальний журнал (${journal})`, unconfirmed: 'Платформа не підтвердила' },
} as const;

function blocks(o: Out, t: { bold(s: string): string; lang: 'en' | 'uk' }): Block[] {
  const r = o.outcome;
  const w = WORDS[t.lang];
  if (r.persisted) return [t.bold(o.journal === null ? w.platform : w.local(o.journal)), { facts: eventFacts(r.event) }];
  const http: [string, string][] = r.httpStatus !== undefined ? [['httpStatus', String(r.httpStatus)]] : [];
  return [t.bold(`${w.unconfirmed}: ${unconfirmedWords(r)}`), { facts: [['durability', r.durability], ['localId', r.localId], ['recordedAt', r.recordedAt], ...http, ['detail', r.detail ?? '']] }];
}

export const auditAdd = defineOperation({
  id: 'audit.add',
  summary: 'Record an audit event locally or on a platform (command line: svc audit add)',
  description: 'As audit.create, into the local journal; with `apiBase` (or SVC_API_BASE) posted to that platform instead, the write outcome reported as it is.',
  tags: ['audit'],
  access: 'key',
  writes: true,
  permission: 'audit.write',
  input: AuditAddRequest,
  output: AuditAddResponse,
  cli: {
    command: ['audit', 'add'],
    description: 'record one audit event (locally, or on a platform with --api-base)',
    parent: AUDIT_PARENT,
    flags: {
      type: { value: 'type', verbatim: true },
      tradeDate: { value: 'DD.MM.YYYY', verbatim: true, date: true },
      source: { value: 'source', verbatim: true },
      actor: { value: 'actor', verbatim: true },
      metadata: { flag: '--meta', value: 'key=value...', pairs: true },
      apiBase: { value: 'url', verbatim: true },
    },
    order: ['type', 'tradeDate', 'source', 'actor', 'metadata', 'apiBase'],
    flagHelp: {
      type: 'prices_loaded | csv_imported | ai_brief_generated | plan_exported',
      tradeDate: 'trade date the event is about',
      source: 'where the data or decision came from (file, feed, tool)',
      actor: 'who did it (default: local-user)',
      metadata: 'metadata; numbers and true/false are typed, the rest are strings (repeatable)',
      apiBase: 'post to this platform instead of the local store (default: SVC_API_BASE; key: SVC_PLATFORM_API_KEY)',
    },
    errors: 'flags',
    json: (o) => o.outcome,
    view: { blocks, csv: { rows: (o) => (o.outcome.persisted ? eventRows([o.outcome.event]) : null), columns: EVENT_CSV_COLUMNS } },
    // Not a bad input: the platform's state is unknown, which a script must be able to notice.
    fails: {
      when: (o) => !o.outcome.persisted,
      says: (o) => `the audit write was not confirmed (${o.outcome.persisted ? '' : unconfirmedWords(o.outcome)}); nothing was queued or retried`,
      exitCode: 1,
      errorCode: 'write_not_confirmed',
    },
    examples: [
      'svc audit add --type csv_imported --trade-date 15.12.2024 --source prices.csv --meta rows=744 dst=false',
      'svc audit add --type plan_exported --trade-date 15.12.2024 --source svc-plan \\\n      --meta decision_package_id=svc-rdn-15.12.2024 human_approval_required=true no_auto_submit=true',
      'svc audit add --type prices_loaded --trade-date 15.12.2024 --source mktop --api-base https://svc.example.org --format json',
    ],
    helpFooter:
      'With an API base, exit 1 means the platform did not confirm the write (rejected, unparseable or timeout):\nthe event may or may not be stored there; svc neither queues nor retries it.',
  },
  async run(ctx, input) {
    const { apiBase: given, ...fields } = input;
    // The whole request's checks (metadata bounds, a plan export's package) as audit.create makes them.
    const parsed = AuditEventRequest.safeParse(fields);
    if (!parsed.success) throw SvcError.fromZod(parsed.error, '', fields);
    const apiBase = given ?? ctx.config.apiBase;
    if (apiBase === undefined) return { outcome: await recordEvent(ctx, parsed.data), journal: (await ctx.stores()).location };
    const { writeAuditToPlatform } = await import('../../providers/auditsink/transport.js');
    const key = ctx.config.platformApiKey;
    return { outcome: await writeAuditToPlatform(parsed.data, { apiBase, ...(key ? { apiKey: key } : {}), now: ctx.now, newId: ctx.newId }), journal: null };
  },
});
