import { describe, expect, it } from 'vitest';
import { dateFormHint } from '../../src/domain/dates.js';
import { Month, TradeDate, Locale, Market, Uuid, IsoDateTime, parseTradeDate, nextTradeDate, compareTradeDates, AuditEventRequest, SvcError } from '../../src/domain/index.js';
import fc from 'fast-check';
import { sortTradeDates } from '../../src/domain/dates.js';

describe('conventions', () => {
  it('tradeDate is a real calendar date, not only the pattern', () => {
    for (const ok of ['01.01.2024', '29.02.2024', '31.12.2023']) expect(TradeDate.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['29.02.2023', '31.04.2024', '00.01.2024', '01.13.2024', '1.1.2024', '2024-01-01']) expect(TradeDate.safeParse(bad).success, bad).toBe(false);
    expect(parseTradeDate('31.02.2023')).toBeNull();
  });

  it('month MM.YYYY with a real month', () => {
    expect(Month.safeParse('12.2024').success).toBe(true);
    expect(Month.safeParse('13.2024').success).toBe(false);
    expect(Month.safeParse('1.2024').success).toBe(false);
  });

  it('locale, market, uuid and ISO timestamps', () => {
    expect(Locale.options).toEqual(['uk', 'en']);
    expect(Market.options).toEqual(['DAM', 'IDM']);
    expect(Uuid.safeParse('3f1c2a4e-8b7d-4c2e-9a1b-2c3d4e5f6a7b').success).toBe(true);
    expect(Uuid.safeParse('not-a-uuid').success).toBe(false);
    expect(IsoDateTime.safeParse('2026-11-22T02:00:00.000Z').success).toBe(true);
    expect(IsoDateTime.safeParse('22.11.2026').success).toBe(false);
  });

  it('date arithmetic crosses months and years', () => {
    expect(nextTradeDate('31.12.2024')).toBe('01.01.2025');
    expect(nextTradeDate('28.02.2024')).toBe('29.02.2024');
    expect(compareTradeDates('01.01.2025', '31.12.2024')).toBeGreaterThan(0);
  });

  it('plan_exported events need DecisionPackageMetadata, others a flat map', () => {
    const base = { type: 'plan_exported', tradeDate: '01.12.2024', source: 'svc' };
    const bad = AuditEventRequest.safeParse({ ...base, metadata: { decision_package_id: 'x' } });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(SvcError.fromZod(bad.error).issues.map((i) => i.path)).toContain('metadata.decision_package_id');
    expect(AuditEventRequest.safeParse({ ...base, metadata: { decision_package_id: 'svc-rdn-1', human_approval_required: true, no_auto_submit: true } }).success).toBe(true);
    expect(AuditEventRequest.safeParse({ type: 'csv_imported', tradeDate: '01.12.2024', source: 'file', metadata: { rows: 24, ok: true } }).success).toBe(true);
    expect(AuditEventRequest.safeParse({ type: 'csv_imported', tradeDate: '01.12.2024', source: 'file', metadata: { nested: { a: 1 } } }).success).toBe(false);
    expect(AuditEventRequest.parse({ type: 'csv_imported', tradeDate: '01.12.2024', source: 'file' }).actor).toBe('local-user');
  });
});

describe('sortTradeDates', () => {
  it('sorts exactly as sort(compareTradeDates), in order or not, without touching its input', () => {
    const day = fc.record({ y: fc.integer({ min: 1990, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }).map(({ y, m, d }) => `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`);
    fc.assert(
      fc.property(fc.array(day, { maxLength: 60 }), fc.boolean(), (dates, presort) => {
        const input = presort ? [...dates].sort(compareTradeDates) : dates;
        const copy = [...input];
        const sorted = sortTradeDates(input);
        expect(sorted).toEqual([...input].sort(compareTradeDates));
        expect(input).toEqual(copy);
        expect(sorted).not.toBe(input);
      }),
    );
  });
});

describe('dateFormHint: why a date is not DD.MM.YYYY, with the form it should take', () => {
  it('one-digit day or month, ISO order, and days the calendar does not have', () => {
    expect(dateFormHint('1.12.2024')).toBe('the day and the month take two digits: 01.12.2024');
    expect(dateFormHint('01.2.2024')).toBe('the day and the month take two digits: 01.02.2024');
    expect(dateFormHint('31.2.2024')).toBe('the day and the month take two digits, and February 2024 has 29 days');
    expect(dateFormHint('2024-12-01')).toBe('write it 01.12.2024');
    expect(dateFormHint('29.02.2023')).toBe('February 2023 has 28 days');
    expect(dateFormHint('01.13.2024')).toBe('month 13 does not exist');
    expect(dateFormHint('00.01.2024')).toBe('day 00 does not exist');
    expect(dateFormHint('01.12.2024')).toBeNull();
    expect(dateFormHint('tomorrow')).toBeNull();
  });

  it('the TradeDate schema (query parameters, op inputs) says the same, in one issue', () => {
    expect(TradeDate.safeParse('1.12.2024').error?.issues.map((i) => i.message)).toEqual(['expected a date DD.MM.YYYY: the day and the month take two digits: 01.12.2024']);
    expect(TradeDate.safeParse('29.02.2023').error?.issues.map((i) => i.message)).toEqual(['not a real calendar date: February 2023 has 28 days']);
    expect(TradeDate.safeParse('01.12.2024').success).toBe(true);
  });
});
