/** Who a limit counts: the rate limiter (guard.ts) and admission control (admission.ts) key callers the same way. */
import type { Caller } from '../ops/types.js';

/** Per key, per signed-in user, master, service token, or else per client address. */
export function rateKey(caller: Caller, ip: string): string {
  if (caller.keyId) return `key:${caller.keyId}`;
  if (caller.via === 'jwt') return `user:${caller.tenantId}:${caller.actorId}`;
  if (caller.via === 'masterKey') return 'master';
  if (caller.via === 'serviceToken') return 'service';
  return `ip:${ip}`;
}
