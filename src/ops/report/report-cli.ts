/**
 * `svc report backtest|forecast|day <book>`: what the three report operations' cli bindings share
 * (the command group, the book, `-o` and the page as the output). A book file is read by the door
 * and sent as `priceBook` with where it came from and the days its reader left out; `mktop` sends
 * none, and the operation reads the operator's prices itself (as `svc serve` does). The page goes
 * to stdout, or with `-o` to a file; `--format json` prints its size and headline figures.
 */
import type { CliBinding } from '../types.js';
import type { ReportResponse } from './report-input.js';

type Kind = 'backtest' | 'forecast' | 'day';

const bytes = (r: ReportResponse): number => Buffer.byteLength(r.html);

/** The binding of `svc report <kind>`, with the kind's own flags' help, examples and progress label. */
export function reportCli<In>(kind: Kind, own: Pick<CliBinding<ReportResponse, In>, 'description' | 'flagHelp' | 'examples'> & { progress: string; flags?: CliBinding['flags'] }): CliBinding<ReportResponse, In> {
  return {
    command: ['report', kind],
    description: own.description,
    parent: {
      description: 'one self-contained HTML report (inline SVG, no network when opened; prints on A4): backtest, forecast or day',
      examples: ['svc report backtest fixtures/oree-dam-ips-2022-2024.csv --capacity 2 --power 1 -o backtest.html', 'svc report day fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 -o day.html'],
    },
    book: {
      into: 'priceBook',
      shape: 'book',
      unreadMktop: true,
      // Within the API's bounds (a source of 200 characters, 5000 days left out).
      facts: ({ source, leftOut }) => ({ source: source.slice(0, 200), ...(leftOut.length ? { leftOut: leftOut.slice(0, 5000) } : {}) }),
    },
    flags: { source: false, leftOut: false, lang: { global: 'lang', hidden: true }, from: { date: true }, to: { date: true }, date: { date: true }, ...own.flags },
    ...(own.flagHelp ? { flagHelp: own.flagHelp } : {}),
    // The op's own words (`say which days to report, with from and to`); a settings field's error names its flag.
    errors: 'op',
    sideFiles: [
      {
        flag: { flag: '--output', short: '-o', value: 'report.html', help: 'write the page here (default: stdout)' },
        early: true,
        stdout: true,
        text: (r) => r.html,
        says: (r, path) => `wrote the ${kind} report to ${path} (${bytes(r)} bytes)`,
      },
    ],
    order: ['@output', 'from', 'to', 'date'],
    progress: () => own.progress,
    json: (r, _input, door) => ({ ...(door.files?.output ? { file: door.files.output } : {}), bytes: bytes(r), figures: r.figures }),
    view: { blocks: (r) => [r.html] },
    examples: own.examples,
  };
}

/** `--plan-on`: its text goes to the op, which says a bad one (as the hand-written command did). */
export const PLAN_ON_FLAG = { planOn: { value: 'actual|forecast', verbatim: true } } as const;
