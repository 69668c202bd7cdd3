// Builds fixtures/ua-res/gpee-res-hourly-mw-2022-2025.csv from ../shared/data/ua-res (the only
// script that reads the shared copy for this fixture). One row per day and series (solar/wind ×
// actual/projected), the 24 hourly values (hour 0..23 local) rounded to 0.1 MW. fixtures/README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = `${root}../../shared/data/ua-res/`;
const out = `${root}fixtures/ua-res/gpee-res-hourly-mw-2022-2025.csv`;
const days = new Map();
const key = (d) => `${d.slice(6)}${d.slice(3, 5)}${d.slice(0, 2)}`;
for (const gen of ['solar', 'wind']) {
  const lines = readFileSync(`${shared}gpee_${gen}_hourly_mw.csv`, 'utf8').trim().split(/\r?\n/).slice(1);
  for (const line of lines) {
    const [date, hour, actual, projected] = line.split(',');
    const day = days.get(date) ?? {};
    for (const [kind, v] of [['actual', actual], ['projected', projected]]) {
      const row = (day[`${gen}_${kind}`] ??= new Array(24).fill(''));
      row[Number(hour)] = v === '' || v === 'NA' ? '' : String(Math.round(Number(v) * 10) / 10);
    }
    days.set(date, day);
  }
}
const rows = ['date,series,' + Array.from({ length: 24 }, (_, h) => `h${String(h).padStart(2, '0')}`).join(',')];
for (const date of [...days.keys()].sort((a, b) => key(a).localeCompare(key(b)))) {
  const day = days.get(date);
  for (const s of ['solar_actual', 'solar_projected', 'wind_actual', 'wind_projected']) if (day[s]) rows.push(`${date},${s},${day[s].join(',')}`);
}
writeFileSync(out, rows.join('\n') + '\n');
console.log(`${rows.length - 1} rows -> ${out}`);
