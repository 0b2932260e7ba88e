import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Listing } from '../api/listing';
import { nextSort, pageCount, type SortState } from '../lib/table-rules';

/** How long typing rests before the search is asked of the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The state of a listing paged, sorted and searched on the server (decision 0038): what to ask (`listing`), the
 * search field's text, and the changes; a new order or search starts again at page 1.
 */
export function useServerListing<S extends string>(defaultSort: SortState<S>, textColumns: readonly S[]) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(defaultSort);
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [askedQ, setAskedQ] = useState(q);
  // The debounced text changed: back to the first page (during render, so no page of the old search is asked).
  if (askedQ !== q) {
    setAskedQ(q);
    setPage(1);
  }
  const listing: Listing<S> = { page, sort, q };
  return {
    listing,
    search,
    setSearch: setSearchText,
    setPage,
    /** Back to the first page (a new month or from-date). */
    restart: () => setPage(1),
    sortBy: (column: S) => {
      setSort((s) => nextSort(s, column, textColumns));
      setPage(1);
    },
    /** The pages of the server's `total_count`; pagination shows only above 1. */
    pages: pageCount,
  };
}
