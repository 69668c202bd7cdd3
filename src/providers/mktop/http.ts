/**
 * The upstream HTTP client of the market-data feeds (the operator's public site and B2B API, a
 * licensed exchange source): undici with a connect timeout and a total deadline per attempt, at
 * most `retries` retries with jittered exponential backoff for timeouts, transport errors and 5xx
 * only, a per-host concurrency limit, an honest User-Agent, and bodies decoded by their declared
 * charset (windows-1251 included). An API key travels only in its header; it never appears in an
 * error, a log line or a cache key.
 */
import { Agent, request } from 'undici';
import { guardAddress } from '../guard.js';
import { UpstreamError } from './errors.js';

export interface HttpSettings {
  connectTimeoutMs: number;
  /** Deadline of one attempt, headers and body. */
  timeoutMs: number;
  retries: number;
  /** Requests in flight at once per client. */
  concurrency: number;
  userAgent: string;
  /** Pause before retry n (1-based), ms; default: 300·2^(n−1) with ±50 % jitter. */
  backoffMs?: (attempt: number) => number;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

export interface UpstreamResponse {
  status: number;
  contentType: string;
  text: string;
  /** The URL without its query string, for messages. */
  where: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Charset named by a Content-Type header, lower case, or null. */
export function declaredCharset(contentType: string): string | null {
  const m = /charset\s*=\s*"?([\w-]+)"?/i.exec(contentType);
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** Decodes a body by the declared charset; UTF-8 (BOM stripped) when none or unknown is declared. */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const charset = declaredCharset(contentType);
  const label = charset === 'cp1251' ? 'windows-1251' : charset ?? 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(label).decode(bytes);
  } catch {
    text = new TextDecoder('utf-8').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** A small FIFO semaphore: at most `limit` tasks at once. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

function defaultBackoff(attempt: number): number {
  const base = 300 * 2 ** (attempt - 1);
  return Math.round(base * (0.5 + Math.random()));
}

function isTimeout(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code ?? '';
  return /Timeout|Abort/i.test(name) || /TIMEOUT/i.test(code);
}

/**
 * After a host was not found, refused the connection or did not accept it within the connect
 * timeout, later requests to it within this window fail at once
 * with the same reason instead of waiting out their own timeouts and retries: a run that reads
 * many months (forecast history, a regime's inputs) gives up on a dead host once, not per read.
 */
export const DOWN_HOST_MEMO_MS = 60_000;

export class UpstreamClient {
  private readonly agent: Agent;
  private readonly limiter: Limiter;
  private readonly down = new Map<string, { until: number; error: UpstreamError }>();

  constructor(private readonly settings: HttpSettings, readonly name: string) {
    this.agent = new Agent({ connect: { timeout: settings.connectTimeoutMs }, keepAliveTimeout: 4_000 });
    this.limiter = new Limiter(Math.max(1, settings.concurrency));
  }

  /** One request with bounded retries; a 2xx answer is returned decoded, anything else throws UpstreamError. */
  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    guardAddress(this.name, req.url);
    const where = `${req.url.origin}${req.url.pathname}`;
    const memo = this.down.get(req.url.origin);
    if (memo && memo.until > Date.now()) throw new UpstreamError(memo.error.reason, `${memo.error.message}; not asked again within ${DOWN_HOST_MEMO_MS / 1000} s`);
    const backoff = this.settings.backoffMs ?? defaultBackoff;
    let last = new UpstreamError('upstream_unreachable', `${this.name} not reached (${where})`);
    // The last attempt found no host (refused, no address, connect timeout), not a slow answer.
    let hostDown = false;
    for (let attempt = 0; attempt <= this.settings.retries; attempt += 1) {
      if (attempt > 0) await sleep(backoff(attempt));
      try {
        const res = await this.limiter.run(() => this.once(req, where));
        hostDown = false;
        if (res.status >= 500) {
          last = new UpstreamError('upstream_status', `${this.name} answered HTTP ${res.status} (${where})`, res.status);
          continue;
        }
        if (res.status < 200 || res.status >= 300) {
          throw new UpstreamError('upstream_status', `${this.name} answered HTTP ${res.status} (${where})`, res.status);
        }
        this.down.delete(req.url.origin);
        return res;
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        hostDown = !isTimeout(error) || (error as { code?: string } | null)?.code === 'UND_ERR_CONNECT_TIMEOUT';
        last = isTimeout(error)
          ? new UpstreamError('upstream_timeout', `${this.name} did not answer within ${this.settings.timeoutMs} ms (${where})`)
          : new UpstreamError('upstream_unreachable', `${this.name} unreachable (${where})`);
      }
    }
    if (hostDown) this.down.set(req.url.origin, { until: Date.now() + DOWN_HOST_MEMO_MS, error: last });
    else this.down.delete(req.url.origin);
    throw last;
  }

  private async once(req: UpstreamRequest, where: string): Promise<UpstreamResponse> {
    const headers: Record<string, string> = { 'user-agent': this.settings.userAgent, accept: 'application/json, text/html;q=0.9, */*;q=0.5', ...req.headers };
    let body: string | undefined;
    if (req.form) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    }
    const res = await request(req.url, {
      method: req.method,
      headers,
      body,
      dispatcher: this.agent,
      headersTimeout: this.settings.timeoutMs,
      bodyTimeout: this.settings.timeoutMs,
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const bytes = new Uint8Array(await res.body.arrayBuffer());
    const ct = res.headers['content-type'];
    const contentType = Array.isArray(ct) ? (ct[0] ?? '') : (ct ?? '');
    return { status: res.statusCode, contentType, text: decodeBody(bytes, contentType), where };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
