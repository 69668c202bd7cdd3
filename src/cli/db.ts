/**
 * `svc db migrate` and `svc db status`: the store's schema, on the embedded SQLite file or on
 * PostgreSQL (SVC_DATABASE_URL). `svc serve` also migrates at start unless SVC_DATABASE_MIGRATE=false,
 * which is for deployments that run `svc db migrate` once per release before starting instances.
 * The database URL is only ever shown with its password redacted.
 */
import type { Command } from 'commander';
import type { CliEnv } from './cli-env.js';

async function report(env: CliEnv, migrate: boolean): Promise<void> {
  const config = await env.config();
  const { openConfiguredStores, schemaVersionOf } = await import('../ops/facade/stores.js');
  const stores = await openConfiguredStores(config, migrate ? { migrate: true } : { migrate: false, requireCurrent: false });
  try {
    const { version, latest } = await schemaVersionOf(stores);
    const result = { engine: stores.kind, location: stores.location, schemaVersion: version, latestVersion: latest, upToDate: version === latest };
    if (env.globals().format === 'json') return env.out().json(result);
    env.out().print(`${stores.kind} store at ${stores.location}: schema version ${version} of ${latest}${version === latest ? ' (up to date)' : ' (run `svc db migrate`)'}`);
  } finally {
    await stores.close();
  }
}

export function registerDb(program: Command, env: CliEnv): void {
  const db = program.command('db').description('the store schema: migrate it, or show its version (SQLite file, or PostgreSQL with SVC_DATABASE_URL)');
  db.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ svc db status\n' +
      '  $ SVC_DATABASE_URL=postgres://svc@db:5432/svc svc db migrate',
  );
  db.command('migrate')
    .description('apply every missing schema migration (safe to run from several hosts at once: an advisory lock serialises them)')
    .addHelpText('after', '\nExamples:\n  $ svc db migrate\n  $ SVC_DATABASE_URL=postgres://svc@db:5432/svc svc db migrate --format json\n')
    .action(() => report(env, true));
  db.command('status')
    .description('show the schema version of the configured store')
    .addHelpText('after', '\nExample:\n  $ svc db status --format json\n')
    .action(() => report(env, false));
}
