import { describe, expect, it } from 'vitest';
import { isBillingMonth, monthOf, monthRange, monthsUpTo, startDateProblem } from '../src/planner-usage.js';

describe('billing months and the one-time usage start date (decision 0038)', () => {
  it.each([
    ['2026-03', true],
    ['2026-12', true],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-3', false],
    ['march', false],
    ['2026-03-01', false],
  ])('%s is a month: %s', (value, ok) => expect(isBillingMonth(value)).toBe(ok));

  it('a month runs from its first moment to the next month’s (UTC), across a year’s end', () => {
    expect(monthRange('2026-12')).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    expect(monthRange('2024-02').to).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(monthOf(Date.parse('2026-03-31T23:59:59Z'))).toBe('2026-03');
  });

  it('the chart’s months end with the month asked for, oldest first', () => {
    expect(monthsUpTo('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsUpTo('2026-02', 1)).toEqual(['2026-02']);
  });

  it.each([
    ['2026-05-01', null],
    ['2026-05-10', null],
    ['2026-05-11', 'start_date_in_future'],
    ['2026-02-30', 'invalid_start_date'],
    ['10-05-2026', 'invalid_start_date'],
    ['', 'invalid_start_date'],
  ])('start date %s with today 2026-05-10: %s', (value, problem) =>
    expect(startDateProblem(value, '2026-05-10')).toBe(problem),
  );
});
