import { z } from 'zod';
import { text } from './input-rules.js';

/**
 * Paging of the whole-platform listings (decisions 0038 and 0035, "Paged on the server"): billing, PDF exports,
 * one-time usage and the suspicious users. `page` from 1, `page_size` up to MAX_ADMIN_PAGE_SIZE (default
 * ADMIN_PAGE_SIZE, the spec's tables' 10), `q` a part of a name or an email, `order` asc or desc. Without them an old
 * client gets the first page in the listing's default order.
 */
export const ADMIN_PAGE_SIZE = 10;
export const MAX_ADMIN_PAGE_SIZE = 100;
/** The longest search text: a name or an email is shorter. */
export const MAX_ADMIN_SEARCH = 100;

const pageParam = z.coerce
  .number({ message: 'invalid_page' })
  .int({ message: 'invalid_page' })
  .min(1, { message: 'invalid_page' })
  .max(1_000_000, { message: 'invalid_page' });
const pageSizeParam = z.coerce
  .number({ message: 'invalid_page_size' })
  .int({ message: 'invalid_page_size' })
  .min(1, { message: 'invalid_page_size' })
  .max(MAX_ADMIN_PAGE_SIZE, { message: 'invalid_page_size' });
/** Surrounding spaces dropped; an empty text is no search. */
const searchParam = text({ error: 'invalid_search' })
  .max(MAX_ADMIN_SEARCH, { message: 'invalid_search' })
  .transform((v) => v.trim());
export const orderParam = z.enum(['asc', 'desc'], { message: 'invalid_sort' });

/** The paging fields every listing takes (all optional). */
export const paging = {
  page: pageParam.optional(),
  page_size: pageSizeParam.optional(),
  q: searchParam.optional(),
};

/** What a paged listing says of itself beside its rows (absent from the one-record answers). */
export const pageInfo = {
  page: z.number().int().optional(),
  page_size: z.number().int().optional(),
  /** The rows matching the filters and `q`: the pages' count is total_count / page_size. */
  total_count: z.number().int().optional(),
};
