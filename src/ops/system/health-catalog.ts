/**
 * The static parts of the health body: the data-provider catalogue (the entries of wired sources
 * get their status, address and detail from the provider contract, health-sources.ts), compliance
 * controls and trust integrations. Every source carries a real public address: a wired or
 * catalogued source its own; one svc does not read yet (status `planned`) the public source it
 * would read first (weather: Open-Meteo; fuel and carbon benchmarks: EEX; the grid map: Open
 * Infrastructure Map, openly licensed; competition: the Antimonopoly Committee of Ukraine).
 */
import type { z } from 'zod';
import type { SvcConfig } from '../../config/config.js';
import type { DataProvider, OperationalReadiness, TrustIntegration } from '../../domain/operational.js';

export const DATA_PROVIDERS: readonly DataProvider[] = [
  {
    id: 'mktop', name: 'Market operator (DAM/IDM)', category: 'market', status: 'review', sourceUrl: 'https://www.oree.com.ua/',
    requiresToken: false,
    summary: 'Hourly DAM prices, indexes and trading results published by the market operator.',
    detail: 'svc ships the operator\'s published DAM prices for the IPS zone, 01.01.2022–31.12.2024, as fixtures; no live feed is wired.',
    nextStep: 'Wire the live operator feed with caching and a freshness check; keep fixtures as the offline fallback.',
  },
  {
    id: 'exch', name: 'Energy exchange (bilateral-contract indexes)', category: 'benchmark', status: 'planned', sourceUrl: 'https://www.ueex.com.ua/',
    requiresToken: true,
    summary: 'Bilateral-contract market BASE indexes for the Ukrainian power system.',
    detail: 'Licence-gated: served only under a written redistribution agreement; off in svc.',
    nextStep: 'Sign a redistribution agreement before enabling this feed.',
  },
  {
    id: 'tsoplatform', name: 'European transmission-data platform', category: 'system', status: 'tokenRequired', sourceUrl: 'https://web-api.tp.entsoe.eu/api',
    requiresToken: true,
    summary: 'Cross-border physical flows and system data.',
    detail: 'Live only with a platform token; svc has no token setting and no flows route yet.',
    nextStep: 'Add a token setting and the live client; never redistribute raw exchange-owned day-ahead prices.',
  },
  {
    id: 'gridop', name: 'National grid operator', category: 'system', status: 'planned', sourceUrl: 'https://web-api.tp.entsoe.eu/api',
    requiresToken: true,
    summary: 'Hourly load and generation mix.', detail: 'Not wired in svc.', nextStep: 'Add a reader for the published load and generation mix.',
  },
  {
    id: 'regulator', name: 'Energy regulator (price caps)', category: 'regulatory', status: 'review', sourceUrl: 'https://www.nerc.gov.ua/',
    requiresToken: false,
    summary: 'DAM/IDM price caps by date and hour band.',
    detail: 'svc ships a transcribed caps table used by briefs and checks; it is updated with releases, not live.',
    nextStep: 'Review the caps table against each new regulator decision before release.',
  },
  {
    id: 'weather', name: 'Weather', category: 'weather', status: 'planned', sourceUrl: 'https://open-meteo.com/', requiresToken: false,
    summary: 'Temperature, wind and irradiance for load and renewables.', detail: 'Not wired in svc.', nextStep: 'Evaluate sources for forecast features.',
  },
  {
    id: 'fuelCarbon', name: 'Fuel and carbon prices', category: 'macro', status: 'planned', sourceUrl: 'https://www.eex.com/', requiresToken: false,
    summary: 'Gas, coal and carbon benchmarks.', detail: 'Not wired in svc.', nextStep: 'Evaluate licensing of benchmark series.',
  },
  {
    id: 'mapsource', name: 'Grid map source', category: 'system', status: 'planned', sourceUrl: 'https://openinframap.org/', requiresToken: false,
    summary: 'Geography of interconnectors and plants for display.', detail: 'Not wired in svc.', nextStep: 'Choose an openly licensed map source.',
  },
  {
    id: 'competition', name: 'Competition authority', category: 'regulatory', status: 'planned', sourceUrl: 'https://amcu.gov.ua/', requiresToken: false,
    summary: 'Market-conduct decisions relevant to trading.', detail: 'Not wired in svc.', nextStep: 'Track decisions manually until a feed exists.',
  },
];

type Controls = OperationalReadiness['securityPosture']['controls'];

export function securityControls(config: SvcConfig, externalAuth: boolean): Controls {
  return [
    {
      id: 'owaspAsvs', status: 'review', framework: 'OWASP ASVS 4.0', target: 'Level 1 for the public API',
      evidence: ['Strict schema validation of every input (400 with failing paths)', 'Constant-time secret comparison', 'Per-caller rate limiting', 'Body size limit', 'Generic 500 bodies without stacks'],
      nextStep: 'Complete an ASVS L1 self-assessment and an external penetration test.',
    },
    {
      id: 'soc2', status: 'planned', framework: 'SOC 2 Type I', target: 'Security and availability criteria',
      evidence: ['Tenant-scoped audit journal'], nextStep: 'Define the control owner and evidence collection before a readiness review.',
    },
    {
      id: 'hipaa', status: 'notApplicable', framework: 'HIPAA', target: 'Not in scope', evidence: ['svc processes market data, no health information'],
      nextStep: 'None.',
    },
    {
      id: 'authProvider', status: externalAuth ? 'active' : 'planned', framework: 'OpenID Connect', target: 'Signed-in tenants and users via JWT',
      evidence: externalAuth ? ['Issuer, audience and expiry verified against the configured key set'] : ['API keys only; no identity provider configured'],
      nextStep: externalAuth ? 'Rotate signing keys per the provider\'s policy.' : 'Configure SVC_AUTH_ISSUER, SVC_AUTH_AUDIENCE and a JWKS.',
    },
    {
      id: 'rbac', status: config.enforceRbac ? 'active' : 'planned', framework: 'Role-based access control', target: 'Six roles, owner-only key management',
      evidence: config.enforceRbac ? ['SVC_ENFORCE_RBAC=true', 'api.manage enforced'] : ['api.manage enforced; other permissions not yet enforced'],
      nextStep: config.enforceRbac ? 'Review grants per tenant periodically.' : 'Set SVC_ENFORCE_RBAC=true.',
    },
  ];
}

export function trustIntegrations(config: SvcConfig): z.infer<typeof TrustIntegration>[] {
  return [
    {
      id: 'deterministicBrief', label: 'Deterministic brief engine', status: 'active',
      detail: 'Briefs come from the rules engine svc-rules-v1: no external model, no data sent out, 0 external tokens.',
    },
    {
      id: 'noEgressReceipt', label: 'No-egress receipts', status: 'active',
      detail: config.receiptSigningKey
        ? 'Receipts embed a recomputable hash of the declared inputs and are signed with the configured Ed25519 key; anyone can verify them.'
        : 'Receipts embed a recomputable hash of the declared inputs and are signed with an Ed25519 key created once in the data directory; set SVC_RECEIPT_SIGNING_KEY to manage the key yourself.',
    },
    {
      id: 'humanApproval', label: 'Human approval', status: 'active',
      detail: 'Every plan is decision support: human_approval_required and no_auto_submit are fixed true; svc never submits orders.',
    },
  ];
}
