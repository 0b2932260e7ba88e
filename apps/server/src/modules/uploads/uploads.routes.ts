import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponse,
  UPLOAD_IMAGE_MAX_BYTES,
  uploadImageFields,
  uploadImageResponse,
} from '@rides/contract';
import { clientGoneSignal } from '../../lib/client-gone.js';
import type { UploadsService } from './uploads.service.js';

/** Uploads cost CPU (decoding, resizing): per client address, like the other limited writes (plugins/security.ts). */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const uploadBody = uploadImageFields.extend({
  file: z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: 'file_required' }),
});

/**
 * upload_image_api (decision 0018): multipart/form-data with one file part `file`, `folder` and `rideId` (a trip the user
 * may edit: 403/404 otherwise, decided by the service). Refused before the body is read when nobody is signed in (onRequest); the multipart reader stops at UPLOAD_IMAGE_MAX_BYTES (413
 * payload_too_large) and takes one file. HTTP only: the service checks the bytes, shrinks and stores.
 */
export async function uploadsRoutes(app: FastifyInstance, opts: { uploads: UploadsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/upload_image_api',
    {
      onRequest: app.requireUser,
      config: {
        rateLimit: UPLOAD_RATE_LIMIT,
        multipartOptions: { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1 } },
      },
      schema: {
        tags: ['uploads'],
        summary:
          'Uploads an image (multipart: file, folder, rideId); checked by its bytes, resized, stored; answers its URL',
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: {
          200: uploadImageResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          413: errorResponse,
          415: errorResponse,
          429: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { file, folder, rideId } = request.body;
      return opts.uploads.uploadImage({ file, folder, rideId }, request.user!, clientGoneSignal(reply));
    },
  );
}
