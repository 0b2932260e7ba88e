import {
  categoryData,
  type CategoriesResponse,
  type CategoryDeletedResponse,
  type OneCategoryResponse,
  type SubcategoryResponse,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import {
  deleteCategory,
  deleteSubcategory,
  findCategory,
  insertCategory,
  insertSubcategory,
  listCategories,
  renameCategory,
  renameSubcategory,
} from './categories.repository.js';

/**
 * Attraction categories and subcategories (001 §2 "Categories", 002 §2.6), decision 0020. Managers only (the routes
 * ask for the role). Names are trimmed, required (category_name_required: "Name is required") and unique (categories by
 * name, subcategories by name within their category: category_name_taken, 409). Deleting a category that attractions
 * use detaches it from them; the answer says how many.
 */

/** The `data` field of the multipart form: JSON text ({"name": "..."}) or, from a JSON body, the object itself. */
export function readCategoryData(data: string | Record<string, unknown>): { name: string } {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      throw new AppError('bad_request', [{ field: 'data', code: 'bad_request' }]);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('bad_request', [{ field: 'data', code: 'bad_request' }]);
  const parsed = categoryData.safeParse(value);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message === 'category_name_too_long' ? 'category_name_too_long' : 'category_name_required';
    throw new AppError(code, [{ field: 'name', code }]);
  }
  return parsed.data;
}

/** A unique name taken already: 409 category_name_taken (the database decides, so two managers at once cannot both win). */
async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('category_name_taken', [{ field: 'name', code: 'category_name_taken' }]);
    throw err;
  }
}

/** afterDetach: attractions lost a category (the trip views show category_id): every cached trip and search goes. */
export function createCategoriesService(deps: { db: Database; afterDetach: () => void }) {
  const { db } = deps;
  const category = async (id: number): Promise<OneCategoryResponse> => {
    const row = await findCategory(db, id);
    if (!row) throw new AppError('not_found');
    return { ServerMassageCode: 'success', category: row };
  };

  return {
    async list(): Promise<CategoriesResponse> {
      return { ServerMassageCode: 'success', categories: await listCategories(db) };
    },

    async create(data: string | Record<string, unknown>): Promise<OneCategoryResponse> {
      const { name } = readCategoryData(data);
      const id = await unique(() => insertCategory(db, name));
      return category(id);
    },

    async update(id: number, data: string | Record<string, unknown>): Promise<OneCategoryResponse> {
      const { name } = readCategoryData(data);
      if (!(await unique(() => renameCategory(db, id, name)))) throw new AppError('not_found');
      return category(id);
    },

    async remove(id: number): Promise<CategoryDeletedResponse> {
      const detached = await deleteCategory(db, id);
      if (detached === null) throw new AppError('not_found');
      deps.afterDetach();
      return { ServerMassageCode: 'success', detachedAttractions: detached };
    },

    async createSubcategory(categoryId: number, data: string | Record<string, unknown>): Promise<SubcategoryResponse> {
      const { name } = readCategoryData(data);
      if (!(await findCategory(db, categoryId))) throw new AppError('not_found');
      const id = await unique(() => insertSubcategory(db, categoryId, name));
      return { ServerMassageCode: 'success', categoryId, subcategory: { id, name } };
    },

    async updateSubcategory(categoryId: number, subcategoryId: number, data: string | Record<string, unknown>): Promise<SubcategoryResponse> {
      const { name } = readCategoryData(data);
      if (!(await unique(() => renameSubcategory(db, categoryId, subcategoryId, name)))) throw new AppError('not_found');
      return { ServerMassageCode: 'success', categoryId, subcategory: { id: subcategoryId, name } };
    },

    async removeSubcategory(categoryId: number, subcategoryId: number): Promise<CategoryDeletedResponse> {
      const detached = await deleteSubcategory(db, categoryId, subcategoryId);
      if (detached === null) throw new AppError('not_found');
      deps.afterDetach();
      return { ServerMassageCode: 'success', detachedAttractions: detached };
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
