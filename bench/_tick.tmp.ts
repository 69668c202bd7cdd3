const mod = process.argv[2];
if (mod !== 'none') await import(mod as string);
function bench() {
  return new Promise<number>((resolve) => {
    let n = 0; const N = 300000; const t = process.hrtime.bigint();
    const step = () => { if (++n < N) process.nextTick(step); else resolve(Number(process.hrtime.bigint() - t) / N); };
    process.nextTick(step);
  });
}
for (let i = 0; i < 3; i++) await bench();
console.log(mod, 'ns per nextTick', (await bench()).toFixed(1));
