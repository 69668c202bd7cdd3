/**
 * The forecast's member fits kept between processes (docs/forecast.md, "Doors"). Phase 1 of a
 * forecast (engines/forecast/rolling.ts memberForecasts: every LEAR member fitted on each day of the
 * range and its warm-up) is nearly all of its cost, and each day's fits depend on that day's inputs
 * alone. So each day t's member outputs (members × 24 float64) are stored in one file named by the
 * SHA-256 of
 *   - the cache format and the model revision (MODEL_REVISION: an upgraded engine never reads the
 *     previous one's fits), the members and lasso options,
 *   - exactly the inputs the fits of t read (engines/forecast/fit-inputs.ts fitReads: the prices,
 *     observed flags, exogenous and extra columns, breaks and caps band of the longest fitted window
 *     and its lags before t, the number and names of the columns, t's day of week),
 * so a second `svc forecast --date D` reads all its days back, `--date D+1` fits one, and a book
 * that differs only outside a day's window (a longer book, a correction after D) reuses the day.
 *
 * Files: `<dir>/<key>.f64`, a 32-byte header (magic with the byte order, members, hours, the first
 * 16 bytes of the payload's SHA-256) and the payload. Written to a unique temp name and renamed
 * (atomic: a reader sees a whole file or none; concurrent processes writing the same day write the
 * same bits). A file that is short, of another layout or whose checksum fails is ignored and its
 * day refitted. A hit touches the file's mtime; after a run that wrote files, when the directory
 * holds more than `maxBytes`, the least recently used files are deleted down to three quarters of
 * it (and temp files older than an hour). Every disk error only costs the reuse, never the forecast.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { H, fitReads, type DailySeries, type DayRange, type LearOptions } from '../../engines/forecast/index.js';
import type { FitCacheConfig } from '../../config/fit-cache.js';
import { MODEL_REVISION } from './forecast-model.js';

/** Bumped when the file layout or the key's composition changes. */
const FORMAT = 'svc-member-fits 1';
const MAGIC = Buffer.from(`svcfm1${endianness()}`, 'latin1'); // 8 bytes
const HEADER = 32;
const STALE_TMP_MS = 3_600_000;

export interface MemberCache {
  dir: string;
  maxBytes: number;
}

/** What a run found: days read back, days fitted (and stored). */
export interface MemberCacheStats {
  read: number;
  fitted: number;
}

/** The cache of a configuration: SVC_FIT_CACHE_DIR, else `<dataDir>/cache/forecast-members`; null when SVC_FIT_CACHE=false. */
export function memberCacheOf(config: { dataDir: string } & Partial<FitCacheConfig> | undefined): MemberCache | null {
  if (!config) return null;
  const c = config.fitCache;
  if (c && !c.enabled) return null;
  return { dir: c?.dir ?? join(config.dataDir, 'cache', 'forecast-members'), maxBytes: c?.maxBytes ?? 64 * 1024 * 1024 };
}

const bytes = (a: Float64Array | Uint8Array, [lo, hi]: DayRange, width: number): Uint8Array =>
  hi < lo ? new Uint8Array(0) : new Uint8Array(a.buffer, a.byteOffset + lo * width * a.BYTES_PER_ELEMENT, (hi - lo + 1) * width * a.BYTES_PER_ELEMENT);

/** The key of day t's member fits (hex SHA-256), or null when the day reads nothing (it cannot be forecast, or no member is fitted). */
export function memberDayKey(s: DailySeries, t: number, lear: LearOptions): string | null {
  const r = fitReads(s, t, lear);
  if (!r) return null;
  const breaks = r.breaks ? (s.breaks ?? []).filter((b) => b >= (r.breaks as DayRange)[0] && b <= (r.breaks as DayRange)[1]).map((b) => b - t) : null;
  const h = createHash('sha256');
  h.update(JSON.stringify({ FORMAT, MODEL_REVISION, lear, fitted: r.fitted, dow: r.dow, exog: s.exog.length, extra: s.extra?.names ?? null, breaks, caps: r.caps[0] <= r.caps[1] ? r.caps[0] - t : null }));
  h.update(bytes(s.price, r.price, H));
  h.update(bytes(s.observed, r.observed, 1));
  for (const x of s.exog) h.update(bytes(x, r.exog, H));
  if (s.extra) {
    for (const x of s.extra.hourly) h.update(bytes(x, r.extra, H));
    for (const x of s.extra.daily) h.update(bytes(x, r.extra, 1));
  }
  if (s.caps) {
    h.update(bytes(s.caps.lo, r.caps, H));
    h.update(bytes(s.caps.hi, r.caps, H));
  }
  return h.digest('hex');
}

const fileOf = (c: MemberCache, key: string): string => join(c.dir, `${key}.f64`);

/** The stored fits of a key (members × 24), or null: absent, short, another layout, a failed checksum. */
export function readDay(c: MemberCache, key: string, members: number): Float64Array | null {
  const file = fileOf(c, key);
  let b: Buffer;
  try {
    b = readFileSync(file);
  } catch {
    return null;
  }
  const n = members * H;
  if (b.length !== HEADER + n * 8 || !b.subarray(0, 8).equals(MAGIC) || b.readUInt32LE(8) !== members || b.readUInt32LE(12) !== H) return null;
  const payload = b.subarray(HEADER);
  if (!createHash('sha256').update(payload).digest().subarray(0, 16).equals(b.subarray(16, HEADER))) return null;
  const out = new Float64Array(n);
  new Uint8Array(out.buffer).set(payload);
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Evicted meanwhile: the bits are read already.
  }
  return out;
}

/** Stores a day's fits (tmp + rename); false when the directory cannot be written. */
export function writeDay(c: MemberCache, key: string, members: number, fits: Float64Array): boolean {
  const payload = new Uint8Array(fits.buffer, fits.byteOffset, members * H * 8);
  const head = Buffer.alloc(HEADER);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(members, 8);
  head.writeUInt32LE(H, 12);
  createHash('sha256').update(payload).digest().copy(head, 16, 0, 16);
  const file = fileOf(c, key);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([head, payload]), { flag: 'wx' });
    renameSync(tmp, file);
    return true;
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // never written
    }
    return false;
  }
}

/** Deletes the least recently used fits down to 3/4 of maxBytes when the directory holds more than maxBytes (and stale temp files). */
export function evict(c: MemberCache, fileBytes = 0, now = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(c.dir);
  } catch {
    return 0;
  }
  // The fits of one member set are all of one size: no need to stat a directory that cannot be over.
  if (names.length * fileBytes <= c.maxBytes) return 0;
  const files: { file: string; size: number; mtime: number }[] = [];
  let total = 0;
  let removed = 0;
  for (const name of names) {
    const file = join(c.dir, name);
    try {
      const st = statSync(file);
      if (name.endsWith('.tmp')) {
        if (now - st.mtimeMs > STALE_TMP_MS) unlinkSync(file);
        continue;
      }
      if (!name.endsWith('.f64')) continue;
      files.push({ file, size: st.size, mtime: st.mtimeMs });
      total += st.size;
    } catch {
      // Removed by another process meanwhile.
    }
  }
  if (total <= c.maxBytes) return 0;
  files.sort((x, y) => x.mtime - y.mtime);
  for (const f of files) {
    if (total <= (c.maxBytes * 3) / 4) break;
    try {
      unlinkSync(f.file);
      removed++;
    } catch {
      // Removed by another process meanwhile.
    }
    total -= f.size;
  }
  return removed;
}

/**
 * Days fitted at a time and stored before the next are fitted: a cold plan on the forecast fits
 * ≈ 148 days, and on a busy server its request may pass the deadline; the retry then reads what the
 * first request fitted instead of starting again. Large enough that each piece still spreads over
 * the pool's threads (forecast-parallel.ts chunks it).
 */
export const STORE_EVERY_DAYS = 28;

/** Fits the member forecasts of days a..b (the engine's layout); progress relative to the range. */
export type FitDays = (a: number, b: number, onProgress?: (done: number) => void) => Promise<Float64Array>;

/**
 * memberForecasts(s, a, to, lear) with each day read from the cache when stored there, the others
 * fitted by `fit` (consecutive days together, STORE_EVERY_DAYS at most) and stored piece by piece.
 */
export async function cachedMemberForecasts(s: DailySeries, a: number, to: number, lear: LearOptions, c: MemberCache, fit: FitDays, onProgress?: (done: number, total: number) => void): Promise<{ members: Float64Array; stats: MemberCacheStats }> {
  const nm = lear.members.length;
  const len = Math.max(0, to - a + 1);
  const out = new Float64Array(len * nm * H).fill(Number.NaN);
  const keys: (string | null)[] = [];
  const todo: number[] = [];
  let writable = true;
  try {
    mkdirSync(c.dir, { recursive: true });
  } catch {
    writable = false;
  }
  for (let t = a; t <= to; t++) {
    const key = memberDayKey(s, t, lear);
    keys.push(key);
    const hit = key && writable ? readDay(c, key, nm) : null;
    if (hit) out.set(hit, (t - a) * nm * H);
    else todo.push(t);
  }
  const read = len - todo.length;
  let done = read;
  if (read > 0) onProgress?.(done, len);
  let stored = 0;
  for (let i = 0; i < todo.length; ) {
    let j = i;
    // Consecutive days together, STORE_EVERY_DAYS at most: what a run fitted is stored as it goes, so
    // a run cancelled part-way (a served request past its deadline) leaves its fits for the retry.
    while (j + 1 < todo.length && todo[j + 1] === (todo[j] as number) + 1 && j + 1 - i < STORE_EVERY_DAYS) j++;
    const from = todo[i] as number;
    const end = todo[j] as number;
    const part = await fit(from, end, (d) => onProgress?.(done + d, len));
    out.set(part, (from - a) * nm * H);
    done += end - from + 1;
    for (let t = from; t <= end && writable; t++) {
      const key = keys[t - a];
      if (key && writeDay(c, key, nm, part.subarray((t - from) * nm * H, (t - from + 1) * nm * H))) stored++;
    }
    i = j + 1;
  }
  if (stored > 0) evict(c, HEADER + nm * H * 8);
  return { members: out, stats: { read, fitted: todo.length } };
}
