/**
 * Every data source svc reads, on the provider contract (contract.ts), in the order health and
 * `svc doctor` list them. A new source: its folder under src/providers/, one line here, and one
 * line mapping its settings in src/ops/system/sources.ts.
 */
import type { ProviderContract } from './contract.js';
import { euDamContract } from './eudam/index.js';
import { exchContract } from './exch/index.js';
import { mktopContract } from './mktop/index.js';
import { ratesContract } from './rates/index.js';
import { regionalContract } from './regional/index.js';
import { gridopContract, tsoplatformContract } from './tsoplatform/index.js';
import { uaResContract } from './uares/index.js';

export const PROVIDERS: readonly ProviderContract[] = [mktopContract, exchContract, tsoplatformContract, gridopContract, ratesContract, euDamContract, uaResContract, regionalContract];
