/**
 * Random lasso problems for the solver tests (homotopy.test.ts, active-set.test.ts): a standardised
 * design with columns correlated through a shared factor, y from three of them plus noise, and its
 * Gram matrix G = XᵀX/n, q = Xᵀy/n, yy = yᵀy/n (y centred). `shift` draws that many more rows and
 * drops them from the front: the window of the next day, n rows still.
 */
export function lassoProblem(seed: number, n: number, p: number, rho: number, shift = 0) {
  let s = seed >>> 0 || 1;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n + shift; i++) {
    const f = rnd();
    const row = Array.from({ length: p }, () => rho * f + (1 - rho) * rnd());
    X.push(row);
    y.push(2 * (row[0] as number) - (row[1] as number) + 0.5 * (row[p - 1] as number) + 0.3 * rnd());
  }
  X.splice(0, shift);
  y.splice(0, shift);
  for (let j = 0; j < p; j++) {
    const m = X.reduce((a, r) => a + (r[j] as number), 0) / n;
    const sd = Math.sqrt(X.reduce((a, r) => a + ((r[j] as number) - m) ** 2, 0) / n);
    for (const r of X) r[j] = ((r[j] as number) - m) / sd;
  }
  const ym = y.reduce((a, b) => a + b, 0) / n;
  const g = new Float64Array(p * p);
  const q = new Float64Array(p);
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++) g[a * p + b] = X.reduce((acc, r) => acc + (r[a] as number) * (r[b] as number), 0) / n;
    q[a] = X.reduce((acc, r, i) => acc + (r[a] as number) * ((y[i] as number) - ym), 0) / n;
  }
  const yy = y.reduce((acc, v) => acc + (v - ym) ** 2, 0) / n;
  return { g, q, yy, rnd };
}
