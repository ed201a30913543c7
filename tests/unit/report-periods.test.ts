import { describe, expect, it } from 'vitest';
import { bucketsOf, granularityOf, lastOfMonth, lengthInDays, MIN_DATE, monthRange, percentDifference, percentOf, previousPeriod } from '@/lib/reports/periods';
import { safeFileName } from '@/lib/reports/download';

describe('report periods', () => {
  it.each([
    ['2025-03-01', '2025-03-31', 31, 'daily'],
    ['2025-03-01', '2025-04-01', 32, 'weekly'],
    ['2025-03-01', '2025-08-30', 183, 'weekly'],
    ['2025-03-01', '2025-08-31', 184, 'monthly'],
    ['2025-02-01', '2025-02-01', 1, 'daily'],
  ])('%s … %s is %i days → %s', (start, end, days, granularity) => {
    expect(lengthInDays({ start, end })).toBe(days);
    expect(granularityOf({ start, end })).toBe(granularity);
  });

  it('weekly blocks count from the start and the last is cut at the end', () => {
    expect(bucketsOf({ start: '2025-03-01', end: '2025-04-01' }).map((b) => [b.from, b.to])).toEqual([
      ['2025-03-01', '2025-03-07'],
      ['2025-03-08', '2025-03-14'],
      ['2025-03-15', '2025-03-21'],
      ['2025-03-22', '2025-03-28'],
      ['2025-03-29', '2025-04-01'],
    ]);
  });

  it('monthly buckets are calendar months cut to the range, dated by their first day inside it', () => {
    expect(bucketsOf({ start: '2025-11-23', end: '2026-06-10' }).map((b) => [b.date, b.to])).toEqual([
      ['2025-11-23', '2025-11-30'],
      ['2025-12-01', '2025-12-31'],
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
      ['2026-04-01', '2026-04-30'],
      ['2026-05-01', '2026-05-31'],
      ['2026-06-01', '2026-06-10'],
    ]);
  });

  it('previous period: same length, ending the day before', () => {
    expect(previousPeriod({ start: '2025-03-01', end: '2025-03-31' })).toEqual({ start: '2025-01-29', end: '2025-02-28' });
    expect(previousPeriod({ start: '2024-03-01', end: '2024-03-01' })).toEqual({ start: '2024-02-29', end: '2024-02-29' });
  });

  it('percent difference and shares', () => {
    expect(percentDifference(150, 100)).toBe(50);
    expect(percentDifference(50, 100)).toBe(-50);
    expect(percentDifference(1, 3)).toBe(-66.67);
    expect(percentDifference(5, 0)).toBe(100);
    expect(percentDifference(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('default month and the minimum date', () => {
    expect(monthRange({}, new Date('2026-02-10T12:00:00Z'))).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(lastOfMonth('2028-02-05')).toBe('2028-02-29');
    expect(() => monthRange({ start_date: '2025-01-31' }, new Date(), MIN_DATE)).toThrow('start_date must not be before 2025-02-01');
    expect(monthRange({ start_date: '2025-01-31', end_date: '2025-02-01' })).toEqual({ start: '2025-01-31', end: '2025-02-01' });
    expect(() => monthRange({ start_date: '2025-03-02', end_date: '2025-03-01' })).toThrow('end_date must not be before start_date');
  });

  it('file names stay ASCII and header-safe', () => {
    expect(safeFileName('Ação & Cia "Ltda"')).toBe('Acao_Cia_Ltda');
    expect(safeFileName('日本')).toBe('organisation');
    expect(safeFileName('a/b\\c\r\nd')).toBe('a_b_c_d');
  });
});
