import { describe, expect, it } from 'vitest';
import { parsePriceBook } from '../../src/data/price-book.js';
import { OREE_HEADER, WIDE_HEADER, catchSvcError, longDay, longText, wideRow } from './helpers.js';

const fail = (text: string, source = 'prices.csv') => catchSvcError(() => parsePriceBook(text, { source }));
const swap = (rows: string[], h: number, row: string) => rows.map((r, i) => (i === h ? row : r));
const day = longDay('01.01.2024');

describe('precise errors: 400 validation_error naming file, line, field, expected and found', () => {
  it('duplicated hour', () => {
    const e = fail(longText(day, ['01.01.2024,5,7']));
    expect(e.code).toBe('validation_error');
    expect(e.code).toBe('validation_error');
    expect(e.issues).toEqual([{ path: 'prices.csv:26:hour', message: 'line 26, field hour: hour 5 of 01.01.2024 is given twice (first on line 7)' }]);
    expect(e.message).toBe(`prices.csv: ${e.issues[0]?.message}`);
  });

  it('duplicated hour in the middle of a day: the lines of the rows read before and after it', () => {
    const e = fail(longText(day.slice(0, 12), ['01.01.2024,3,7'], day.slice(12), ['01.01.2024,20,7']));
    expect(e.issues).toEqual([
      { path: 'prices.csv:14:hour', message: 'line 14, field hour: hour 3 of 01.01.2024 is given twice (first on line 5)' },
      { path: 'prices.csv:27:hour', message: 'line 27, field hour: hour 20 of 01.01.2024 is given twice (first on line 23)' },
    ]);
  });

  it('missing hours on an ordinary day', () => {
    const e = fail(longText(day.filter((_, h) => h !== 7 && h !== 9)));
    expect(e.issues).toEqual([
      { path: 'prices.csv:2', message: 'line 2: date 01.01.2024 (first row here): expected 24 prices for hours 0..23, found 22; missing hours 7, 9' },
    ]);
  });

  it('negative price', () => {
    const e = fail(longText(swap(day, 3, '01.01.2024,3,-5')));
    expect(e.issues[0]?.path).toBe('prices.csv:5:price_uah_mwh');
    expect(e.message).toBe('prices.csv: line 5, field price_uah_mwh: expected a price >= 0 UAH/MWh, found -5 (negative prices are not allowed by the spec)');
  });

  it('non-numeric and non-finite prices', () => {
    for (const bad of ['abc', 'NaN', 'Infinity', '0x10', '1..2', '']) {
      const e = fail(longText(swap(day, 3, `01.01.2024,3,${bad}`)));
      expect(e.issues[0]?.path).toBe('prices.csv:5:price_uah_mwh');
      expect(e.message).toMatch(/expected a price in UAH\/MWh/);
    }
    expect(fail(longText(swap(day, 3, '01.01.2024,3,'))).message).toContain('found an empty field');
    expect(fail(longText(swap(day, 3, '01.01.2024,3,12,5'))).message).toContain('found 4: "01.01.2024,3,12,5" (a decimal comma?');
    expect(fail(longText(swap(day, 3, '01.01.2024,3,abc'))).message).toBe(
      'prices.csv: line 5, field price_uah_mwh: expected a price in UAH/MWh (a number >= 0), found "abc"',
    );
    expect(fail(longText(swap(day, 3, '01.01.2024,3,1e999'))).message).toContain('expected a finite price, found "1e999"');
  });

  it('impossible dates', () => {
    expect(fail(longText(longDay('31.02.2023'))).issues).toEqual([
      { path: 'prices.csv:2:date', message: 'line 2, field date: found 31.02.2023, which is not a real calendar date (February 2023 has 28 days)' },
    ]);
    expect(fail(longText(longDay('00.01.2024'))).message).toBe(
      'prices.csv: line 2, field date: found 00.01.2024, which is not a real calendar date (day 00 does not exist)',
    );
    expect(fail(longText(longDay('01.13.2024'))).message).toContain('(month 13 does not exist)');
    expect(fail(longText(longDay('2024-01-01'))).message).toBe('prices.csv: line 2, field date: expected a date DD.MM.YYYY, found "2024-01-01" (write it 01.01.2024)');
    expect(fail(longText(longDay('1.1.2024'))).message).toBe('prices.csv: line 2, field date: expected a date DD.MM.YYYY, found "1.1.2024" (the day and the month take two digits: 01.01.2024)');
  });

  it('wrong header, unknown format', () => {
    expect(fail('date,hour,value\n').message).toBe(
      'prices.csv: line 1: the header looks like a long CSV but has no price column: "date,hour,value"; expected "date,hour,price_uah_mwh" or "date,hour,price" (or "period" 1..24 for "hour"; other columns are ignored), or svc forecast\'s CSV (its p50 is read)',
    );
    expect(fail('\n\nfoo;bar\n').issues[0]?.path).toBe('prices.csv:3');
    const oree = fail(`${OREE_HEADER.replace('Год7', 'Год 7')}\n`);
    expect(oree.message).toBe('prices.csv: line 1, field column 8: expected header "Год7", found "Год 7"');
    const wide = fail(`${WIDE_HEADER.replace(',h23', '')}\n`);
    expect(wide.message).toContain('must have 25 columns');
  });

  it('empty input and header-only input', () => {
    for (const text of ['', '\uFEFF', ' \r\n\n']) {
      const e = fail(text);
      expect(e.issues).toEqual([{ path: 'prices.csv', message: 'empty input: expected a price book (a CSV file with a header, or JSON), found no content' }]);
    }
    expect(fail(longText()).message).toBe('prices.csv: no price rows found: expected at least one day of hourly prices');
    expect(fail('{}', 'book.json').message).toBe('book.json: no price rows found: expected at least one day of hourly prices');
  });

  it('a row with the wrong number of fields (and no second report of the same day as incomplete)', () => {
    const e = fail(longText(swap(day, 3, '01.01.2024,3,103,extra')));
    expect(e.issues).toEqual([{ path: 'prices.csv:5', message: 'line 5: expected 3 fields (date,hour,price_uah_mwh), found 4: "01.01.2024,3,103,extra"' }]);
    const wide = fail([WIDE_HEADER, wideRow('01.01.2024').split(',').slice(0, 24).join(',')].join('\n'));
    expect(wide.message).toBe('prices.csv: line 2: expected 25 fields (date and 24 hourly prices h0..h23), found 24');
  });

  it('hour outside 0..23', () => {
    // Another day has an hour 0, so the book is 0-based (a book with no hour 0 and an hour 24 fails in one line: book-variants.test.ts).
    const e = fail(longText(swap(day, 0, '01.01.2024,24,5'), longDay('02.01.2024')));
    expect(e.issues[0]).toEqual({
      path: 'prices.csv:2:hour',
      message: 'line 2, field hour: expected an hour 0..23, found "24" (hours are 0-based: 0 = 00:00-01:00, 23 = 23:00-24:00; --hour-base 1 reads a book numbered 1..24)',
    });
    for (const bad of ['-1', '1.5', 'x', '100']) expect(fail(longText(swap(day, 0, `01.01.2024,${bad},5`))).issues[0]?.path).toBe('prices.csv:2:hour');
  });

  it('duplicate day rows in the wide and operator layouts', () => {
    const wide = fail([WIDE_HEADER, wideRow('01.01.2024'), wideRow('02.01.2024'), wideRow('01.01.2024')].join('\n'));
    expect(wide.issues).toEqual([
      { path: 'prices.csv:4:date', message: 'line 4, field date: date 01.01.2024 is given again; it was first given on line 2 (one row per day expected)' },
    ]);
    const row = (d: string) => [d, ...Array.from({ length: 24 }, () => '5')].join(';');
    const oree = fail([OREE_HEADER, row('02.12.2024'), row('02.12.2024')].join('\n'));
    expect(oree.issues[0]?.path).toBe('prices.csv:3:Дата');
  });

  it('empty and malformed cells in the wide and operator layouts name column and hour', () => {
    const cells = Array.from({ length: 24 }, (_, h) => (h === 5 ? '' : '1'));
    expect(fail([WIDE_HEADER, wideRow('01.01.2024', cells)].join('\n')).issues).toEqual([
      { path: 'prices.csv:2:h5', message: 'line 2, field h5: expected a price for hour 5 of 01.01.2024, found an empty field' },
    ]);
    const oreeCells = Array.from({ length: 24 }, (_, h) => (h === 4 ? '1,234.5' : '1'));
    expect(fail([OREE_HEADER, `02.12.2024;${oreeCells.join(';')}`].join('\n')).message).toBe(
      'prices.csv: line 2, field Год5: expected a price in UAH/MWh (a number >= 0), found "1,234.5" (hour 4 of 02.12.2024)',
    );
  });

  it('collects every problem of a file, not only the first', () => {
    const rows = swap(swap(day, 3, '01.01.2024,3,-1'), 4, '01.01.2024,4,x');
    const e = fail(longText(rows, longDay('31.02.2023')));
    expect(e.issues.map((i) => i.path)).toEqual(['prices.csv:5:price_uah_mwh', 'prices.csv:6:price_uah_mwh', 'prices.csv:26:date']);
    expect(e.message).toMatch(/\(and 2 more problems\)$/);
  });

  it('lists a bad row and the missing hours of the same day, a repeated hour and the hour it left missing', () => {
    const negativeAndGap = fail(longText(swap(day, 3, '01.01.2024,3,-5').filter((_, h) => h !== 14)));
    expect(negativeAndGap.issues).toEqual([
      { path: 'prices.csv:2', message: 'line 2: date 01.01.2024 (first row here): expected 24 prices for hours 0..23, found 23; missing hour 14' },
      { path: 'prices.csv:5:price_uah_mwh', message: 'line 5, field price_uah_mwh: expected a price >= 0 UAH/MWh, found -5 (negative prices are not allowed by the spec)' },
    ]);
    const repeated = fail(longText(swap(day, 10, '01.01.2024,9,7')));
    expect(repeated.issues).toEqual([
      { path: 'prices.csv:2', message: 'line 2: date 01.01.2024 (first row here): expected 24 prices for hours 0..23, found 23; missing hour 10' },
      { path: 'prices.csv:12:hour', message: 'line 12, field hour: hour 9 of 01.01.2024 is given twice (first on line 11)' },
    ]);
    // In the wide layout too: a bad cell is its hour's one problem, a missing day's hour still said.
    const cells = Array.from({ length: 24 }, (_, h) => (h === 5 ? '-1' : '1'));
    expect(fail([WIDE_HEADER, wideRow('01.01.2024', cells)].join('\n')).issues.map((i) => i.path)).toEqual(['prices.csv:2:h5']);
  });

  it('a row whose hour cannot be read is not also a missing hour; more hours missing than such rows are said', () => {
    expect(fail(longText(swap(day, 6, '01.01.2024,x,5'))).issues.map((i) => i.path)).toEqual(['prices.csv:8:hour']);
    const more = fail(longText(swap(day, 6, '01.01.2024,x,5').filter((_, h) => h !== 20)));
    expect(more.issues.map((i) => i.message)).toEqual([
      'line 2: date 01.01.2024 (first row here): expected 24 prices for hours 0..23, found 22; missing hours 6, 20',
      'line 8, field hour: expected an hour 0..23, found "x"',
    ]);
  });

  it('an unclosed quote is located', () => {
    const e = fail(longText(day, ['"01.01.2024,5,1']));
    expect(e.message).toContain('prices.csv: line 26: not readable as CSV');
  });
});

describe('JSON errors', () => {
  const points = (f: (h: number) => unknown = () => 1) => Array.from({ length: 24 }, (_, h) => ({ hour: h, priceUahMwh: f(h) }));
  const failJson = (doc: unknown) => fail(typeof doc === 'string' ? doc : JSON.stringify(doc), 'book.json');

  it('negative and non-numeric prices name the JSON path and the value', () => {
    const e = failJson({ '01.01.2024': points((h) => (h === 3 ? -4 : h === 5 ? 'x' : 1)) });
    expect(e.issues).toEqual([
      { path: 'book.json:["01.01.2024"][3].priceUahMwh', message: '["01.01.2024"][3].priceUahMwh: expected a price >= 0 UAH/MWh, found -4 (negative prices are not allowed by the spec)' },
      { path: 'book.json:["01.01.2024"][5].priceUahMwh', message: expect.stringMatching(/expected number.*; found "x"$/) },
    ]);
  });

  it('missing and duplicated hours', () => {
    const missing = failJson({ '01.01.2024': points().filter((p) => p.hour !== 6) });
    expect(missing.message).toBe('book.json: ["01.01.2024"]: a price day has exactly 24 points (hours 0..23); found 23 points; missing hour 6');
    const dup = failJson({ '01.01.2024': points().map((p) => (p.hour === 5 ? { ...p, hour: 4 } : p)) });
    expect(dup.issues[0]?.path).toBe('book.json:["01.01.2024"][5].hour');
    expect(dup.message).toContain('hour 4 appears twice');
    const outside = failJson({ '01.01.2024': points().map((p) => (p.hour === 5 ? { ...p, hour: 24 } : p)) });
    expect(outside.issues[0]?.path).toBe('book.json:["01.01.2024"][5].hour');
  });

  it('impossible date keys, non-objects, syntax errors, duplicate keys, unknown fields', () => {
    expect(failJson({ '31.02.2023': points() }).message).toBe('book.json: ["31.02.2023"]: found 31.02.2023, which is not a real calendar date (February 2023 has 28 days)');
    expect(failJson([1, 2]).message).toBe('book.json: expected a JSON object keyed by trade date DD.MM.YYYY (a PriceBook), found an array');
    expect(failJson('{"01.01.2024": [1,\n 2,]}').message).toMatch(/^book\.json: not valid JSON/);
    expect(failJson('{\n"01.01.2024": [],\n"01.01.2024": []\n}').message).toContain('date 01.01.2024 appears twice as a key (again on line 3)');
    const extra = failJson({ '01.01.2024': points().map((p) => ({ ...p, volume: 1 })) });
    expect(extra.issues[0]?.path).toBe('book.json:["01.01.2024"][0]');
    expect(extra.message).toContain('"volume"');
  });
});
