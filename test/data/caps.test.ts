import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPS_PATH, loadCapsTable, loadCapsTableSync, parseCapsTable } from '../../src/data/caps.js';
import { parsePriceBook } from '../../src/data/price-book.js';
import { hourlyPrices } from '../../src/domain/prices.js';
import { catchSvcError, fixture, readFixture } from './helpers.js';

const table = loadCapsTableSync();
const bands = (values: [number, number, number | null][]): (number | null)[] => {
  const out = new Array<number | null>(24).fill(null);
  for (const [from, to, v] of values) for (let h = from; h < to; h += 1) out[h] = v;
  return out;
};

describe('regulator caps table', () => {
  it('the default path is the fixture copy', async () => {
    expect(DEFAULT_CAPS_PATH).toBe(fixture('ua-price-caps.csv'));
    expect((await loadCapsTable()).rows).toHaveLength(table.rows.length);
    expect(table.rows).toHaveLength(52);
  });

  it('R1 (Res. 332/413, 28.02.2022-30.06.2023): DAM floors and night/day/evening maxima', () => {
    for (const date of ['28.02.2022', '15.06.2022', '30.06.2023']) {
      const c = table.capsFor(date, 'DAM');
      expect(c?.regime).toBe('R1');
      expect(c?.validFrom).toBe('28.02.2022');
      expect(c?.minByHour).toEqual(bands([[0, 7, 1378.97], [7, 23, 2646.25], [23, 24, 1378.97]]));
      expect(c?.maxByHour).toEqual(bands([[0, 7, 2000], [7, 23, 4000], [23, 24, 2000]]));
    }
  });

  it('R1 for IDM: maxima numeric, the floor a rule (110 % of DAM) from 01.03.2022, so null per hour', () => {
    const c = table.capsFor('15.06.2022', 'IDM');
    expect(c?.minByHour).toEqual(new Array(24).fill(null));
    expect(c?.maxByHour[12]).toBe(4000);
    expect(c?.rules).toEqual([{ bound: 'min', hourFrom: 0, hourTo: 24, rule: '110% of the DAM settlement price of the same period' }]);
    expect(table.capsFor('28.02.2022', 'IDM')?.rules).toEqual([]);
  });

  it('R2 (Res. 1126, 01.07.2023-30.11.2023), with [hour_from, hour_to) bands', () => {
    const c = table.capsFor('01.07.2023', 'DAM');
    expect(c?.regime).toBe('R2');
    expect(c?.decision).toBe('NEURC Resolution 1126');
    expect(c?.sourceUrl).toBe('https://stepanivska-gromada.gov.ua/news/1688629558');
    expect(c?.minByHour).toEqual(new Array(24).fill(10));
    expect(c?.maxByHour).toEqual(bands([[0, 7, 3000], [7, 19, 5600], [19, 23, 7200], [23, 24, 3000]]));
    expect(c?.maxByHour[18]).toBe(5600);
    expect(c?.maxByHour[19]).toBe(7200);
    expect(table.capsFor('30.11.2023', 'DAM')?.regime).toBe('R2');
  });

  it('R3 (Res. 2099, 01.12.2023-31.05.2024) and R4 (Res. 949, from 01.06.2024)', () => {
    expect(table.capsFor('01.12.2023', 'DAM')?.maxByHour).toEqual(bands([[0, 7, 3000], [7, 8, 5600], [8, 11, 6900], [11, 17, 5600], [17, 23, 7500], [23, 24, 3000]]));
    expect(table.capsFor('31.05.2024', 'IDM')?.regime).toBe('R3');
    const r4 = table.capsFor('01.06.2024', 'DAM');
    expect(r4?.regime).toBe('R4');
    expect(r4?.maxByHour).toEqual(bands([[0, 7, 5600], [7, 11, 6900], [11, 17, 5600], [17, 23, 9000], [23, 24, 6900]]));
    expect(r4?.confidence).toEqual(['official+data', 'official']);
    expect(table.capsFor('15.10.2024', 'BM')?.maxByHour[20]).toBe(10000);
  });

  it('no dated regime: before 28.02.2022 (except the 2021 temporary floor), and for invalid dates', () => {
    expect(table.capsFor('01.01.2022', 'DAM')).toBeNull();
    expect(table.capsFor('27.02.2022', 'DAM')).toBeNull();
    expect(table.capsFor('06.07.2021', 'DAM')?.minByHour).toEqual(new Array(24).fill(734.9));
    expect(table.capsFor('06.07.2021', 'IDM')).toBeNull();
    expect(table.capsFor('31.02.2024', 'DAM')).toBeNull();
  });

  it('later regimes: R5 knows only the 17-23 cap (other hours null, nothing carried over), R6, R7', () => {
    const r5 = table.capsFor('15.08.2025', 'DAM');
    expect(r5?.regime).toBe('R5');
    expect(r5?.maxByHour).toEqual(bands([[17, 23, 15000]]));
    expect(r5?.confidence).toEqual(['inferred']);
    expect(table.capsFor('20.01.2026', 'DAM')?.maxByHour).toEqual(new Array(24).fill(15000));
    expect(table.capsFor('01.04.2030', 'DAM')?.regime).toBe('R7');
  });

  it('every hour of every ordinary day of the 2022-2024 fixture lies within its date\'s DAM caps', () => {
    const { book } = parsePriceBook(readFixture('oree-dam-ips-2022-2024.csv'), { source: 'fixture' });
    const outside: string[] = [];
    let uncapped = 0;
    for (const [date, day] of Object.entries(book)) {
      const caps = table.capsFor(date, 'DAM');
      if (!caps) {
        uncapped += 1;
        continue;
      }
      hourlyPrices(day).forEach((p, h) => {
        const min = caps.minByHour[h] ?? Number.NEGATIVE_INFINITY;
        const max = caps.maxByHour[h] ?? Number.POSITIVE_INFINITY;
        if (p < min || p > max) outside.push(`${date} h${h} ${p} not in [${min}, ${max}]`);
      });
    }
    expect(outside).toEqual([]);
    // 01.01.2022-27.02.2022: no regime with numbers in the table.
    expect(uncapped).toBe(58);
  });

  it('the raw autumn clock-change rows break the 23:00-24:00 cap: why those days are not ordinary', () => {
    const raw = readFixture('oree-dam-ips-2022-2024.csv');
    const last = (date: string) => Number(raw.split('\n').find((l) => l.startsWith(`${date},23,`))?.split(',')[2]);
    expect(last('29.10.2023')).toBe(6950);
    expect(last('29.10.2023')).toBeGreaterThan(table.capsFor('29.10.2023', 'DAM')?.maxByHour[23] ?? Infinity);
    expect(last('27.10.2024')).toBeGreaterThan(table.capsFor('27.10.2024', 'DAM')?.maxByHour[23] ?? Infinity);
  });

  it('a malformed caps file is reported with line and column', () => {
    const text = readFixture('ua-price-caps.csv').replace('R2,NEURC Resolution 1126,27.06.2023,01.07.2023,30.11.2023,DAM;IDM,max,0,7,3000.00', 'R2,NEURC Resolution 1126,27.06.2023,01.07.2023,30.11.2023,DAM;IDX,max,0,7,3000.00');
    const e = catchSvcError(() => parseCapsTable(text, 'caps.csv'));
    expect(e.issues[0]).toEqual({ path: 'caps.csv:13:market', message: 'line 13, field market: expected DAM, IDM or BM (separated by ;), found "IDX"' });
    const overlap = readFixture('ua-price-caps.csv').replace('DAM;IDM,max,7,19,5600.00', 'DAM;IDM,max,6,19,5600.00');
    expect(catchSvcError(() => parseCapsTable(overlap, 'caps.csv')).message).toContain('caps.csv: line 14, field hour_from: hours 6-19 overlap line 13 (0-7)');
  });
});
