/**
 * Keeps Node's tick objects on V8's fast path for the life of the process.
 *
 * `process.nextTick` (Node 20, lib/internal/process/task_queues.js) builds every tick object with an
 * object literal whose first keys are computed: `{ [async_id_symbol]: id, [trigger_async_id_symbol]:
 * id, callback, args }`. V8 defines each property after a computed key through a feedback slot that
 * holds the object's hidden class (map) weakly, and goes from monomorphic straight to megamorphic the
 * first time it sees another map (Runtime_DefineKeyedOwnPropertyInLiteral has no polymorphic state).
 * A full GC at a moment when no tick object is alive frees those maps; the next tick builds new
 * ones, the slots turn megamorphic, and from then on every `nextTick` (five or six a request: the
 * socket's writes, stream ends) defines three properties in V8's runtime with a map transition each:
 * ≈ 20,000 instructions a plan request, in whichever process that GC happened to hit (a forced GC
 * after start reproduces it every time; docs/benchmarks.md, "HTTP door per request (issue 25,
 * 2026-11-28)").
 *
 * One object of the same shape, held for the life of the process, keeps those maps alive. It is
 * built by a literal of the same form from the same two symbols (taken from an AsyncResource, which
 * carries them as own properties) and values of the same kinds, so V8 gives it the same maps as a
 * tick object. Harmless where Node differs: without the two symbols nothing is kept.
 */
import { AsyncResource } from 'node:async_hooks';

let kept: object | undefined;
/**
 * Node's ids reach the tick objects as heap numbers, so their two id fields hold doubles: a
 * non-integer makes ours doubles too, whether the tick objects' maps are alive when this runs (the
 * same maps) or were freed by a GC before (then the maps made here are the ones the next ticks take;
 * small integers would make integer fields, which the next tick's heap number would replace).
 */
const NOT_AN_INTEGER = 0.5;

function noop(): void {}

/** The literal of Node's nextTick, same keys in the same order. */
function tickShaped(asyncId: symbol, triggerId: symbol, id: number, callback: () => void, args: unknown[] | undefined): object {
  return { [asyncId]: id, [triggerId]: id, callback, args };
}

/** Once per process (idempotent): hold one object of the tick objects' shape. */
export function keepTickShape(): void {
  if (kept !== undefined) return;
  const symbols = Object.getOwnPropertySymbols(new AsyncResource('svc-tick-shape', { requireManualDestroy: true }));
  const asyncId = symbols.find((s) => s.description === 'async_id_symbol');
  const triggerId = symbols.find((s) => s.description === 'trigger_async_id_symbol');
  if (asyncId === undefined || triggerId === undefined) return;
  kept = tickShaped(asyncId, triggerId, NOT_AN_INTEGER, noop, undefined);
}

/** The object held (for tests). */
export function keptTickShape(): object | undefined {
  return kept;
}
