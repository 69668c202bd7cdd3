/** Health's platformData follows the configuration: database, Redis, reads, ingestion, live fallback. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { OperationalReadiness } from '../../src/domain/operational.js';
import { platformDataOf } from '../../src/ops/system/health.js';
import { harness, type Harness } from '../http/harness.js';
import { testDataDir } from '../temp-data-dir.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const env = (extra: Record<string, string>) => loadConfig({ SVC_DATA_DIR: testDataDir(), ...extra });

describe('platformData', () => {
  it('embedded default: no database, no Redis, reads from the embedded store, graceful fallback', () => {
    expect(platformDataOf(env({}), true)).toEqual({
      mode: 'gracefulFallback', databaseConfigured: false, redisConfigured: false, dbReadsEnabled: true, dbIngestionEnabled: false, liveMktopFallbackEnabled: true,
    });
    expect(platformDataOf(env({}), false).dbReadsEnabled).toBe(false);
  });

  it('PostgreSQL + Redis + ingestion without live fallback is platformOnly; each switch counts', () => {
    const full = env({ SVC_DATABASE_URL: 'postgres://svc:pw@db:5432/svc', SVC_REDIS_URL: 'redis://cache:6379', SVC_DB_INGESTION_ENABLED: 'true', SVC_LIVE_MKTOP_FALLBACK: 'false' });
    expect(platformDataOf(full, true)).toEqual({
      mode: 'platformOnly', databaseConfigured: true, redisConfigured: true, dbReadsEnabled: true, dbIngestionEnabled: true, liveMktopFallbackEnabled: false,
    });
    expect(platformDataOf({ ...full, regional: { ...full.regional, dbReadsEnabled: false } }, true)).toMatchObject({ mode: 'gracefulFallback', dbReadsEnabled: false });
    expect(platformDataOf(env({ SVC_DB_INGESTION_ENABLED: 'true' }), true).dbIngestionEnabled).toBe(false);
  });

  it('rejects a database URL that is not postgres:// without echoing it', () => {
    expect(() => env({ SVC_DATABASE_URL: 'mysql://u:topsecret@h/db' })).toThrow(/SVC_DATABASE_URL/);
    try {
      env({ SVC_DATABASE_URL: 'mysql://u:topsecret@h/db' });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('topsecret');
    }
  });

  it('is served by GET /api/health without the database password', async () => {
    const config = env({ SVC_DATABASE_URL: 'postgres://svc:pw-SECRET-9@db:5432/svc', SVC_LIVE_MKTOP_FALLBACK: 'false' });
    h = await harness({ config: { database: config.database } });
    const res = await h.inject('/api/health');
    const body = OperationalReadiness.parse(h.json(res));
    expect(body.platformData).toMatchObject({ databaseConfigured: true, liveMktopFallbackEnabled: false, mode: 'platformOnly' });
    expect(res.body).not.toContain('pw-SECRET-9');
  });
});
