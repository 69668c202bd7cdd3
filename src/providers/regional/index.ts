/**
 * Regional day-ahead daily display prices (EUR/MWh) from a platform API (`SVC_REGIONAL_API_BASE`,
 * no token; parse.ts has the contract), read by `multizone.prices` when `SVC_REGIONAL_SOURCE=api`.
 * Its own switch, not SVC_MARKET_DATA: with the `api` source every read asks the platform and
 * nothing is a fallback (no cache, no shipped fixture: the spec's 503 reasons say why a read
 * failed); with `store` (the default) reads serve what `svc zones import` recorded. The spec lists
 * no health entry for it; `svc doctor` shows it. The read is client.ts (the contract here loads no
 * client, as mktop's and the platform's do not: the registry stays light).
 */
import type { ProviderContract } from '../contract.js';

export const regionalContract: ProviderContract = {
  id: 'regional',
  healthId: null,
  name: 'Regional day-ahead daily display prices (platform API)',
  cadence: 'daily',
  neededByBrief: false,
  addressEnv: 'SVC_REGIONAL_API_BASE',
  tokenEnv: null,
  requiresToken: false,
  cache: null,
  fixture: null,
  probeUrl: (address) => new URL(address),
};
