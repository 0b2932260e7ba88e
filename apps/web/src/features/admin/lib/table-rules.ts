import { ADMIN_PAGE_SIZE } from '@rides/contract';

/**
 * The admin tables' sort and pages (DataTable, TablePager); the server sorts and pages every listing (decisions 0038,
 * 0035). A page is the spec's 10 rows.
 */

export interface SortState<S extends string> {
  column: S;
  descending: boolean;
}

/**
 * The next sort after a click on `column`: the same column turns its order; another starts with the largest or latest
 * first, a text column (`textColumns`) from A.
 */
export const nextSort = <S extends string>(
  sort: SortState<S>,
  column: S,
  textColumns: readonly S[] = [],
): SortState<S> => ({
  column,
  descending: sort.column === column ? !sort.descending : !textColumns.includes(column),
});

/** How many pages of ADMIN_PAGE_SIZE rows; pagination shows only when this is above 1 (002 §2.3). */
export const pageCount = (rows: number): number => Math.max(1, Math.ceil(rows / ADMIN_PAGE_SIZE));
