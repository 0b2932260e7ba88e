import {
  categoryData,
  type CategoriesResponse,
  type CategoryWire,
  type CategoryDeletedResponse,
  type OneCategoryResponse,
  type SubcategoryResponse,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import {
  categoryOwner,
  deleteCategory,
  deleteSubcategory,
  findCategory,
  insertCategory,
  insertSubcategory,
  listCategories,
  renameCategory,
  renameSubcategory,
  type CategoryRow,
} from './categories.repository.js';

/**
 * Attraction categories and subcategories (001 §2 "Categories", 002 §2.6), decision 0020. Managers only (the routes
 * ask for the role). Names are trimmed, required (category_name_required: "Name is required") and unique (categories by
 * name, subcategories by name within their category: category_name_taken, 409). Deleting a category that attractions
 * use detaches it from them; the answer says how many.
 *
 * Ownership (issue 15 point 8, decision 0020): every manager may list and use every category, but only the manager who
 * created one may rename or delete it or change its subcategories (403 category_not_yours otherwise). A category
 * without an owner is the platform's, changed by no manager (only through the database).
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
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('bad_request', [{ field: 'data', code: 'bad_request' }]);
  const parsed = categoryData.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    // The text rule's code (decision 0025) and the length cap's say what to fix; anything else is "no name".
    const code =
      message === 'category_name_too_long' || message === 'text_has_control_characters'
        ? message
        : 'category_name_required';
    throw new AppError(code, [{ field: 'name', code }]);
  }
  return parsed.data;
}

/** A unique name taken already: 409 category_name_taken (the database decides, so two managers at once cannot both win). */
async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('category_name_taken', [{ field: 'name', code: 'category_name_taken' }]);
    throw err;
  }
}

/**
 * afterDetach: attractions lost a category (the trip views show category_id): every process's cached trips and searches
 * go (the change feed's `categories` change, answered only once it is published).
 */
export function createCategoriesService(deps: { db: Database; afterDetach: () => Promise<void> }) {
  const { db } = deps;
  /** A category as the signed-in manager sees it: `mine` says whether they may change it. */
  const wire = ({ ownerId, ...row }: CategoryRow, managerId: number): CategoryWire => ({
    ...row,
    mine: ownerId === managerId,
  });
  const category = async (id: number, managerId: number): Promise<OneCategoryResponse> => {
    const row = await findCategory(db, id);
    if (!row) throw new AppError('not_found');
    return { ServerMassageCode: 'success', category: wire(row, managerId) };
  };

  /** The one ownership rule of every change: 404 when there is no such category, 403 when it is not the manager's. */
  const assertOwner = async (id: number, managerId: number): Promise<void> => {
    const row = await categoryOwner(db, id);
    if (!row) throw new AppError('not_found');
    if (row.ownerId !== managerId) throw new AppError('category_not_yours');
  };

  return {
    async list(managerId: number): Promise<CategoriesResponse> {
      return {
        ServerMassageCode: 'success',
        categories: (await listCategories(db)).map((row) => wire(row, managerId)),
      };
    },

    async create(managerId: number, data: string | Record<string, unknown>): Promise<OneCategoryResponse> {
      const { name } = readCategoryData(data);
      const id = await unique(() => insertCategory(db, name, managerId));
      return category(id, managerId);
    },

    async update(
      managerId: number,
      id: number,
      data: string | Record<string, unknown>,
    ): Promise<OneCategoryResponse> {
      const { name } = readCategoryData(data);
      await assertOwner(id, managerId);
      if (!(await unique(() => renameCategory(db, id, name)))) throw new AppError('not_found');
      return category(id, managerId);
    },

    async remove(managerId: number, id: number): Promise<CategoryDeletedResponse> {
      await assertOwner(id, managerId);
      const detached = await deleteCategory(db, id);
      if (detached === null) throw new AppError('not_found');
      await deps.afterDetach();
      return { ServerMassageCode: 'success', detachedAttractions: detached };
    },

    async createSubcategory(
      managerId: number,
      categoryId: number,
      data: string | Record<string, unknown>,
    ): Promise<SubcategoryResponse> {
      const { name } = readCategoryData(data);
      await assertOwner(categoryId, managerId);
      const id = await unique(() => insertSubcategory(db, categoryId, name));
      return { ServerMassageCode: 'success', categoryId, subcategory: { id, name } };
    },

    async updateSubcategory(
      managerId: number,
      categoryId: number,
      subcategoryId: number,
      data: string | Record<string, unknown>,
    ): Promise<SubcategoryResponse> {
      const { name } = readCategoryData(data);
      await assertOwner(categoryId, managerId);
      if (!(await unique(() => renameSubcategory(db, categoryId, subcategoryId, name))))
        throw new AppError('not_found');
      return { ServerMassageCode: 'success', categoryId, subcategory: { id: subcategoryId, name } };
    },

    async removeSubcategory(
      managerId: number,
      categoryId: number,
      subcategoryId: number,
    ): Promise<CategoryDeletedResponse> {
      await assertOwner(categoryId, managerId);
      const detached = await deleteSubcategory(db, categoryId, subcategoryId);
      if (detached === null) throw new AppError('not_found');
      await deps.afterDetach();
      return { ServerMassageCode: 'success', detachedAttractions: detached };
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
