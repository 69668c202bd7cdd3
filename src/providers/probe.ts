/**
 * One cheap request to see whether a source's host answers now: a HEAD of the contract's probe
 * address, no token, no retry, a short deadline. Any HTTP answer (401 included) means reachable.
 * A file source (the exchange's licensed file) is reachable when it can be read.
 */
import { access } from 'node:fs/promises';
import { request } from 'undici';
import type { ProviderContract } from './contract.js';
import { guardAddress } from './guard.js';

export interface ProbeResult {
  reachable: boolean;
  detail: string;
}

export async function probeSource(contract: ProviderContract, address: string, timeoutMs: number, clock: () => number = Date.now): Promise<ProbeResult> {
  if (!/^https?:\/\//i.test(address)) {
    try {
      await access(address);
      return { reachable: true, detail: 'file readable' };
    } catch {
      return { reachable: false, detail: 'file not readable' };
    }
  }
  const url = contract.probeUrl(address);
  guardAddress(contract.name, url);
  const start = clock();
  try {
    const res = await request(url, { method: 'HEAD', headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    await res.body.dump().catch(() => undefined);
    return { reachable: true, detail: `HTTP ${res.statusCode} in ${clock() - start} ms` };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const code = (error as { code?: string } | null)?.code ?? '';
    return { reachable: false, detail: /Timeout|Abort/i.test(name) || /TIMEOUT/i.test(code) ? `no answer within ${timeoutMs} ms` : `unreachable${code ? ` (${code})` : ''}` };
  }
}
