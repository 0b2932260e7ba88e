import { describe, expect, it } from 'vitest';
import type { BillingManager } from '@rides/contract';
import { ApiError } from '../src/lib/api';
import {
  billingCsv,
  billingTotals,
  chartMax,
  csvField,
  failureKey,
  monthChoices,
  usableStartDate,
} from '../src/features/admin/lib/planner-usage-rules';

const row = (over: Partial<BillingManager>): BillingManager => ({
  manager_id: 1,
  username: 'Noa',
  email: 'noa@example.com',
  total_rides: 2,
  total_shares: 5,
  total_days: 9,
  total_pdf_exports: 3,
  first_ride: '2026-03-02T08:00:00.000Z',
  last_ride: '2026-03-30T08:00:00.000Z',
  ...over,
});

describe('billing and one-time usage rules (decision 0038)', () => {
  it('shows the server message when it says something, else the screen fallback (002 §8)', () => {
    expect(failureKey(new ApiError('forbidden', 403), 'admin.billing.error')).toBe('forbidden');
    expect(failureKey(new ApiError('invalid_month', 400), 'admin.billing.error')).toBe('invalid_month');
    expect(failureKey(new ApiError('api_call_failed', 500), 'admin.billing.error')).toBe(
      'admin.billing.error',
    );
    expect(failureKey(new Error('boom'), 'admin.usage.error')).toBe('admin.usage.error');
  });

  it('offers this month first, then the ones before it, across the year', () => {
    expect(monthChoices(new Date('2026-02-15T12:00:00Z'), 4)).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
  });

  it('sums the cards', () => {
    expect(
      billingTotals([row({}), row({ manager_id: 2, total_rides: 1, total_shares: 0, total_pdf_exports: 1 })]),
    ).toEqual({
      managers: 2,
      rides: 3,
      shares: 5,
      pdfExports: 4,
    });
    expect(billingTotals([])).toEqual({ managers: 0, rides: 0, shares: 0, pdfExports: 0 });
  });

  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+972 50', "'+972 50"],
    ['@me', "'@me"],
    ['נועה כהן', 'נועה כהן'],
  ])('CSV field %j -> %j', (value, field) => expect(csvField(value)).toBe(field));

  it('writes the table as CSV: a BOM, the header, a line per planner, CRLF, empty for missing', () => {
    const csv = billingCsv(
      [row({}), row({ manager_id: 2, username: 'Dan, Ltd', email: null, first_ride: null })],
      ['id', 'name', 'mail', 'r', 's', 'd', 'p', 'f', 'l'],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'id,name,mail,r,s,d,p,f,l',
      '1,Noa,noa@example.com,2,5,9,3,2026-03-02T08:00:00.000Z,2026-03-30T08:00:00.000Z',
      '2,"Dan, Ltd",,2,5,9,3,,2026-03-30T08:00:00.000Z',
      '',
    ]);
  });

  it('scales the chart to the largest figure, at least 1', () => {
    expect(chartMax([])).toBe(1);
    expect(chartMax([{ month: '2026-01', total_rides: 2, total_shares: 7, total_pdf_exports: 3 }])).toBe(7);
  });

  it('sends a from-date only when it is a full date not after today', () => {
    expect(usableStartDate('2026-05-10', '2026-05-10')).toBe(true);
    expect(usableStartDate('2026-05-11', '2026-05-10')).toBe(false);
    expect(usableStartDate('', '2026-05-10')).toBe(false);
  });
});
