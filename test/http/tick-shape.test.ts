/**
 * tick-shape.ts: the object it keeps has the map of Node's tick objects (so their maps outlive a full
 * GC and nextTick's literal stays monomorphic). Checked in a child process with V8's natives (the
 * map comparison and a forced GC), so this worker's process is left as it was.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../../src/http/tick-shape.ts', import.meta.url));

const PROBE = `
import { createHook } from 'node:async_hooks';
const { keepTickShape, keptTickShape } = await import(${JSON.stringify(MODULE)});
function tickObject() {
  let seen;
  const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject' && seen === undefined) seen = resource; } }).enable();
  process.nextTick(() => {});
  hook.disable();
  return seen;
}
// A full GC with no tick object alive first: the tick objects' maps are freed, so the kept object makes the maps the next ticks take.
await new Promise((resolve) => setTimeout(resolve, 10));
for (let i = 0; i < 3; i += 1) gc();
keepTickShape();
keepTickShape();
const kept = keptTickShape();
const before = %HaveSameMap(kept, tickObject());
for (let i = 0; i < 3; i += 1) gc();
await new Promise((resolve) => setTimeout(resolve, 10));
for (let i = 0; i < 3; i += 1) gc();
const after = %HaveSameMap(kept, tickObject());
console.log(JSON.stringify({ before, after, same: keptTickShape() === kept }));
`;

describe('the kept tick shape', () => {
  it('has the map of a tick object, made after a full GC and after more, and is made once', () => {
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', PROBE], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({ before: true, after: true, same: true });
  });
});
