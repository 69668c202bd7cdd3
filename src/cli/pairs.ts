/**
 * Two ways of the derived door that `svc audit add` brought along: a record given as `key=value`
 * words (`--meta rows=744 dst=false`), and validation errors said with each field renamed to its
 * flag (`--trade-date: …`, `--meta rows: …`).
 */
import { moreIssues, SvcError, type FailingPath } from '../domain/errors.js';
import type { FlagSpec } from './derive.js';

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** `key=value` pairs -> a flat map: numbers and true/false become number/boolean, the rest strings. */
export function parsePairs(pairs: readonly string[], flag: string): Record<string, string | number | boolean> {
  const map: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (key === '') throw SvcError.validation(`${flag}: expected key=value, got "${pair}"`, [{ path: flag, message: 'expected key=value' }]);
    if (Object.hasOwn(map, key)) throw SvcError.validation(`${flag}: key "${key}" given twice`, [{ path: `${flag} ${key}`, message: 'given twice' }]);
    const raw = pair.slice(eq + 1);
    const asNumber = Number(raw);
    map[key] = raw === 'true' ? true : raw === 'false' ? false : NUMBER.test(raw) && Number.isFinite(asNumber) ? asNumber : raw;
  }
  return map;
}

/** Renames issue paths to flags (`tradeDate` -> `--trade-date`, `metadata.k` -> `--meta k`); the first issue is the message. */
export function saidByFlags(error: unknown, flags: readonly FlagSpec[]): unknown {
  if (!(error instanceof SvcError) || error.code !== 'validation_error') return error;
  const issues: FailingPath[] = error.issues.map((issue) => {
    const [head, ...rest] = issue.path.split('.');
    const f = flags.find((fl) => fl.field === head);
    if (!f) return issue;
    if (f.kind === 'pairs') return { path: rest.length ? `${f.flag} ${rest.join('.')}` : f.flag, message: issue.message };
    return { path: [f.flag, ...rest].join('.'), message: issue.message };
  });
  const first = issues[0];
  if (!first) return error;
  const message = `${first.path || '(root)'}: ${first.message}${moreIssues(issues.length)}`;
  return SvcError.validation(message, issues, error.reason);
}
