/**
 * Roles and permissions: the one table that both the HTTP door (RBAC) and the health body
 * (securityPosture.accessControl) read, so what health reports is what the server enforces.
 *
 * Why these grants: planning and reading risk is everyday work for every desk role; the audit log
 * is a control surface, so only the owner, the risk officer and the auditor read it (analysts get
 * plans and risk, not the compliance trail); minting and revoking keys is owner-only; nothing in
 * V1 may submit an order, so `decision.submit` is listed (for honesty) and granted to no role.
 */
import type { SvcConfig } from '../../config/config.js';

/**
 * config.ts's externalAuthConfigured, restated here so that invoke() (on every CLI start) does not
 * load config.ts and its schema library; test/ops/access.test.ts holds the two equal.
 */
function externalAuthConfigured(config: SvcConfig): boolean {
  return Boolean(config.auth.issuer && config.auth.audience && (config.auth.jwksUrl || config.auth.jwksFile));
}
import type { RoleId, SecurityMode } from '../../domain/operational.js';
import type { Caller, Permission } from '../types.js';

export interface PermissionInfo {
  id: Permission | 'decision.submit';
  category: 'workspace' | 'data' | 'decision' | 'risk' | 'automation' | 'admin';
  label: string;
  description: string;
  highRisk: boolean;
}

export interface RoleInfo {
  id: RoleId;
  label: string;
  description: string;
  permissions: Permission[];
}

export const PERMISSIONS: readonly PermissionInfo[] = [
  { id: 'decision.plan', category: 'decision', label: 'Prepare plans', description: 'Run spread, battery, backtest and brief computations on supplied prices.', highRisk: false },
  { id: 'risk.read', category: 'risk', label: 'Read risk reports', description: 'Run the risk guardrail report and read its checks.', highRisk: false },
  { id: 'profiles.write', category: 'workspace', label: 'Save strategy profiles', description: 'Save, update and delete the caller\'s strategy profiles.', highRisk: false },
  { id: 'audit.write', category: 'workspace', label: 'Record audit events', description: 'Append events (prices loaded, CSV imported, brief generated, plan exported) to the tenant journal.', highRisk: false },
  { id: 'audit.read', category: 'admin', label: 'Read the audit log', description: 'List the tenant\'s audit events; gated when role enforcement is on.', highRisk: false },
  { id: 'api.manage', category: 'admin', label: 'Manage API keys', description: 'Mint and revoke tenant API keys; always owner-only.', highRisk: true },
  { id: 'decision.submit', category: 'automation', label: 'Submit orders', description: 'Not available in V1: svc never submits market orders; a human approves and submits outside svc.', highRisk: true },
];

const ALL: Permission[] = ['decision.plan', 'risk.read', 'profiles.write', 'audit.write', 'audit.read', 'api.manage'];

export const ROLES: readonly RoleInfo[] = [
  { id: 'owner', label: 'Owner', description: 'Runs the workspace: every permission, including key management.', permissions: ALL },
  { id: 'trader', label: 'Trader', description: 'Prepares and exports plans for human approval.', permissions: ['decision.plan', 'risk.read', 'profiles.write', 'audit.write'] },
  { id: 'analyst', label: 'Analyst', description: 'Explores prices, backtests and risk; keeps own profiles.', permissions: ['decision.plan', 'risk.read', 'profiles.write'] },
  { id: 'risk', label: 'Risk officer', description: 'Reviews risk reports and the audit log.', permissions: ['decision.plan', 'risk.read', 'audit.read', 'audit.write'] },
  { id: 'apiClient', label: 'API client', description: 'Machine access with a tenant key: plans, risk and audit writes.', permissions: ['decision.plan', 'risk.read', 'audit.write'] },
  { id: 'auditor', label: 'Auditor', description: 'Read-only access to the audit log and risk reports.', permissions: ['risk.read', 'audit.read'] },
];

/** Permissions checked even when SVC_ENFORCE_RBAC is off (the spec gates key management always). */
export const ALWAYS_ENFORCED: readonly Permission[] = ['api.manage'];

const GRANTS = new Map<RoleId, ReadonlySet<Permission>>(ROLES.map((r) => [r.id, new Set(r.permissions)]));

export function rolesGrant(roles: readonly RoleId[], permission: Permission): boolean {
  return roles.some((role) => GRANTS.get(role)?.has(permission) === true);
}

/** True when the caller may use an op that needs `permission` under the given enforcement setting. */
export function isPermitted(caller: Caller, permission: Permission | undefined, enforceRbac: boolean): boolean {
  if (permission === undefined) return true;
  if (!enforceRbac && !ALWAYS_ENFORCED.includes(permission)) return true;
  return rolesGrant(caller.roles, permission);
}

/** The securityPosture.accessControl block of the health body. */
export function accessControlPosture(enforceRbac: boolean) {
  const highRisk = PERMISSIONS.filter((p) => p.highRisk).map((p) => p.id);
  return {
    mode: enforceRbac ? ('enforced' as const) : ('planned' as const),
    enforced: enforceRbac,
    roles: ROLES.map((r) => ({ id: r.id, label: r.label, description: r.description, permissions: [...r.permissions] })),
    permissions: PERMISSIONS.map((p) => ({ ...p })),
    permissionCount: PERMISSIONS.length,
    highRiskPermissions: highRisk,
    decisionSubmitRequiresApproval: true,
    nextStep: enforceRbac
      ? 'Roles are enforced. Review role grants per tenant with the owner before widening access.'
      : 'Set SVC_ENFORCE_RBAC=true to enforce these roles; api.manage (owner) is enforced already.',
  };
}

/** The deployment's security mode, as reported by health and the X-Svc-Security-Mode header. */
/** True when non-public routes refuse a caller without a credential (key mode or external auth). */
export function authRequiredOf(config: SvcConfig): boolean {
  return config.requireApiKey || externalAuthConfigured(config);
}

export { isLoopbackHost } from '../../domain/listen.js';
import { isLoopbackHost } from '../../domain/listen.js';

/**
 * Public-demo is read-only for writes (spec: demo deployments expose read-only endpoints without a
 * key). An uncredentialed caller may write only where the server listens on loopback: there the
 * caller is the machine's own user (the local tenant), not the public.
 */
export function anonymousWritesAllowed(config: Pick<SvcConfig, 'host'>): boolean {
  return isLoopbackHost(config.host);
}

export function securityModeOf(config: SvcConfig): SecurityMode {
  if (externalAuthConfigured(config)) return 'external-auth';
  if (config.requireApiKey) return 'api-key';
  return 'public-demo';
}

/**
 * Who an event or registration is recorded for: a signed-in user is always recorded as
 * themselves (a body cannot impersonate them); keys and the local user may name an actor.
 */
/** Who really wrote something: the credential, never a claimed name (docs/audit.md). */
export function principalOf(caller: Caller): string {
  switch (caller.via) {
    case 'tenantKey':
      return `key:${caller.keyId ?? 'unknown'}`;
    case 'jwt':
      return `user:${caller.tenantId}/${caller.actorId}`;
    case 'masterKey':
      return 'master-key';
    case 'serviceToken':
      return 'service-token';
    case 'local':
      return `local:${caller.actorId}`;
    default:
      return 'anonymous';
  }
}

export function actorOf(caller: Caller, requested: string): string {
  return caller.via === 'jwt' ? caller.actorId : requested;
}
