/**
 * Tests never reach a real host. Under the test runner (Vitest sets VITEST in its workers, and the
 * CLI processes a test starts inherit it) every provider request to an address other than the
 * local machine throws a programming error — not an upstream error, so no fallback hides it and
 * the test fails. A test points providers at a local replay server (or a closed local port for an
 * unreachable host). The one place in the providers that reads the environment: the runner's flag
 * is not configuration.
 */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export class RealHostInTestError extends Error {
  constructor(provider: string, host: string) {
    super(`${provider}: a test tried to reach ${host}; point the provider at a local replay server (tests never reach real hosts)`);
    this.name = 'RealHostInTestError';
  }
}

export function underTest(): boolean {
  return process.env.VITEST !== undefined && process.env.VITEST !== '' && process.env.VITEST !== 'false';
}

/** Throws when a request to `url` would leave the machine during the test suite. */
export function guardAddress(provider: string, url: URL | string): void {
  if (!underTest()) return;
  const host = (typeof url === 'string' ? new URL(url) : url).hostname;
  // A name under .invalid (RFC 6761) never resolves, so a request to it reaches no host: the tests'
  // way to make a lookup fail (the audit sink's `transport failure (ENOTFOUND)`).
  if (!LOCAL_HOSTS.has(host) && !host.endsWith('.invalid')) throw new RealHostInTestError(provider, host);
}
