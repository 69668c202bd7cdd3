/**
 * Headless Chromium for the report tests: Debian's `chromium` (no browser download) driven by
 * playwright-core. `browserUnavailable()` says why none can run here, so the tests skip loudly
 * (and fail under CI=true, where .ci/run installs it: a CI run never passes without the browser).
 */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.SVC_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

/** The part of playwright-core these tests use (typed here: the package may be absent where they skip). */
export interface Page {
  on(event: 'console', fn: (m: { type(): string; text(): string }) => void): void;
  on(event: 'pageerror', fn: (e: Error) => void): void;
  on(event: 'request', fn: (r: { url(): string }) => void): void;
  goto(url: string, options?: { waitUntil?: 'load' }): Promise<unknown>;
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  pdf(options: { format: 'A4' }): Promise<Buffer>;
  close(): Promise<void>;
}
export interface Browser {
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}
interface Playwright {
  chromium: { launch(options: { executablePath: string; args: string[] }): Promise<Browser> };
}

let loaded: { pw: Playwright | null; why: string | null } | undefined;

/** playwright-core, or null with the reason. SVC_PLAYWRIGHT_CORE may point at another install of it. */
export async function playwright(): Promise<{ pw: Playwright | null; why: string | null }> {
  if (loaded) return loaded;
  if (!existsSync(CHROMIUM)) return (loaded = { pw: null, why: `no Chromium at ${CHROMIUM} (as root: apt-get install -y chromium; .ci/run does)` });
  try {
    const pw = (await import(process.env.SVC_PLAYWRIGHT_CORE ?? 'playwright-core')) as Playwright & { default?: Playwright };
    return (loaded = { pw: pw.chromium ? pw : (pw.default ?? null), why: null });
  } catch (error) {
    return (loaded = { pw: null, why: `playwright-core cannot be loaded (${(error as Error).message.split('\n')[0]}); npm ci installs it` });
  }
}

export async function launch(pw: Playwright): Promise<Browser> {
  return pw.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
