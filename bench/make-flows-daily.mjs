// Builds fixtures/tsoplatform/flows-daily-net-2022-02_2023-03.csv from the real hourly physical
// flows in ../shared/data/entsoe/: per Kyiv trade day and border, the mean over the day's hours of
// import − export (MW, + = net import into Ukraine), over the hours where both legs have a value,
// and how many hours that is. Exports are stamped in Kyiv time, imports in CET; both are parsed
// with their offsets (UTC instants), then mapped to the Kyiv day by the EU clock-change rule.
// Run once from the repository root:  node bench/make-flows-daily.mjs   (SVC_SHARED_DATA=<dir> when ../shared/data is elsewhere)
// Only bench/ may read ../shared; the output is committed with its provenance in fixtures/README.md.
import { readFileSync, writeFileSync } from 'node:fs';

const BORDERS = ['PL', 'SK', 'HU', 'RO', 'MD'];
const HOUR = 3_600_000;
const SHARED = process.env.SVC_SHARED_DATA ?? '../shared/data';

function read(file) {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = head.split(',').slice(1);
  const rows = new Map();
  for (const line of lines) {
    const [stamp, ...vals] = line.split(',');
    rows.set(Date.parse(stamp.replace(' ', 'T')), Object.fromEntries(cols.map((c, i) => [c, vals[i]])));
  }
  return rows;
}

const lastSunday = (y, m) => { const d = new Date(Date.UTC(y, m, 0)); return d.getUTCDate() - d.getUTCDay(); };
function kyivDay(ms) {
  const y = new Date(ms).getUTCFullYear();
  const summer = ms >= Date.UTC(y, 2, lastSunday(y, 3), 1) && ms < Date.UTC(y, 9, lastSunday(y, 10), 1);
  const local = new Date(ms + (summer ? 3 : 2) * HOUR);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
}

const exp = read(`${SHARED}/entsoe/ua_crossborder_physical_flows_exports_2022-02_2023-03.csv`);
const imp = read(`${SHARED}/entsoe/ua_crossborder_physical_flows_imports_2022-02_2023-03.csv`);
const acc = new Map();
for (const [ms, out] of exp) {
  const into = imp.get(ms);
  if (!into) continue;
  const day = kyivDay(ms);
  for (const b of BORDERS) {
    if (out[b] === undefined || out[b] === '' || into[b] === undefined || into[b] === '') continue;
    const key = `${day},${b}`;
    const a = acc.get(key) ?? { sum: 0, n: 0 };
    a.sum += Number(into[b]) - Number(out[b]);
    a.n += 1;
    acc.set(key, a);
  }
}
const order = (k) => { const [d, b] = k.split(','); return `${d.slice(6)}${d.slice(3, 5)}${d.slice(0, 2)}${BORDERS.indexOf(b)}`; };
const lines = [...acc.entries()].sort((x, y) => order(x[0]).localeCompare(order(y[0]))).map(([k, { sum, n }]) => `${k},${(sum / n).toFixed(2)},${n}`);
writeFileSync('fixtures/tsoplatform/flows-daily-net-2022-02_2023-03.csv', `date,border,net_import_mw,hours\n${lines.join('\n')}\n`);
console.log(`${lines.length} rows`);
