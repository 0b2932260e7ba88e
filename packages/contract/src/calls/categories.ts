import { z } from 'zod';
import { envelope } from '../envelope.js';
import { jsonProblem, text } from '../input-rules.js';

/**
 * Attraction categories and their subcategories (001 §2 "Categories", §3, §7; 002 §2.6, §7), managers only. The create
 * and update calls send a multipart form whose field `data` holds JSON ({"name": "..."}), as the spec says; a JSON body
 * {"data": "<json>"} or {"data": {...}} is read the same way. Deleting a category that attractions use detaches it
 * from them (decision 0020).
 */
export const CATEGORY_NAME_MAX = 100;

/** A category's or subcategory's name: required ("Name is required": category_name_required), at most 100 characters. */
export const categoryName = text({ error: 'category_name_required' })
  .trim()
  .min(1, { error: 'category_name_required' })
  .max(CATEGORY_NAME_MAX, { error: 'category_name_too_long' });

/** What the JSON of the `data` field holds. */
export const categoryData = z.object({ name: categoryName });
export type CategoryData = z.input<typeof categoryData>;

/** The body of the create and update calls: the `data` field, as text (JSON) or, in a JSON body, as the object. */
export const categoryDataBody = z.object({
  data: z.union(
    [
      text().max(10_000, { error: 'bad_request' }),
      z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
        const problem = jsonProblem(v, { maxDepth: 4, maxSize: 10_000 });
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ],
    { error: 'bad_request' },
  ),
});
export type CategoryDataBody = z.input<typeof categoryDataBody>;

const id = text()
  .regex(/^[1-9]\d{0,9}$/, { error: 'bad_request' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'bad_request' });

export const categoryIdParams = z.object({ id });
export const categoryParams = z.object({ categoryId: id });
export const subcategoryParams = z.object({ categoryId: id, subcategoryId: id });

export const subcategoryWire = z.object({ id: z.number().int(), name: z.string() });
export type SubcategoryWire = z.infer<typeof subcategoryWire>;

export const categoryWire = z.object({
  id: z.number().int(),
  name: z.string(),
  subcategories: z.array(subcategoryWire),
  /** Whether the signed-in manager owns it, i.e. may rename or delete it or change its subcategories (decision 0020). */
  mine: z.boolean(),
});
export type CategoryWire = z.infer<typeof categoryWire>;

/** GET categories_api: every category with its subcategories, by name. */
export const categoriesResponse = envelope({ categories: z.array(categoryWire) });
export type CategoriesResponse = z.infer<typeof categoriesResponse>;

/** create_category_api, update_category_api/{id}: the category as it now is. */
export const oneCategoryResponse = envelope({ category: categoryWire });
export type OneCategoryResponse = z.infer<typeof oneCategoryResponse>;

/** create_subcategory_api/{categoryId}, update_subcategory_api/{categoryId}/{subcategoryId}. */
export const subcategoryResponse = envelope({ categoryId: z.number().int(), subcategory: subcategoryWire });
export type SubcategoryResponse = z.infer<typeof subcategoryResponse>;

/** delete_category_api/{id}, delete_subcategory_api/...: how many attractions had it and now have none. */
export const categoryDeletedResponse = envelope({ detachedAttractions: z.number().int() });
export type CategoryDeletedResponse = z.infer<typeof categoryDeletedResponse>;
