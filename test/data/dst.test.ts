import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatTradeDate } from '../../src/domain/common.js';
import { isKyivDstTransitionDay, kyivDstTransition, kyivDstTransitionDays, kyivPeriodsInDay } from '../../src/data/dst.js';

/** ua-dam/dst_days.csv of the shared data set: the six clock-change days of 2022-2024 as seen in the source. */
const listed = readFileSync(new URL('./dst_days.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [date, periods] = line.split(',');
    return { date: date as string, periods: Number(periods) };
  });

function everyDay(fromYear: number, toYear: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(fromYear, 0, 1); t < Date.UTC(toYear + 1, 0, 1); t += 86_400_000) out.push(formatTradeDate(new Date(t)));
  return out;
}

describe('Europe/Kyiv clock-change days', () => {
  it('the data set lists six days', () => {
    expect(listed.map((d) => d.date)).toEqual(['27.03.2022', '30.10.2022', '26.03.2023', '29.10.2023', '31.03.2024', '27.10.2024']);
  });

  it('match dst_days.csv exactly over every day of 2022-2024, with their period counts', () => {
    const computed = everyDay(2022, 2024).filter(isKyivDstTransitionDay);
    expect(computed).toEqual(listed.map((d) => d.date));
    for (const d of listed) expect(kyivPeriodsInDay(d.date)).toBe(d.periods);
  });

  it('are the last Sundays of March and October in other years too', () => {
    // Named elsewhere: 28.03.2021 (Guaranteed Buyer notice), 30.03.2025, 26.10.2025, 29.03.2026 (operator files in formats/oree_formats.md).
    expect(kyivDstTransitionDays(2021)).toEqual({ spring: '28.03.2021', autumn: '31.10.2021' });
    expect(kyivDstTransitionDays(2025)).toEqual({ spring: '30.03.2025', autumn: '26.10.2025' });
    expect(kyivDstTransitionDays(2026)).toEqual({ spring: '29.03.2026', autumn: '25.10.2026' });
    for (const year of [2019, 2020, 2027, 2030, 2040]) {
      const { spring, autumn } = kyivDstTransitionDays(year);
      for (const date of [spring, autumn]) {
        const [d, m, y] = date.split('.').map(Number) as [number, number, number];
        expect(new Date(Date.UTC(y, m - 1, d)).getUTCDay()).toBe(0);
        expect(new Date(Date.UTC(y, m - 1, d + 7)).getUTCMonth()).not.toBe(m - 1);
      }
    }
  });

  it('classify spring, autumn and ordinary days', () => {
    expect(kyivDstTransition('31.03.2024')).toBe('spring');
    expect(kyivDstTransition('27.10.2024')).toBe('autumn');
    expect(kyivDstTransition('24.03.2024')).toBeNull();
    expect(kyivDstTransition('01.01.2024')).toBeNull();
    expect(kyivPeriodsInDay('01.01.2024')).toBe(24);
    expect(kyivDstTransition('32.03.2024')).toBeNull();
  });
});
