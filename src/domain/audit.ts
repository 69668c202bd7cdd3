/** Audit records: events, their two metadata kinds, and write outcomes of a platform client. */
import { z } from 'zod';
import { FlatScalarMap, IsoDateTime, Uuid } from './common.js';

export const AUDIT_EVENT_TYPES = ['prices_loaded', 'csv_imported', 'ai_brief_generated', 'plan_exported'] as const;
export const AuditEventType = z.enum(AUDIT_EVENT_TYPES);
export type AuditEventType = z.infer<typeof AuditEventType>;

export const AuditEventMetadata = FlatScalarMap;
export type AuditEventMetadata = z.infer<typeof AuditEventMetadata>;

const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const DecisionPackageMetadata = z
  .object({
    decision_package_id: z.string().regex(/^svc-(rdn|bess)-/, 'must start with svc-rdn- or svc-bess-'),
    human_approval_required: z.literal(true),
    no_auto_submit: z.literal(true),
    generated_at: IsoDateTime.optional(),
    source: z.string().optional(),
    data_confidence_score: z.number().int().min(0).max(100).optional(),
    risk_score: z.number().int().min(0).max(100).optional(),
    risk_status: z.enum(['ready', 'needsReview', 'blocked']).optional(),
    strategy_net_pnl_uah: z.number().optional(),
    bess_net_profit_uah: z.number().optional(),
    bess_equivalent_cycles: z.number().optional(),
  })
  .catchall(scalar);
export type DecisionPackageMetadata = z.infer<typeof DecisionPackageMetadata>;

export const AuditEvent = z.strictObject({
  id: Uuid,
  createdAt: IsoDateTime,
  type: z.string(),
  actor: z.string(),
  tradeDate: z.string(),
  source: z.string(),
  metadata: z.union([DecisionPackageMetadata, AuditEventMetadata]),
  /**
   * svc extension: the authenticated principal that wrote the event, beside the `actor` it claims
   * (`key:<key id>`, `user:<tenant>/<user>`, `master-key`, `service-token`, `local`, `anonymous`).
   * Absent on events written before it was recorded. docs/audit.md.
   */
  recordedBy: z.string().max(300).optional(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

/**
 * Bounds of an event's metadata (docs/audit.md): a journal is append-only, so one caller must not
 * be able to grow it by megabytes a request.
 */
export const AUDIT_METADATA_LIMITS = { maxKeys: 64, maxKeyLength: 64, maxStringLength: 1_024, maxBytes: 16_384 } as const;

function checkMetadataBounds(metadata: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const L = AUDIT_METADATA_LIMITS;
  const keys = Object.keys(metadata);
  if (keys.length > L.maxKeys) ctx.addIssue({ code: 'custom', path: ['metadata'], message: `at most ${L.maxKeys} keys (found ${keys.length})` });
  for (const key of keys.slice(0, L.maxKeys + 1)) {
    if (key.length > L.maxKeyLength) ctx.addIssue({ code: 'custom', path: ['metadata', key.slice(0, L.maxKeyLength)], message: `keys are at most ${L.maxKeyLength} characters` });
    const v = metadata[key];
    if (typeof v === 'string' && v.length > L.maxStringLength) ctx.addIssue({ code: 'custom', path: ['metadata', key.slice(0, L.maxKeyLength)], message: `values are at most ${L.maxStringLength} characters (found ${v.length})` });
  }
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > L.maxBytes) ctx.addIssue({ code: 'custom', path: ['metadata'], message: `at most ${L.maxBytes} bytes of JSON (found ${bytes})` });
}

/** POST /api/audit/events body; `plan_exported` needs DecisionPackageMetadata, the others a flat map. */
export const AuditEventRequest = z
  .strictObject({
    type: AuditEventType,
    actor: z.string().min(1).max(200).default('local-user'),
    tradeDate: z.string().min(1).max(40),
    source: z.string().min(1).max(200),
    metadata: FlatScalarMap.default({}),
  })
  .superRefine((value, ctx) => {
    checkMetadataBounds(value.metadata, ctx);
    if (value.type !== 'plan_exported') return;
    const parsed = DecisionPackageMetadata.safeParse(value.metadata);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const missing = typeof key === 'string' && !(key in value.metadata);
        const message = missing ? 'required for a plan_exported event (DecisionPackageMetadata)' : issue.message;
        ctx.addIssue({ code: 'custom', path: ['metadata', ...issue.path.map(String)], message });
      }
    }
  });
export type AuditEventRequest = z.infer<typeof AuditEventRequest>;

export const AUDIT_LIST_DEFAULT_LIMIT = 50;
export const AUDIT_LIST_MAX_LIMIT = 500;

export const AuditListQuery = z.strictObject({
  // Decimal digits only: Number() would read `0x10` as 16 and `1e2` as 100.
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v),
      z
        .number({ error: `expected a whole number in 1..${AUDIT_LIST_MAX_LIMIT}` })
        .int({ error: `expected a whole number in 1..${AUDIT_LIST_MAX_LIMIT}` })
        .min(1, { error: `below the range: expected a whole number in 1..${AUDIT_LIST_MAX_LIMIT}` })
        .max(AUDIT_LIST_MAX_LIMIT, { error: `above the range: expected a whole number in 1..${AUDIT_LIST_MAX_LIMIT}` }),
    )
    .default(AUDIT_LIST_DEFAULT_LIMIT),
  before: z.string().min(1).max(200).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** GET /api/audit/events body (shape not shown by the spec; designed by svc). */
export const AuditEventPage = z.strictObject({
  events: z.array(AuditEvent),
  /** Opaque cursor for the next (older) page; null when there is none. */
  nextBefore: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof AuditEventPage>;

export const AUDIT_UNCONFIRMED_REASONS = ['no-platform', 'rejected', 'unparseable', 'timeout'] as const;
export const AuditUnconfirmedReason = z.enum(AUDIT_UNCONFIRMED_REASONS);
export type AuditUnconfirmedReason = z.infer<typeof AuditUnconfirmedReason>;

/** How an unconfirmed write's `detail` starts when it failed in transport: `transport failure (ECONNREFUSED); …`. */
export const TRANSPORT_FAILURE = 'transport failure';
const TRANSPORT_DETAIL = new RegExp(`^${TRANSPORT_FAILURE} \\(([A-Za-z0-9_]+)\\)`);

/**
 * The system code of an unconfirmed write that failed in transport (`ENOTFOUND`, `ECONNREFUSED`,
 * `ECONNRESET`, …), undefined for any other outcome. The spec's reasons are four and put every
 * transport failure under `timeout`; the `detail` tells them apart, and the words a person reads
 * (the CLI's) say the transport failure, not a timeout, from here.
 */
export function transportFailureOf(outcome: { persisted: boolean; reason?: string; detail?: string | undefined }): string | undefined {
  if (outcome.persisted || outcome.reason !== 'timeout') return undefined;
  const m = TRANSPORT_DETAIL.exec(outcome.detail ?? '');
  return m ? m[1] : undefined;
}

/** What a client learns after trying to write an audit event to a platform. */
export const AuditWriteOutcome = z.discriminatedUnion('persisted', [
  z.strictObject({ persisted: z.literal(true), status: z.literal(201), event: AuditEvent }),
  z.strictObject({
    persisted: z.literal(false),
    status: z.literal(202),
    durability: z.literal('local-only'),
    reason: AuditUnconfirmedReason,
    localId: Uuid,
    recordedAt: IsoDateTime,
    httpStatus: z.number().int().optional(),
    detail: z.string().optional(),
  }),
]);
export type AuditWriteOutcome = z.infer<typeof AuditWriteOutcome>;
