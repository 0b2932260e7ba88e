import { ADMIN_PAGE_SIZE } from '@rides/contract';
import type { SortState } from '../lib/table-rules';

/** What a screen asks of a listing paged on the server (decisions 0038, 0035): the page, the order, the search. */
export interface Listing<S extends string> {
  page: number;
  sort: SortState<S>;
  q: string;
}

/** The listing's query string: page, page_size (the spec's 10), sort, order, and q when there is one. */
export function listingParams<S extends string>(listing: Omit<Listing<S>, 'page'> & { page?: number }) {
  const params = new URLSearchParams({
    sort: listing.sort.column,
    order: listing.sort.descending ? 'desc' : 'asc',
  });
  if (listing.page !== undefined) {
    params.set('page', String(listing.page));
    params.set('page_size', String(ADMIN_PAGE_SIZE));
  }
  const q = listing.q.trim();
  if (q) params.set('q', q);
  return params;
}
