import { MANAGER_TABLE_TEXT_PREVIEW, type ManagerAttraction, type ManagerAttractionsResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';
import { queryKeys } from './query-keys';
import { plainText } from './format';

/**
 * GET fetch_ride_manager_attractions (managers only): the signed-in manager's own attractions, newest first. Read by
 * the planner's library (PATHS.plannerLibrary) and by the add-activity page's "add from my list".
 */
export const plannerLibraryQuery = (viewer: string) =>
  queryOptions({
    queryKey: queryKeys.plannerLibrary.of(viewer),
    queryFn: ({ signal }) => apiGet<ManagerAttractionsResponse>('fetch_ride_manager_attractions', signal),
    staleTime: 30_000,
  });

export type LibrarySort = 'newest' | 'title';

/** The description as the table shows it: plain text, cut at MANAGER_TABLE_TEXT_PREVIEW characters with an ellipsis. */
export function libraryPreview(html: string): string {
  const text = plainText(html);
  const chars = Array.from(text); // by code point, so a cut never splits an emoji or a surrogate pair
  return chars.length > MANAGER_TABLE_TEXT_PREVIEW
    ? `${chars.slice(0, MANAGER_TABLE_TEXT_PREVIEW).join('').trimEnd()}…`
    : text;
}

/**
 * The rows shown: those whose title or description holds the search (any case), in the chosen order. Newest is the
 * highest id first (ids grow with creation; the server answers in that order too); title follows the page's language.
 */
export function libraryRows(
  all: readonly ManagerAttraction[],
  search: string,
  sort: LibrarySort,
  locale: string,
): ManagerAttraction[] {
  const q = search.trim().toLocaleLowerCase(locale);
  const rows = q
    ? all.filter(
        (a) =>
          a.title.toLocaleLowerCase(locale).includes(q) || plainText(a.text).toLocaleLowerCase(locale).includes(q),
      )
    : [...all];
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return rows.sort(sort === 'title' ? (a, b) => collator.compare(a.title, b.title) || b.id - a.id : (a, b) => b.id - a.id);
}
