/**
 * Phase-1 cache for forecast benches (not used by the package): every LEAR member's forecasts of a
 * range (engines/forecast/rolling.ts memberForecasts, deterministic, the same bits wherever they
 * are computed), one file per member, keyed by the member, the range, the lasso options and the
 * SHA-256 of the series. A bench that changes only the combination, the bands or the quantiles
 * then re-runs phase 2 on the cached fits in seconds instead of refitting a year.
 *
 * Directory: $SVC_FORECAST_CACHE, else <os tmpdir>/svc-forecast-member-cache. Delete it to refit.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { H, memberForecasts, type DailySeries, type LearMember, type LearOptions } from '../src/engines/forecast/index.js';
import { trainingDays } from '../src/engines/forecast/lear.js';

export const CACHE_DIR = process.env.SVC_FORECAST_CACHE ?? join(tmpdir(), 'svc-forecast-member-cache');

function seriesHash(s: DailySeries): string {
  const h = createHash('sha256');
  h.update(`${s.startDay}:${s.nDays}:${s.exog.length}`);
  h.update(new Uint8Array(s.price.buffer, s.price.byteOffset, s.price.byteLength));
  h.update(s.observed);
  for (const x of s.exog) h.update(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
  // The exogenous design columns (issue 28) change every fit: part of the key.
  if (s.extra) {
    h.update(JSON.stringify(s.extra.names));
    for (const x of [...s.extra.hourly, ...s.extra.daily]) h.update(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
  }
  return h.digest('hex').slice(0, 20);
}

function capsHash(s: DailySeries): string {
  if (!s.caps) return 'none';
  const h = createHash('sha256').update(`${s.caps.from}`);
  for (const x of [s.caps.lo, s.caps.hi]) h.update(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
  return h.digest('hex').slice(0, 20);
}

/** memberForecasts(s, a, to, lear), each member read from the cache or fitted and stored. */
export function cachedMemberForecasts(s: DailySeries, a: number, to: number, lear: LearOptions, log: (msg: string) => void = () => {}, revision = ''): Float64Array {
  mkdirSync(CACHE_DIR, { recursive: true });
  const nm = lear.members.length;
  const len = Math.max(0, to - a + 1);
  const out = new Float64Array(len * nm * H);
  const sh = seriesHash(s);
  const fileOf = (m: LearMember) => {
    const breaks = m.sinceBreak === undefined ? null : s.breaks ?? [];
    // A member on the caps (lear.ts space) also reads the band of the caps.
    const caps = m.space === 'caps' ? capsHash(s) : null;
    const key = createHash('sha256').update(JSON.stringify({ m, a, to, lasso: lear.lasso, sh, revision, ...(breaks ? { breaks } : {}), ...(caps ? { caps } : {}) })).digest('hex').slice(0, 24);
    return join(CACHE_DIR, `${key}.bin`);
  };
  const read = (file: string) => {
    const b = readFileSync(file);
    return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  };
  lear.members.forEach((m: LearMember, c: number) => {
    const file = fileOf(m);
    let one: Float64Array;
    if (existsSync(file)) one = read(file);
    else {
      const t0 = performance.now();
      const { sinceBreak: _sb, ...base } = m;
      const baseFile = fileOf(base);
      if (m.sinceBreak !== undefined && existsSync(baseFile)) {
        // A regime-aware member differs from its base only on the days whose window it cuts at a break.
        one = read(baseFile);
        for (let t = a; t <= to; t++) {
          const mine = trainingDays(s, t, m);
          const theirs = trainingDays(s, t, base);
          if (mine?.[0] === theirs?.[0] && mine?.length === theirs?.length) continue;
          one.set(memberForecasts(s, t, t, { members: [m], lasso: lear.lasso }), (t - a) * H);
        }
      } else one = memberForecasts(s, a, to, { members: [m], lasso: lear.lasso });
      writeFileSync(`${file}.tmp`, new Uint8Array(one.buffer));
      renameSync(`${file}.tmp`, file);
      log(`fitted member ${JSON.stringify(m)} over ${len} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    for (let i = 0; i < len; i++) out.set(one.subarray(i * H, i * H + H), (i * nm + c) * H);
  });
  return out;
}
