import type { CategoriesResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';
import { queryKeys } from './query-keys';

/**
 * GET categories_api (001 §7, 002 §7; managers): the one query of the categories, read by the categories screen
 * (/admin/categories) and by the attraction editor's category pickers, one cache entry for both.
 */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => apiGet<CategoriesResponse>('categories_api', signal),
    staleTime: 60_000,
  });
