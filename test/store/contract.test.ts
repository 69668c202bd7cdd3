/**
 * ONE store contract, run against every engine a deployment can choose: SQLite, embedded
 * PostgreSQL (PGlite, no server needed) and a PostgreSQL server (SVC_TEST_DATABASE_URL).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import type { Stores } from '../../src/store/types.js';
import { auditContract } from './contract/audit-accounts.js';
import { STORE_ENGINES } from './contract/engines.js';
import { platformDataContract } from './contract/platform-data.js';

for (const engine of STORE_ENGINES) {
  if (engine.skipReason !== undefined) {
    describe(`store contract: ${engine.name}`, () => {
      it.skip(`skipped: ${engine.skipReason}`, () => {});
    });
    continue;
  }
  describe(`store contract: ${engine.name}`, () => {
    let stores: Stores | undefined;
    const current = (): Stores => {
      if (!stores) throw new Error('stores not open');
      return stores;
    };
    beforeAll(() => engine.setup(), 120_000);
    afterAll(() => engine.teardown());
    beforeEach(async () => {
      stores = await engine.open();
    });
    afterEach(async () => {
      await stores?.close();
      stores = undefined;
    });
    auditContract(current);
    platformDataContract(current);
  });
}
