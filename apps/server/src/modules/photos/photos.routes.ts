import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accommodationFromImageBody,
  accommodationSavedResponse,
  addAttractionFromImageBody,
  addAttractionFromImageResponse,
  errorResponse,
  imageInformationFields,
  imageInformationResponse,
  photoPlaceNamesBody,
  photoPlaceNamesResponse,
  photoPreviewResponse,
  tripIdParams,
  UPLOAD_IMAGE_MAX_BYTES,
} from '@rides/contract';
import { clientGoneSignal, workOwner } from '../../lib/client-gone.js';
import type { AccommodationsService } from '../accommodations/accommodations.service.js';
import type { PhotosService } from './photos.service.js';

/**
 * A trip's photos arrive together (the 200 at once), so this call allows more than upload_image_api's 30 a
 * minute; the HEIC decoder takes one at a time whatever arrives (heic-pool.ts), which is what bounds the cost.
 */
export const PHOTO_RATE_LIMIT = { max: 240, timeWindow: '1 minute' } as const;

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  500: errorResponse,
};

const imageBody = imageInformationFields.extend({
  image: z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: 'file_required' }),
});

/** Trips from photos (issue 20, decision 0037): 001 §7's three calls. HTTP only. */
export async function photosRoutes(
  app: FastifyInstance,
  opts: { photos: PhotosService; accommodations: AccommodationsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { photos, accommodations } = opts;

  api.post(
    '/photo_place_names',
    {
      onRequest: app.requireUser,
      config: { rateLimit: PHOTO_RATE_LIMIT },
      schema: {
        tags: ['photos'],
        summary:
          "The draft's stops named after their places: the nearest place suggestion of each point, or null",
        body: photoPlaceNamesBody,
        response: { 200: photoPlaceNamesResponse, ...errors, 429: errorResponse },
      },
    },
    async (request, reply) =>
      photos.placeNames(
        request.body.points,
        request.body.language ?? 'hebrew',
        request.user!,
        clientGoneSignal(reply),
      ),
  );

  api.post(
    '/photo_preview',
    {
      onRequest: app.requireUser,
      config: {
        rateLimit: PHOTO_RATE_LIMIT,
        multipartOptions: { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1 } },
      },
      schema: {
        tags: ['photos'],
        summary:
          'A small JPEG preview (data URL) of a photo the browser cannot show, e.g. a HEIC (multipart: image); nothing is kept',
        consumes: ['multipart/form-data'],
        body: z.object({ image: imageBody.shape.image }),
        response: {
          200: photoPreviewResponse,
          ...errors,
          413: errorResponse,
          415: errorResponse,
          429: errorResponse,
          503: errorResponse,
        },
      },
    },
    // The decode is the user's in the HEIC line and leaves it when they hang up (decision 0050).
    async (request, reply) =>
      photos.preview(request.body.image, {
        owner: workOwner(request.user, request.ip),
        signal: clientGoneSignal(reply),
      }),
  );

  api.post(
    '/get_image_information_api',
    {
      // Refused before the body is read when nobody is signed in.
      onRequest: app.requireUser,
      config: {
        rateLimit: PHOTO_RATE_LIMIT,
        multipartOptions: { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1 } },
      },
      schema: {
        tags: ['photos'],
        summary:
          "A photo's date, place and nearby places (multipart: image, rideId, kind, keep, the browser's EXIF); stores it as a JPEG",
        consumes: ['multipart/form-data'],
        body: imageBody,
        response: {
          200: imageInformationResponse,
          ...errors,
          413: errorResponse,
          415: errorResponse,
          429: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      return photos.imageInformation(
        {
          file: b.image,
          filename: b.filename ?? 'photo',
          rideId: b.rideId,
          kind: b.kind,
          keep: b.keep === 'true',
          language: b.language,
          client: { dateTaken: b.date_taken, offset: b.offset, latitude: b.latitude, longitude: b.longitude },
        },
        request.user!,
        clientGoneSignal(reply),
      );
    },
  );

  api.post(
    '/add_attraction_from_image_to_ride_api',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary:
          "The photo's place as an activity on the photo's day (the author of a base trip, or a manager)",
        body: addAttractionFromImageBody,
        response: { 200: addAttractionFromImageResponse, ...errors },
      },
    },
    async (request) => photos.addAttractionFromImage(request.body, request.user),
  );

  api.post(
    '/create_and_add_accommodation_from_image_to_ride_api/:rideId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'A stay from a lodging photo (the stays rules; you_Are_having_double_booking on an overlap)',
        params: tripIdParams,
        body: accommodationFromImageBody,
        response: { 200: accommodationSavedResponse, ...errors },
      },
    },
    // The same stay as create_accommodation_and_add_to_ride_api: one rule set, one double-booking check (decision 0037).
    async (request) => accommodations.create(request.params.rideId, request.body, request.user),
  );
}
