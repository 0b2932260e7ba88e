import type { CategoryDeletedResponse, OneCategoryResponse, SubcategoryResponse } from '@rides/contract';
import { apiPost, apiRequest } from '../../../lib/api';

/**
 * The category calls (001 §7, 002 §7; decision 0020). Create and update send the name as JSON in the field `data`
 * (the spec's multipart form carries the same field; the server reads either body).
 */
// The list itself (categories_api) is read through lib/categories.ts, the one query the attraction editor shares.

const data = (name: string) => ({ data: JSON.stringify({ name }) });

export const createCategory = (name: string) =>
  apiPost<OneCategoryResponse>('create_category_api', data(name));
export const updateCategory = (id: number, name: string) =>
  apiPost<OneCategoryResponse>(`update_category_api/${id}`, data(name));
export const deleteCategory = (id: number) =>
  apiRequest<CategoryDeletedResponse>(`delete_category_api/${id}`, { method: 'DELETE' });

export const createSubcategory = (categoryId: number, name: string) =>
  apiPost<SubcategoryResponse>(`create_subcategory_api/${categoryId}`, data(name));
export const updateSubcategory = (categoryId: number, subcategoryId: number, name: string) =>
  apiPost<SubcategoryResponse>(`update_subcategory_api/${categoryId}/${subcategoryId}`, data(name));
export const deleteSubcategory = (categoryId: number, subcategoryId: number) =>
  apiRequest<CategoryDeletedResponse>(`delete_subcategory_api/${categoryId}/${subcategoryId}`, {
    method: 'DELETE',
  });
