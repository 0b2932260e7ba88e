import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  categoryDataBody,
  categoryDeletedResponse,
  categoryIdParams,
  categoryParams,
  errorResponse,
  oneCategoryResponse,
  subcategoryParams,
  subcategoryResponse,
} from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import type { CategoriesService } from './categories.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * The category calls (001 §7, 002 §7), managers only; create and update read the multipart field `data` (JSON). Changes
 * are the owner's only (the service decides, with the signed-in manager's id).
 */
export async function categoriesRoutes(app: FastifyInstance, opts: { categories: CategoriesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { categories } = opts;
  const managers = { preHandler: app.requireRole('manager') };
  const schema = <T extends object>(summary: string, rest: T) => ({ tags: ['categories'], summary, ...rest });

  api.get(
    '/categories_api',
    {
      ...managers,
      schema: schema('Every attraction category with its subcategories', {
        response: { 200: categoriesResponse, ...errors },
      }),
    },
    async (request) => categories.list(currentUser(request).id),
  );
  api.post(
    '/create_category_api',
    {
      ...managers,
      schema: schema('Adds a category (multipart field data: {"name"})', {
        body: categoryDataBody,
        response: { 200: oneCategoryResponse, ...errors },
      }),
    },
    async (request) => categories.create(currentUser(request).id, request.body.data),
  );
  api.post(
    '/update_category_api/:id',
    {
      ...managers,
      schema: schema('Renames a category (multipart field data: {"name"})', {
        params: categoryIdParams,
        body: categoryDataBody,
        response: { 200: oneCategoryResponse, ...errors },
      }),
    },
    async (request) => categories.update(currentUser(request).id, request.params.id, request.body.data),
  );
  api.delete(
    '/delete_category_api/:id',
    {
      ...managers,
      schema: schema('Deletes a category and its subcategories; attractions that used it are detached', {
        params: categoryIdParams,
        response: { 200: categoryDeletedResponse, ...errors },
      }),
    },
    async (request) => categories.remove(currentUser(request).id, request.params.id),
  );
  api.post(
    '/create_subcategory_api/:categoryId',
    {
      ...managers,
      schema: schema('Adds a subcategory (multipart field data: {"name"})', {
        params: categoryParams,
        body: categoryDataBody,
        response: { 200: subcategoryResponse, ...errors },
      }),
    },
    async (request) =>
      categories.createSubcategory(currentUser(request).id, request.params.categoryId, request.body.data),
  );
  api.post(
    '/update_subcategory_api/:categoryId/:subcategoryId',
    {
      ...managers,
      schema: schema('Renames a subcategory (multipart field data: {"name"})', {
        params: subcategoryParams,
        body: categoryDataBody,
        response: { 200: subcategoryResponse, ...errors },
      }),
    },
    async (request) =>
      categories.updateSubcategory(
        currentUser(request).id,
        request.params.categoryId,
        request.params.subcategoryId,
        request.body.data,
      ),
  );
  api.delete(
    '/delete_subcategory_api/:categoryId/:subcategoryId',
    {
      ...managers,
      schema: schema('Deletes a subcategory; attractions that used it keep their category', {
        params: subcategoryParams,
        response: { 200: categoryDeletedResponse, ...errors },
      }),
    },
    async (request) =>
      categories.removeSubcategory(
        currentUser(request).id,
        request.params.categoryId,
        request.params.subcategoryId,
      ),
  );
}
