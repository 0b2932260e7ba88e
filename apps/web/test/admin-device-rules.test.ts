import { describe, expect, it } from 'vitest';
import {
  deviceAnalysisQuery,
  deviceManagementKeys,
  suspiciousUsersQuery,
  userDevicesQuery,
} from '../src/features/admin/api/device-management';
import {
  activityPercent,
  activityTone,
  chartDays,
  daysActive,
  deviceCountPercent,
  deviceCountTone,
  deviceStatus,
  initials,
  loginCountTone,
  mailDraft,
  recommendations,
  relativeDay,
  riskTone,
} from '../src/features/admin/lib/device-rules';
import { pageCount } from '../src/features/admin/lib/table-rules';

/** The device management screen's rules (002 §4, §8, §9), as the admin would check them on screen. */
const NOW = new Date(2026, 10, 25, 14, 0, 0); // local time: "today" and "yesterday" are the viewer's days
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

describe('device status (002 §4: 24 h and 168 h)', () => {
  it.each([
    [0, 'active'],
    [23.9, 'active'],
    [24, 'recent'],
    [167.9, 'recent'],
    [168, 'inactive'],
    [1000, 'inactive'],
  ])('last sign-in %s hours ago is %s', (h, status) => {
    expect(deviceStatus(hoursAgo(h), NOW)).toBe(status);
  });
  it('an unreadable or missing time is inactive, not a crash', () => {
    expect(deviceStatus('not a date', NOW)).toBe('inactive');
    expect(deviceStatus(null, NOW)).toBe('inactive');
  });
});

describe('colours (002 §9)', () => {
  it('device count: 6+ danger, 4+ warning, else success; the bar is count/10 capped at 100', () => {
    expect([3, 4, 5, 6, 12].map(deviceCountTone)).toEqual([
      'success',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
    expect([0, 4, 10, 25].map(deviceCountPercent)).toEqual([0, 40, 100, 100]);
  });
  it('login count badge: 50+ danger, 20+ warning, 5+ info, else secondary', () => {
    expect([4, 5, 19, 20, 49, 50].map(loginCountTone)).toEqual([
      'secondary',
      'info',
      'info',
      'warning',
      'warning',
      'danger',
    ]);
  });
  it('activity is relative to the busiest device: 80/50/20 thresholds', () => {
    expect(activityPercent(40, 50)).toBe(80);
    expect(activityPercent(3, 0)).toBe(0);
    expect([80, 79, 50, 20, 19].map(activityTone)).toEqual([
      'danger',
      'warning',
      'warning',
      'info',
      'success',
    ]);
  });
  it('risk: HIGH danger, MEDIUM warning, LOW success, anything else neutral', () => {
    expect(['HIGH', 'MEDIUM', 'LOW', 'SEVERE', null].map(riskTone)).toEqual([
      'danger',
      'warning',
      'success',
      'neutral',
      'neutral',
    ]);
  });
});

describe('relative dates (002 §8, §9)', () => {
  const at = (d: number, h = 10) => new Date(2026, 10, 25 - d, h, 0, 0).toISOString();
  it('today, yesterday by the calendar, N days ago under 7 days, else the date', () => {
    expect(relativeDay(at(0, 1), NOW)).toEqual({ kind: 'today' });
    // 23:30 the day before is yesterday although under 24 hours ago.
    expect(relativeDay(new Date(2026, 10, 24, 23, 30).toISOString(), NOW)).toEqual({ kind: 'yesterday' });
    expect(relativeDay(at(3), NOW)).toEqual({ kind: 'daysAgo', days: 3 });
    expect(relativeDay(at(6), NOW)).toEqual({ kind: 'daysAgo', days: 6 });
    expect(relativeDay(at(7), NOW)).toMatchObject({ kind: 'date' });
  });
  it('missing is N/A, unreadable is Invalid Date, a time ahead of the clock is today', () => {
    expect(relativeDay(null, NOW)).toEqual({ kind: 'missing' });
    expect(relativeDay('', NOW)).toEqual({ kind: 'missing' });
    expect(relativeDay('2026-13-45', NOW)).toEqual({ kind: 'invalid' });
    expect(relativeDay(hoursAgo(-2), NOW)).toEqual({ kind: 'today' });
  });
  it('days active is at least 1', () => {
    expect(daysActive(hoursAgo(1), hoursAgo(0))).toBe(1);
    expect(daysActive(hoursAgo(24 * 10), hoursAgo(0))).toBe(10);
    expect(daysActive('bad', hoursAgo(0))).toBe(1);
  });
});

describe('recommendations (002 §9)', () => {
  it('HIGH with 7 devices: contact and reset, monitoring, best practices', () => {
    expect(recommendations({ risk_level: 'HIGH', device_count: 7 })).toEqual([
      'high',
      'multipleDevices',
      'bestPractices',
    ]);
  });
  it('MEDIUM with 4 devices: moderate, best practices; with 5: monitoring too', () => {
    expect(recommendations({ risk_level: 'MEDIUM', device_count: 4 })).toEqual(['medium', 'bestPractices']);
    expect(recommendations({ risk_level: 'MEDIUM', device_count: 5 })).toEqual([
      'multipleDevices',
      'medium',
      'bestPractices',
    ]);
  });
  it('LOW: normal use, best practices', () => {
    expect(recommendations({ risk_level: 'LOW', device_count: 2 })).toEqual(['low', 'bestPractices']);
  });
});

describe('the table: pages', () => {
  it('pages of 10: one page up to 10 rows, the 11th on page 2', () => {
    expect(pageCount(10)).toBe(1);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});

describe('the profile and the chart', () => {
  it('initials and a mail draft with its texts encoded', () => {
    expect(initials('shared account')).toBe('SA');
    expect(initials('דנה')).toBe('ד');
    expect(mailDraft('a+b@x.com', 'Hi there', 'Line 1\nLine 2')).toBe(
      'mailto:a%2Bb%40x.com?subject=Hi%20there&body=Line%201%0ALine%202',
    );
  });
  it('every day of the period, quiet days as zero, devices summed per day', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const days = chartDays(
      [
        { day: '2026-11-25', device_id: 1, logins: 2 },
        { day: '2026-11-25', device_id: 2, logins: 3 },
        { day: '2026-11-23', device_id: 1, logins: 1 },
      ],
      3,
      now,
    );
    expect(days.map((d) => [d.day, d.total])).toEqual([
      ['2026-11-23', 1],
      ['2026-11-24', 0],
      ['2026-11-25', 5],
    ]);
    expect(days[2]!.counts.get(2)).toBe(3);
  });
});

describe('query keys: leaving the page removes every read it made', () => {
  it('each call key starts with the feature key', () => {
    for (const key of [
      suspiciousUsersQuery(
        { minDevices: 4, daysBack: 7, risk: 'all' },
        { page: 1, sort: { column: 'device_count', descending: true }, q: '' },
      ).queryKey,
      userDevicesQuery(3).queryKey,
      deviceAnalysisQuery(3).queryKey,
    ])
      expect(key.slice(0, 1)).toEqual(deviceManagementKeys.all);
  });
});
