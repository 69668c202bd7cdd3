import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../src/providers/mktop/errors.js';
import { cellNumber, periodOfLabel } from '../../../src/providers/mktop/numbers.js';
import { parseQuarterCsv } from '../../../src/providers/mktop/parse-results.js';
import { parseExchIndexes } from '../../../src/providers/exch/index.js';
import { volumeDays } from './replay.js';

function reasonOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof UpstreamError) return e.reason;
    throw e;
  }
  return 'no error';
}

describe('cells and labels', () => {
  it('reads the operator number forms and refuses others', () => {
    expect(cellNumber('5592.03')).toBe(5592.03);
    expect(cellNumber('13\u00a0000,00')).toBe(13000);
    expect(cellNumber('2 581,2')).toBe(2581.2);
    expect(cellNumber('1,234.5')).toBe(1234.5);
    expect(cellNumber(' ')).toBeNull();
    expect(cellNumber('n/a')).toBeNaN();
    expect([periodOfLabel('7'), periodOfLabel('07:00'), periodOfLabel('06:00-07:00'), periodOfLabel('x')]).toEqual([7, 7, 7, null]);
  });
});

describe('quarterly results CSV', () => {
  const header = 'Дата;Година;Ціна, грн/МВт.год;Обсяг продажу, МВт.год;Обсяг купівлі, МВт.год;Заявлений обсяг продажу, МВт.год;Заявлений обсяг купівлі, МВт.год';
  const vol = volumeDays();
  const rows = (date: string): string[] => (vol.get(date) ?? []).map((p, i) => `${date};${i + 1};${p.price.toFixed(2).replace('.', ',')};${p.volume};${p.volume};${p.volume};${p.volume}`);

  it('reads a quarter with BOM and CRLF, the spring day with 23 periods', () => {
    const text = `\uFEFF${[header, ...rows('31.03.2024')].join('\r\n')}\r\n`;
    const days = parseQuarterCsv(text, 'DAM', 2024, 1);
    expect(days).toHaveLength(1);
    expect(days[0]?.periods).toHaveLength(23);
    expect(days[0]?.periods.map((p) => p.priceUahMwh)).toEqual(vol.get('31.03.2024')?.map((p) => p.price));
  });

  it('a header-only file is an empty quarter; rows outside the quarter, short rows, HTML are errors', () => {
    expect(parseQuarterCsv(`${header}\r\n`, 'DAM', 2024, 4)).toEqual([]);
    expect(reasonOf(() => parseQuarterCsv([header, ...rows('02.12.2024')].join('\n'), 'DAM', 2024, 1))).toBe('upstream_unparseable');
    expect(reasonOf(() => parseQuarterCsv([header, '02.12.2024;1;100'].join('\n'), 'DAM', 2024, 4))).toBe('upstream_unparseable');
    expect(reasonOf(() => parseQuarterCsv('<html>maintenance</html>', 'DAM', 2024, 4))).toBe('upstream_unparseable');
    expect(reasonOf(() => parseQuarterCsv([header, ...rows('02.12.2024').slice(0, 20)].join('\n'), 'DAM', 2024, 4))).toBe('upstream_incomplete');
  });
});

describe('exchange indexes layout', () => {
  it('reads CSV and JSON, any decade, and labels by language', () => {
    const csv = 'periodType;deliveryKey;valueUahMwh\nmonthly;2026-12;6120,5\ndecadal;2026-12-D12;5990';
    expect(parseExchIndexes(csv, 'uk').map((d) => [d.period, d.valueUahMwh])).toEqual([['грудень 2026', 6120.5], ['12-а декада, грудень 2026', 5990]]);
    expect(reasonOf(() => parseExchIndexes('[{"periodType":"monthly","deliveryKey":"2026-12-D0","valueUahMwh":1}]', 'en'))).toBe('upstream_unparseable');
    expect(reasonOf(() => parseExchIndexes('periodType;deliveryKey;valueUahMwh\nweekly;2026-12;1', 'en'))).toBe('upstream_unparseable');
  });
});
