/**
 * `svc audit add`: record an event in the tenant audit journal from the terminal (`audit list` and
 * `audit export` are their operations' cli bindings, src/ops/account/audit.ts). Without an API
 * base the event goes to the local store in the data directory; with one it is posted to that
 * platform and the write outcome is reported as it is (confirmed, or a local receipt and why not).
 */
import type { Command } from 'commander';
import { toCsv } from './csv.js';
import type { AuditEvent, AuditWriteOutcome } from '../domain/audit.js';
import { SvcError, type FailingPath } from '../domain/errors.js';
import { CliExit, type CliEnv } from './cli-env.js';
import { keyValueTable } from './table.js';
import { parseDateFlag } from './book.js';

interface AddOpts {
  type?: string;
  tradeDate?: string;
  source?: string;
  actor?: string;
  meta?: string[];
  apiBase?: string;
}

/** Request fields -> the flags that set them, so errors name what the user typed. */
const ADD_FLAGS: Record<string, string> = { type: '--type', tradeDate: '--trade-date', source: '--source', actor: '--actor' };

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** `key=value` pairs -> a flat map: numbers and true/false become number/boolean, the rest strings. */
export function parseMeta(pairs: readonly string[]): Record<string, string | number | boolean> {
  const meta: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (key === '') {
      throw SvcError.validation(`--meta: expected key=value, got "${pair}"`, [{ path: '--meta', message: 'expected key=value' }]);
    }
    if (Object.hasOwn(meta, key)) {
      throw SvcError.validation(`--meta: key "${key}" given twice`, [{ path: `--meta ${key}`, message: 'given twice' }]);
    }
    const raw = pair.slice(eq + 1);
    const asNumber = Number(raw);
    meta[key] = raw === 'true' ? true : raw === 'false' ? false : NUMBER.test(raw) && Number.isFinite(asNumber) ? asNumber : raw;
  }
  return meta;
}

/** Renames request paths to flags (`tradeDate` -> `--trade-date`, `metadata.k` -> `--meta k`). */
function asFlagError(error: unknown, flags: Record<string, string>): unknown {
  if (!(error instanceof SvcError) || error.code !== 'validation_error') return error;
  const issues: FailingPath[] = error.issues.map((issue) => {
    const [head, ...rest] = issue.path.split('.');
    if (head === 'metadata') return { path: rest.length ? `--meta ${rest.join('.')}` : '--meta', message: issue.message };
    const flag = head === undefined ? undefined : flags[head];
    return flag ? { path: [flag, ...rest].join('.'), message: issue.message } : issue;
  });
  const first = issues[0];
  if (!first) return error;
  const message = `${first.path || '(root)'}: ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
  return SvcError.validation(message, issues, error.reason);
}

function renderEvent(env: CliEnv, title: string, event: AuditEvent, metaText: (m: AuditEvent['metadata']) => string): void {
  const out = env.out();
  out.print(out.c.bold(title));
  out.print(
    keyValueTable(
      [
        ['id', event.id],
        ['createdAt', event.createdAt],
        ['type', event.type],
        ['actor', event.actor],
        ['tradeDate', event.tradeDate],
        ['source', event.source],
        ['metadata', metaText(event.metadata) || '—'],
      ],
      out.c,
    ),
  );
}

async function add(env: CliEnv, opts: AddOpts): Promise<void> {
  const { auditCreate, metaText, eventRows, EVENT_CSV_COLUMNS } = await import('../ops/account/audit.js');
  const eventsCsv = (events: readonly AuditEvent[]) => toCsv(eventRows(events), EVENT_CSV_COLUMNS);
  const request = {
    type: opts.type,
    // The help promises DD.MM.YYYY: a real calendar date, checked before anything is written.
    tradeDate: parseDateFlag(opts.tradeDate, '--trade-date'),
    source: opts.source,
    ...(opts.actor !== undefined ? { actor: opts.actor } : {}),
    metadata: parseMeta(opts.meta ?? []),
  };
  const config = await env.config();
  const apiBase = opts.apiBase ?? config.apiBase;
  const { format } = env.globals();
  if (apiBase === undefined) {
    const result = await env.runOp(auditCreate, request).catch((e: unknown) => {
      throw asFlagError(e, ADD_FLAGS);
    });
    if (format === 'json') return env.out().json(result);
    if (format === 'csv') return env.out().raw(await eventsCsv([result.event]));
    renderEvent(env, `Recorded in the local journal (${(await (await env.ctx()).stores()).location})`, result.event, metaText);
    return;
  }

  const { writeAuditToPlatform } = await import('../ops/facade/platform-audit.js');
  const ctx = await env.ctx();
  const outcome: AuditWriteOutcome = await writeAuditToPlatform(request as Parameters<typeof writeAuditToPlatform>[0], {
    apiBase,
    ...(config.platformApiKey ? { apiKey: config.platformApiKey } : {}),
    now: ctx.now,
    newId: ctx.newId,
  }).catch((e: unknown) => {
    throw asFlagError(e, { ...ADD_FLAGS, apiBase: '--api-base' });
  });
  if (format === 'json') env.out().json(outcome);
  if (outcome.persisted) {
    if (format === 'csv') env.out().raw(await eventsCsv([outcome.event]));
    else if (format === 'table') renderEvent(env, 'Recorded on the platform (confirmed, 201)', outcome.event, metaText);
    return;
  }
  if (format !== 'json') {
    const out = env.out();
    out.print(out.c.bold(`Not confirmed by the platform: ${outcome.reason}`));
    out.print(
      keyValueTable(
        [
          ['durability', outcome.durability],
          ['localId', outcome.localId],
          ['recordedAt', outcome.recordedAt],
          ...(outcome.httpStatus !== undefined ? ([['httpStatus', String(outcome.httpStatus)]] as [string, string][]) : []),
          ['detail', outcome.detail ?? ''],
        ],
        out.c,
      ),
    );
  }
  // Not a bad input: the platform's state is unknown, which a script must be able to notice.
  throw new CliExit(1, `the audit write was not confirmed (${outcome.reason}); nothing was queued or retried`, 'write_not_confirmed');
}

export function registerAudit(program: Command, env: CliEnv): void {
  const audit = program
    .command('audit')
    .description('the audit journal: record events (prices loaded, CSV imported, brief generated, plan exported), list and export them');
  audit.addHelpText(
    'after',
    '\nEvents go to the local store in the data directory (--data-dir, SVC_DATA_DIR), or to a platform with --api-base/SVC_API_BASE.\n' +
      '\nExamples:\n' +
      '  $ svc audit add --type prices_loaded --trade-date 15.12.2024 --source fixtures/oree-dam-ips-2022-2024.csv --meta rows=24\n' +
      '  $ svc audit list --limit 20\n' +
      '  $ svc audit export --format csv > audit.csv',
  );

  audit
    .command('add')
    .description('record one audit event (locally, or on a platform with --api-base)')
    .requiredOption('--type <type>', 'prices_loaded | csv_imported | ai_brief_generated | plan_exported')
    .requiredOption('--trade-date <DD.MM.YYYY>', 'trade date the event is about')
    .requiredOption('--source <source>', 'where the data or decision came from (file, feed, tool)')
    .option('--actor <actor>', 'who did it (default: local-user)')
    .option('--meta <key=value...>', 'metadata; numbers and true/false are typed, the rest are strings (repeatable)')
    .option('--api-base <url>', 'post to this platform instead of the local store (default: SVC_API_BASE; key: SVC_PLATFORM_API_KEY)')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ svc audit add --type csv_imported --trade-date 15.12.2024 --source prices.csv --meta rows=744 dst=false\n' +
        '  $ svc audit add --type plan_exported --trade-date 15.12.2024 --source svc-plan \\\n' +
        '      --meta decision_package_id=svc-rdn-15.12.2024 human_approval_required=true no_auto_submit=true\n' +
        '  $ svc audit add --type prices_loaded --trade-date 15.12.2024 --source mktop --api-base https://svc.example.org --format json\n' +
        '\nWith an API base, exit 1 means the platform did not confirm the write (rejected, unparseable or timeout):\n' +
        'the event may or may not be stored there; svc neither queues nor retries it.',
    )
    .action((opts: AddOpts) => add(env, opts));
}
