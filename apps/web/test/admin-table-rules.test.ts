import { describe, expect, it } from 'vitest';
import { nextSort } from '../src/features/admin/lib/table-rules';

/** The admin tables' header clicks (DataTable), the same whether the browser or the server sorts. */
describe('nextSort', () => {
  const text = ['email', 'username'] as const;
  it('turns the order of the column already sorted', () => {
    expect(nextSort({ column: 'total_rides', descending: true }, 'total_rides', text)).toEqual({
      column: 'total_rides',
      descending: false,
    });
    expect(nextSort({ column: 'email', descending: false }, 'email', text)).toEqual({
      column: 'email',
      descending: true,
    });
  });

  it('starts another column with the largest first, a text column from A', () => {
    expect(nextSort({ column: 'email', descending: false }, 'total_rides', text).descending).toBe(true);
    expect(nextSort({ column: 'total_rides', descending: true }, 'username', text).descending).toBe(false);
  });
});
