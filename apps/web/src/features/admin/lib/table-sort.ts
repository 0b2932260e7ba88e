/** The admin tables' sort (DataTable), whoever sorts: the browser (device management) or the server (billing, usage). */

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
