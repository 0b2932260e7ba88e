import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * upload_image_api (decision 0018): the one image upload. The spec's clients wrote to cloud storage themselves
 * (000 §7, 001 §7); ours send the file to the server, which checks it by its bytes, shrinks it and stores it through
 * the storage provider. POST multipart/form-data: `file` (the image), `folder`, and `rideId` (the trip; required for
 * the accommodation folder). Answers the stored image's address.
 *
 * Refusals: no sign-in 401 user_is_not_authorized; no file or bad fields 400 (file_required, bad_request); more than
 * UPLOAD_IMAGE_MAX_BYTES 413 payload_too_large; not an image we read 415 file_is_not_an_image; HEIC that the server
 * cannot decode 415 image_format_not_supported; more than UPLOAD_IMAGE_MAX_PIXELS 413 image_too_many_pixels.
 */
export const UPLOAD_FOLDERS = ['accommodation', 'attractions'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** The file as sent, before it is shrunk. */
export const UPLOAD_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Width times height; a phone's 48-megapixel photo passes, a 50-megapixel one (or a decompression bomb) does not. */
export const UPLOAD_IMAGE_MAX_PIXELS = 49_000_000;
/** The stored image: its longer side at most this many pixels ... */
export const STORED_IMAGE_MAX_SIDE = 1024;
/** ... and at most this many bytes. */
export const STORED_IMAGE_MAX_BYTES = 1024 * 1024;

export const UPLOAD_IMAGE_PATH = '/api/upload_image_api';

/** The text fields of the multipart body (the file part is read by the route). */
export const uploadImageFields = z.object({
  folder: z.enum(UPLOAD_FOLDERS, { message: 'bad_request' }),
  rideId: z.coerce.number({ message: 'bad_request' }).int().positive().max(2_147_483_647).optional(),
});
export type UploadImageFields = z.infer<typeof uploadImageFields>;

export const uploadImageResponse = envelope({
  /** Where the image is read from: a path on this server (/uploads/...) or the bucket's public address. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  contentType: z.string(),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponse>;
