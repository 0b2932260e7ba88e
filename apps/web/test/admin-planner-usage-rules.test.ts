import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api';
import {
  chartMax,
  failureKey,
  monthChoices,
  usableStartDate,
  accessMessageKey,
} from '../src/features/admin/lib/planner-usage-rules';

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

  it('scales the chart to the largest figure, at least 1', () => {
    expect(chartMax([])).toBe(1);
    expect(chartMax([{ month: '2026-01', total_rides: 2, total_shares: 7, total_pdf_exports: 3 }])).toBe(7);
  });

  it('sends a from-date only when it is a full date not after today', () => {
    expect(usableStartDate('2026-05-10', '2026-05-10')).toBe(true);
    expect(usableStartDate('2026-05-11', '2026-05-10')).toBe(false);
    expect(usableStartDate('', '2026-05-10')).toBe(false);
  });

  it("names a use of a one-time link in words: its event, or the refusal code's own text; old free text as written", () => {
    const has = (key: string) => key === 'one_time_link_already_used';
    expect(accessMessageKey('opened', has)).toBe('admin.usage.events.opened');
    expect(accessMessageKey('joined', has)).toBe('admin.usage.events.joined');
    expect(accessMessageKey('copied', has)).toBe('admin.usage.events.copied');
    expect(accessMessageKey('one_time_link_already_used', has)).toBe('one_time_link_already_used');
    expect(accessMessageKey('some_unknown_code', has)).toBeNull();
    expect(accessMessageKey('opened before signing in', has)).toBeNull();
  });
});
