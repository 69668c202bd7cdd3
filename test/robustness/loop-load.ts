/**
 * Health latency of a running server while heavy callers keep it busy, as a ratio to the same
 * server idle (test/robustness/off-loop.test.ts; bench/admission.bench.ts). Each heavy caller
 * sends its body again as soon as it is answered, from its own address (X-Forwarded-For through a
 * trusted proxy), until the health samples are taken.
 */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * `n` sequential GET /api/health, their times in ms; a status other than 200 or 503 throws.
 * `busy` (when given) is read as each answer arrives; `whileBusy` counts the answers that came
 * while it was above zero (heavy work still held by the pool, src/ops/pool.ts poolTasksInFlight).
 */
export async function healthTimes(url: string, n: number, busy?: () => number): Promise<number[] & { whileBusy: number }> {
  const out = Object.assign([] as number[], { whileBusy: 0 });
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    if (busy && busy() > 0) out.whileBusy++;
    if (res.status !== 200 && res.status !== 503) throw new Error(`GET /api/health answered ${res.status}`);
  }
  return out;
}

export interface HeavyCall {
  path: string;
  body: string;
}

export interface LoopLoad {
  idleMs: number;
  loadedMs: number;
  ratio: number;
  /** Health answers under the heavy callers that came while each `busy` probe was above zero, by probe. */
  whileBusy: Record<string, number>;
  /** Heavy answers by status while the samples were taken. */
  statuses: Record<number, number>;
}

/** Median health latency idle, then under `calls` (one caller each, repeating) once `settleMs` have passed; the callers stop after. */
export async function healthUnderHeavyCalls(url: string, calls: HeavyCall[], o: { samples?: number; settleMs?: number; busy?: Record<string, () => number> } = {}): Promise<LoopLoad> {
  const samples = o.samples ?? 15;
  await healthTimes(url, 5);
  const idleMs = median(await healthTimes(url, samples));
  let stop = false;
  const statuses: Record<number, number> = {};
  const caller = async (c: HeavyCall, i: number): Promise<void> => {
    while (!stop) {
      const res = await fetch(`${url}${c.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.0.${i + 1}` }, body: c.body }).catch(() => null);
      await res?.arrayBuffer();
      if (res) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  const running = calls.map(caller);
  await new Promise((r) => setTimeout(r, o.settleMs ?? 1_500));
  const whileBusy: Record<string, number> = {};
  const probes = Object.entries(o.busy ?? {});
  const loaded: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = await healthTimes(url, 1);
    loaded.push(...t);
    for (const [name, probe] of probes) if (probe() > 0) whileBusy[name] = (whileBusy[name] ?? 0) + 1;
  }
  const loadedMs = median(loaded);
  stop = true;
  await Promise.all(running);
  return { idleMs, loadedMs, ratio: loadedMs / idleMs, whileBusy, statuses };
}
