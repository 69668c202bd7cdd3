/**
 * The market operator (OREE) on the provider contract: its public site (and B2B API with a key),
 * read through the one cache (cache.ts), falling back to the shipped DAM prices of the IPS zone
 * (fixtures.ts). The reads themselves are in reads.ts.
 */
import type { ProviderContract } from '../contract.js';

export const mktopContract: ProviderContract = {
  id: 'mktop',
  healthId: 'mktop',
  name: 'Market operator (DAM/IDM prices, indexes, trading results)',
  cadence: 'daily',
  neededByBrief: true,
  addressEnv: 'SVC_MKTOP_BASE_URL',
  // Optional: the B2B API key; the public site needs none.
  tokenEnv: 'SVC_MKTOP_API_KEY',
  requiresToken: false,
  cache: { kind: 'marketData', dataset: 'prices' },
  fixture: { file: 'fixtures/oree-dam-ips-2022-2024.csv', first: '01.01.2022', last: '31.12.2024' },
  probeUrl: (address) => new URL(`${address.replace(/\/$/, '')}/index.php/pricectr`),
};
