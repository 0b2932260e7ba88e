import { describe, expect, it } from 'vitest';
import type { BillingManager } from '@rides/contract';
import { billingCsvChunks, csvField } from '../../src/modules/planner-usage/billing-csv.js';

/** The billing CSV (decision 0038): RFC 4180 fields, formulas defused, a BOM, the reader's column names, CRLF. */
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

describe('billing CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+972 50', "'+972 50"],
    ['-1+1', "'-1+1"],
    ['@me', "'@me"],
    ['\tcmd', "'\tcmd"],
    ['נועה כהן', 'נועה כהן'],
  ])('field %j -> %j', (value, field) => expect(csvField(value)).toBe(field));

  it("writes a BOM, the header in the reader's language, a line per planner, CRLF, empty for missing", () => {
    const rows = [row({}), row({ manager_id: 2, username: 'Dan, Ltd', email: null, first_ride: null })];
    const csv = [...billingCsvChunks(rows, 'en')].join('');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Planner ID,Planner,Email,Trips,Shares,Days,PDF exports,First use,Last use',
      '1,Noa,noa@example.com,2,5,9,3,2026-03-02T08:00:00.000Z,2026-03-30T08:00:00.000Z',
      '2,"Dan, Ltd",,2,5,9,3,,2026-03-30T08:00:00.000Z',
      '',
    ]);
    expect([...billingCsvChunks([], 'he')].join('').slice(1)).toBe(
      'מזהה מתכנן,מתכנן,אימייל,טיולים,שיתופים,ימים,ייצואי PDF,שימוש ראשון,שימוש אחרון\r\n',
    );
  });

  it('streams a large month in chunks, every line once and in order', () => {
    const rows = Array.from({ length: 1234 }, (_, i) => row({ manager_id: i + 1 }));
    const chunks = [...billingCsvChunks(rows, 'en')];
    expect(chunks.length).toBe(1 + 3);
    const lines = chunks.join('').slice(1).split('\r\n');
    expect(lines.slice(1, -1).map((l) => Number(l.split(',')[0]))).toEqual(rows.map((r) => r.manager_id));
  });
});
