import { ADMIN_PAGE_SIZE } from '@rides/contract';

/**
 * The admin listings' paging (decisions 0038 and 0035, "Paged on the server"): what the contract's optional page,
 * page_size, q, sort and order ask, as one request every listing reads the same way.
 */

/** A listing's page: `limit` null reads every row (the CSV). */
export interface PageRequest {
  limit: number | null;
  offset: number;
  /** A part of the name or email (case-insensitive); empty: every row. */
  q: string;
  /** A column of the listing's rows (its wire name, checked by the contract), or null for the listing's default. */
  sort: string | null;
  descending: boolean;
}

/** The listing's paging fields as the contract checked them (all optional). */
export interface PagingInput {
  page?: number;
  page_size?: number;
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Columns of text sort A to Z by default; counts and dates the largest / latest first. */
const TEXT_COLUMNS = new Set(['username', 'email', 'manager_username', 'manager_email']);

/** Without paging fields (an old client): the first page of ADMIN_PAGE_SIZE, the listing's default order. */
export function pageRequest(input: PagingInput): PageRequest & { page: number; pageSize: number } {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? ADMIN_PAGE_SIZE;
  const sort = input.sort ?? null;
  return {
    page,
    pageSize,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    q: input.q ?? '',
    sort,
    descending: input.order ? input.order === 'desc' : !(sort && TEXT_COLUMNS.has(sort)),
  };
}

/** The ILIKE pattern of a search text: its wildcards taken literally. */
export const containing = (q: string): string => `%${q.replace(/[\\%_]/g, '\\$&')}%`;
