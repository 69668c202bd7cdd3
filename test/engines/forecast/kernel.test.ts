/** The kernel member (kernel.ts): its Cholesky factor, its forecast against a direct solve, no look-ahead, determinism. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { realBook } from '../backtest-fixture.js';
import { H, makeSeries, memberForecasts, seriesFromPriceBook, type DailySeries, type LearMember } from '../../../src/engines/forecast/index.js';
import { LearScratch, forecastMember, prepareWindow } from '../../../src/engines/forecast/lear.js';
import { DEFAULT_LASSO } from '../../../src/engines/forecast/lasso.js';
import { choleskyInPlace, fitMember, kernelColumns, kernelForecast } from '../../../src/engines/forecast/kernel.js';
import { inverse, npitInverse } from '../../../src/engines/forecast/scaling.js';
import { describeMembers, memberName } from '../../../src/engines/forecast/member-names.js';
import { DEFAULT_LEAR } from '../../../src/engines/forecast/members.js';

let cached: DailySeries | undefined;
const series = (): DailySeries => (cached ??= seriesFromPriceBook(realBook().book));
const KERNEL: LearMember = { window: 42, transform: 'asinh', kernel: { bandwidth: 1, ridge: 0.03 } };
const bits = (a: ArrayLike<number>) => Buffer.from(Float64Array.from(a).buffer).toString('hex');
/** The first day of the fixture book with a whole window of history. */
const T = 60;

/** x = A⁻¹ b by Gaussian elimination with partial pivoting (A row-major n × n, copied). */
function solveDense(a0: number[][], b0: number[]): number[] {
  const n = b0.length;
  const a = a0.map((r) => [...r]);
  const b = [...b0];
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < n; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

describe('choleskyInPlace', () => {
  it('factors random positive definite matrices: L·Lᵀ = A, every size around the four-row groups', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 1e6 }), (n, seed) => {
        let x = seed;
        const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
        const m = Array.from({ length: n * n }, rnd);
        const a = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
          let s = i === j ? 0.5 : 0;
          for (let k = 0; k < n; k++) s += m[i * n + k]! * m[j * n + k]!;
          a[i * n + j] = s;
        }
        const l = Float64Array.from(a);
        expect(choleskyInPlace(l, n)).toBe(true);
        for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) {
          let s = 0;
          for (let k = 0; k <= j; k++) s += l[i * n + k]! * l[j * n + k]!;
          expect(s).toBeCloseTo(a[i * n + j]!, 9);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(choleskyInPlace(Float64Array.from([1, 2, 2, 1]), 2)).toBe(false);
    expect(choleskyInPlace(Float64Array.from([0]), 1)).toBe(false);
  });
});

describe('kernelForecast', () => {
  it.each(['asinh', 'npit'] as const)('is kernel ridge regression: the same forecast as a direct dense solve of (K + ridge·I)·A = Y (%s)', (transform) => {
    const s = series();
    const out = new Float64Array(H);
    const k = new LearScratch(s, 42);
    // Bandwidth 2, where a bandwidth put on the wrong side of the fraction would show.
    expect(kernelForecast(s, T, { ...KERNEL, transform, kernel: { bandwidth: 2, ridge: 0.03 } }, k, out)).toBe(true);
    // The reference, written out from the definition on the same design.
    const r = new LearScratch(s, 42);
    const prepared = prepareWindow(s, T, { window: 42, transform }, r);
    if (!prepared) throw new Error('no window');
    const { n, yScale, yMean } = prepared;
    const cols = kernelColumns(s, r.p, r.diag);
    expect(cols.length).toBeGreaterThan(H); // d-1's prices and the dummies at least
    const zi = (i: number) => cols.map((c) => r.x[c * n + i]!);
    const zs = cols.map((c) => r.row[c]!);
    const kern = (u: number[], v: number[]) => Math.exp(-u.reduce((a, x, q) => a + (x - v[q]!) ** 2, 0) / (2 * cols.length * 2));
    const rows = Array.from({ length: n }, (_, i) => zi(i));
    const K = rows.map((u, i) => rows.map((v, j) => kern(u, v) + (i === j ? 0.03 : 0)));
    const ks = rows.map((u) => kern(u, zs));
    for (let h = 0; h < H; h++) {
      const a = solveDense(K, Array.from({ length: n }, (_, i) => r.y[h * n + i]!));
      const f = yMean[h]! + a.reduce((acc, v, i) => acc + v * ks[i]!, 0);
      // asinh: the hour's scale; N-PIT: the normal quantile back to the window's sorted prices of the hour.
      expect(out[h]).toBeCloseTo(transform === 'asinh' ? inverse(f, yScale![h]!) : npitInverse(f, r.ySorted.subarray(h * n, h * n + n), n), 6);
    }
  });

  it('tends to the window\'s centre as the ridge grows: a large ridge shrinks every coefficient to 0', () => {
    const s = series();
    const k = new LearScratch(s, 42);
    const big = new Float64Array(H);
    kernelForecast(s, T, { ...KERNEL, kernel: { bandwidth: 1, ridge: 1e9 } }, k, big);
    const prepared = prepareWindow(s, T, { window: 42, transform: 'asinh' }, new LearScratch(s, 42));
    for (let h = 0; h < H; h++) expect(big[h]).toBeCloseTo(inverse(prepared!.yMean[h]!, prepared!.yScale![h]!), 4);
    const fitted = new Float64Array(H);
    kernelForecast(s, T, KERNEL, k, fitted);
    expect(bits(fitted)).not.toBe(bits(big));
  });

  it('reads nothing of day t or later: prices from day t on changed, the forecast of t is the same bits', () => {
    const s = series();
    const a = new Float64Array(H);
    kernelForecast(s, T, KERNEL, new LearScratch(s, 42), a);
    const price = Float64Array.from(s.price);
    for (let i = T * H; i < price.length; i++) price[i] = price[i]! * 3 + 500;
    const b = new Float64Array(H);
    kernelForecast({ ...s, price }, T, KERNEL, new LearScratch(s, 42), b);
    expect(bits(b)).toBe(bits(a));
    // and a price of t − 1 does move it
    const moved = Float64Array.from(s.price);
    moved[(T - 1) * H + 18] = moved[(T - 1) * H + 18]! + 2000;
    const c = new Float64Array(H);
    kernelForecast({ ...s, price: moved }, T, KERNEL, new LearScratch(s, 42), c);
    expect(bits(c)).not.toBe(bits(a));
  });

  it('is deterministic and serves as a member: the rolling fits hold its forecasts, the same bits as alone, beside a LEAR', () => {
    const s = series();
    const lear: LearMember = { window: 28, transform: 'asinh' };
    const all = memberForecasts(s, T, T + 2, { members: [lear, KERNEL], lasso: DEFAULT_LASSO });
    const k = new LearScratch(s, 42);
    for (let t = T; t <= T + 2; t++) {
      const one = new Float64Array(H);
      expect(fitMember(s, t, KERNEL, DEFAULT_LASSO, k, one)).toBe(true);
      expect(bits(all.subarray(((t - T) * 2 + 1) * H, ((t - T) * 2 + 2) * H))).toBe(bits(one));
      expect(one.every(Number.isFinite)).toBe(true);
    }
  });

  it('shares a design between kernels next to each other that read it, and each keeps the bits it has alone', () => {
    const s = series();
    const lear: LearMember = { window: 28, transform: 'asinh' };
    const b = (m: LearMember, bandwidth: number, ridge = 0.03): LearMember => ({ ...m, kernel: { ...m.kernel!, bandwidth, ridge } });
    const npit: LearMember = { ...KERNEL, transform: 'npit' };
    // Shared: b1, b2 (asinh), then b4/ridge 0.1 (asinh), then N-PIT b1 and b32; apart: a LEAR between two asinh kernels, another window, other lags.
    const members = [KERNEL, b(KERNEL, 2), b(KERNEL, 4, 0.1), npit, b(npit, 32), lear, b(KERNEL, 8), { ...KERNEL, window: 28 }, { ...KERNEL, kernel: { bandwidth: 1, ridge: 0.03, lags: [1, 7] } }];
    const all = memberForecasts(s, T, T + 1, { members, lasso: DEFAULT_LASSO });
    for (let t = T; t <= T + 1; t++)
      members.forEach((m, c) => {
        const one = new Float64Array(H);
        expect(fitMember(s, t, m, DEFAULT_LASSO, new LearScratch(s, 42), one)).toBe(true);
        expect(bits(all.subarray(((t - T) * members.length + c) * H, ((t - T) * members.length + c + 1) * H))).toBe(bits(one));
      });
    // and the shared design is not the same forecast twice: each bandwidth its own.
    const day = (c: number) => bits(all.subarray(c * H, (c + 1) * H));
    expect(new Set(members.map((_, c) => day(c))).size).toBe(members.length);
  });

  it('has no forecast without a whole window of history', () => {
    const s = series();
    expect(kernelForecast(s, 20, KERNEL, new LearScratch(s, 42), new Float64Array(H))).toBe(false);
  });
});

describe('the kernel members in the ensemble', () => {
  it('reads d-1\'s prices (or the lags it is given), each exogenous series at d (or at its lags), and the weekday; refuses a lag the design has not', () => {
    // A series with one exogenous column: the design is d-1, d-2, d-3, d-7 (96 columns), the series at d, d-1, d-7 (72), 7 dummies.
    const b = series();
    const days = 60;
    const dates = Array.from({ length: days }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10).split('-').reverse().join('.'));
    const prices = Array.from({ length: days }, (_, d) => Array.from({ length: H }, (_, h) => b.price[(d + 10) * H + h]!));
    const exog = [Array.from({ length: days }, (_, d) => Array.from({ length: H }, (_, h) => 1000 + 50 * Math.sin(d + h / 3)))];
    const s = makeSeries({ dates, prices, exog });
    const diag = new Float64Array(96 + 72 + 7).fill(1);
    const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);
    expect(kernelColumns(s, diag.length, diag)).toEqual([...range(0, 24), ...range(96, 24), ...range(168, 7)]);
    expect(kernelColumns(s, diag.length, diag, [1, 7])).toEqual([...range(0, 24), ...range(72, 24), ...range(96, 24), ...range(168, 7)]);
    expect(kernelColumns(s, diag.length, diag, [])).toEqual([...range(96, 24), ...range(168, 7)]);
    expect(kernelColumns(s, diag.length, diag, [1], [0, 7])).toEqual([...range(0, 24), ...range(96, 24), ...range(144, 24), ...range(168, 7)]);
    expect(kernelColumns(s, diag.length, diag, [1], [1])).toEqual([...range(0, 24), ...range(120, 24), ...range(168, 7)]);
    expect(() => kernelColumns(s, diag.length, diag, [1], [2])).toThrow(/exogenous lag 2/);
    diag[3] = 0; // a constant column is left out
    expect(kernelColumns(s, diag.length, diag)).not.toContain(3);
    expect(() => kernelColumns(s, diag.length, diag, [5])).toThrow(/price lag 5/);
    // and the forecast reads the series at d: a change of it on day t moves the forecast of t.
    const k = new LearScratch(s, 42);
    const a = new Float64Array(H);
    expect(kernelForecast(s, 50, KERNEL, k, a)).toBe(true);
    const x = Float64Array.from(s.exog[0]!);
    for (let h = 0; h < H; h++) x[50 * H + h] = x[50 * H + h]! + 200;
    const moved = new Float64Array(H);
    kernelForecast({ ...s, exog: [x] }, 50, KERNEL, new LearScratch(s, 42), moved);
    expect(bits(moved)).not.toBe(bits(a));
  });

  it('refuses what it cannot be: a LEAR call on a kernel member, a kernel on the caps', () => {
    const s = series();
    const k = new LearScratch(s, 42);
    const out = new Float64Array(H);
    expect(() => forecastMember(s, T, KERNEL, DEFAULT_LASSO, k, out)).toThrow(/not a LEAR/);
    expect(() => kernelForecast(s, T, { ...KERNEL, space: 'caps' }, k, out)).toThrow(/caps/);
  });

  it('keeps its buffers right across windows and lags on one scratch: the bits of a fresh scratch', () => {
    const s = series();
    const shared = new LearScratch(s, 84);
    const order: LearMember[] = [KERNEL, { ...KERNEL, window: 84, kernel: { bandwidth: 2, ridge: 0.03, lags: [1, 2, 3, 7] } }, { ...KERNEL, window: 28 }, { ...KERNEL, window: 84 }];
    for (const m of order) {
      const a = new Float64Array(H);
      const b = new Float64Array(H);
      kernelForecast(s, 100, m, shared, a);
      kernelForecast(s, 100, m, new LearScratch(s, 84), b);
      expect(bits(a)).toBe(bits(b));
    }
  });

  it('are named apart from the LEARs: the shipped three on 364 days, asinh bandwidths 2 and 4, N-PIT 8', () => {
    const kernels = DEFAULT_LEAR.members.filter((m) => m.kernel);
    expect(kernels.map((m) => [m.window, m.transform, m.kernel?.bandwidth, m.kernel?.ridge])).toEqual([
      [364, 'asinh', 2, 0.03],
      [364, 'asinh', 4, 0.03],
      [364, 'npit', 8, 0.03],
    ]);
    expect(memberName(KERNEL)).toBe('42 kernel b1');
    expect(memberName({ ...KERNEL, transform: 'npit' })).toBe('42 npit kernel b1');
    expect(new Set(DEFAULT_LEAR.members.map(memberName)).size).toBe(DEFAULT_LEAR.members.length);
    expect(describeMembers([{ window: 56, transform: 'asinh' }, ...kernels])).toBe('asinh 56 days; kernel ridge 364 days, bandwidth 2 and 4, N-PIT bandwidth 8');
    expect(describeMembers([{ window: 56, transform: 'asinh' }, ...kernels.slice(0, 2)])).toBe('asinh 56 days; kernel ridge 364 days, bandwidth 2 and 4');
    const npit = { window: 364, transform: 'npit' as const };
    expect(describeMembers([{ window: 56, transform: 'asinh' }, { ...npit, kernel: { bandwidth: 4, ridge: 0.03 } }, { ...npit, kernel: { bandwidth: 32, ridge: 0.03 } }])).toBe('asinh 56 days; kernel ridge 364 days, N-PIT bandwidth 4 and 32');
  });
});
