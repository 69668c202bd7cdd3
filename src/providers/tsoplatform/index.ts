/**
 * The transmission-data platform (ENTSO-E Transparency Platform REST API) on the provider
 * contract: flows (A11), load (A65), generation (A75) and day-ahead prices (A44), live with a
 * security token, through the store's document cache (source.ts). Without a token the flow reads
 * serve the real flows shipped in fixtures/tsoplatform/ (hourly documents of eight days; the
 * regime also takes daily net positions 02.2022–03.2023 from daily-net.ts); load and generation have no real fixture
 * and answer "no data". `gridop` is the same platform seen as the grid operator's publication.
 */
import type { ProviderContract } from '../contract.js';

/** The variable of the platform's security token, named wherever one is said to be missing. */
export const TSO_TOKEN_ENV = 'SVC_TSOPLATFORM_TOKEN';

/** The Kyiv days the shipped hourly flow documents hold (fixtures/tsoplatform/flows-*.xml). */
export const FIXTURE_FLOW_DAYS = '28.10–01.11.2022 and 25–27.03.2023';

/** The newest of FIXTURE_FLOW_DAYS: `svc flows` without a date reads it when the platform is not asked. */
export const FIXTURE_FLOW_NEWEST = '27.03.2023';

const platform = {
  cadence: 'hourly',
  neededByBrief: false,
  addressEnv: 'SVC_TSOPLATFORM_BASE',
  tokenEnv: TSO_TOKEN_ENV,
  requiresToken: true,
  cache: { kind: 'tsoCache' },
  // Without a token the platform answers 401: the host is up, and no token is sent.
  probeUrl: (address: string) => new URL(address),
} as const;

export const tsoplatformContract: ProviderContract = {
  ...platform,
  id: 'tsoplatform',
  healthId: 'tsoplatform',
  name: 'Transmission-data platform (cross-border flows, A44 prices)',
  fixture: { file: `fixtures/tsoplatform/ (real flows: hourly documents of 8 days, ${FIXTURE_FLOW_DAYS}, for svc flows; daily net positions for the regime)`, first: '01.02.2022', last: '31.03.2023' },
};

export const gridopContract: ProviderContract = {
  ...platform,
  id: 'gridop',
  healthId: 'gridop',
  name: 'Grid operator on the platform (load, generation mix)',
  fixture: null,
};
