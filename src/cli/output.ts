/**
 * The CLI's only door to the terminal. Results go to stdout; warnings, progress and errors to
 * stderr. Colour and spinners appear only on a TTY, never with NO_COLOR, --no-color or -q.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { isSvcError, MAX_ISSUES } from '../domain/errors.js';

export type Format = 'table' | 'json' | 'csv';

export interface OutputOptions {
  format: Format;
  color: boolean;
  quiet: boolean;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface Progress {
  update(done: number, total: number, label?: string): void;
  stop(finalText?: string): void;
}

const NO_PROGRESS: Progress = { update() {}, stop() {} };

export class Output {
  readonly format: Format;
  readonly quiet: boolean;
  readonly c: ChalkInstance;
  private readonly out: NodeJS.WritableStream & { isTTY?: boolean };
  private readonly err: NodeJS.WritableStream & { isTTY?: boolean };
  private readonly interactive: boolean;
  /** Notices held until the command shows a result (notice()). */
  private readonly pending: string[] = [];

  constructor(options: OutputOptions) {
    this.format = options.format;
    this.quiet = options.quiet;
    this.out = options.stdout ?? process.stdout;
    this.err = options.stderr ?? process.stderr;
    const noColorEnv = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
    const colorOk = options.color && !noColorEnv && Boolean(this.out.isTTY);
    this.c = new Chalk({ level: colorOk ? 1 : 0 });
    this.interactive = Boolean(this.err.isTTY) && !options.quiet && !noColorEnv && options.color && process.env.CI !== 'true';
  }

  /** Write a result line (or block) to stdout. */
  print(text = ''): void {
    this.flushNotices();
    this.out.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Write a result as JSON to stdout (two-space indent, trailing newline). */
  json(value: unknown): void {
    this.flushNotices();
    this.out.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Raw bytes to stdout (CSV, exports). */
  raw(text: string): void {
    this.flushNotices();
    this.out.write(text);
  }

  /** One warning line on stderr; shown even with -q because it changes what the result means. */
  warn(message: string): void {
    this.flushNotices();
    const c = new Chalk({ level: this.err.isTTY && this.c.level > 0 ? 1 : 0 });
    this.err.write(`${c.yellow('warning:')} ${message}\n`);
  }

  /**
   * A warning about how the input was read (clock-change days skipped, hour numbering found, columns
   * ignored): hidden with -q, and held until the command shows something (a result, a warning, its
   * end), so that a flag error found after the book was read is the only line of a failed run.
   */
  notice(message: string): void {
    if (!this.quiet) this.pending.push(message);
  }

  /**
   * A warning held as a notice is (shown once the command shows something, dropped with its error)
   * but shown with -q too, as warn() is: days the reader left out of the book (clock-change days
   * skipped, invalid days skipped) change what the result means.
   */
  heldWarn(message: string): void {
    this.pending.push(message);
  }

  /** Shows the held notices (the command got past its input checks). */
  flushNotices(): void {
    for (const m of this.pending.splice(0)) this.warnLine(m);
  }

  /** Drops the held notices (the command failed: its error is the line that matters). */
  dropNotices(): void {
    this.pending.length = 0;
  }

  private warnLine(message: string): void {
    const c = new Chalk({ level: this.err.isTTY && this.c.level > 0 ? 1 : 0 });
    this.err.write(`${c.yellow('warning:')} ${message}\n`);
  }

  /** Informational line on stderr, hidden with -q. */
  info(message: string): void {
    this.flushNotices();
    if (!this.quiet) this.err.write(`${message}\n`);
  }

  /** Render an error as one line on stderr (JSON with --format json). */
  error(error: unknown): void {
    this.dropNotices();
    if (this.format === 'json') {
      const code = (error as { errorCode?: unknown }).errorCode;
      const body = isSvcError(error) ? error.toJSON() : { code: typeof code === 'string' ? code : 'internal_error', message: messageOf(error) };
      this.err.write(`${JSON.stringify({ error: body })}\n`);
      return;
    }
    const c = new Chalk({ level: this.err.isTTY && this.c.level > 0 ? 1 : 0 });
    let line = `${c.red('error:')} ${messageOf(error)}`;
    if (isSvcError(error) && error.issues.length > 1) {
      // A reader's issues name their own place (`line 12, field price: …`, `["01.01.2024"][3]: …`);
      // the file is named once, in the first line. At most MAX_ISSUES lines, as a reader keeps: the rest are counted.
      const listed = error.issues.slice(0, MAX_ISSUES);
      const rest = error.issues.length - listed.length;
      line += `\n${listed.map((i) => `  - ${/^(line \d|\[)/.test(i.message) ? i.message : `${i.path || '(root)'}: ${i.message}`}`).join('\n')}`;
      if (rest > 0) line += `\n  … ${rest} more ${rest === 1 ? 'issue' : 'issues'} (--format json lists them)`;
    }
    this.err.write(`${line}\n`);
  }

  /** A spinner/progress line on stderr, only when interactive (ora is loaded only then). */
  async progress(label: string): Promise<Progress> {
    // A terminal that reports no width (some CI ptys) makes ora redraw forever: no spinner there.
    if (!this.interactive || !((this.err as { columns?: number }).columns ?? 0)) return NO_PROGRESS;
    const { default: ora } = await import('ora');
    const spinner = ora({ text: label, stream: this.err }).start();
    return {
      update(done, total, text) {
        const pct = total > 0 ? Math.floor((done / total) * 100) : 0;
        spinner.text = `${text ?? label} ${done}/${total} (${pct}%)`;
      },
      stop(finalText) {
        if (finalText) spinner.succeed(finalText);
        else spinner.stop();
      },
    };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
