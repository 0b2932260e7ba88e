import { randomBytes } from 'node:crypto';
import type { UploadFolder, UploadImageResponse } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Storage } from '../../providers/storage/index.js';
import { decideEditFor } from '../trip-editing/edit-transaction.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import type { HeicPool } from '../photos/heic-pool.js';
import { workOwner } from '../../lib/client-gone.js';
import { makeStoredImage } from './image.js';
import { createUploadsRepository } from './uploads.repository.js';

export interface UploadImageInput {
  file: Buffer;
  folder: UploadFolder;
  rideId?: number | undefined;
}

/** "2026-11-21T22-30-05-123Z": the UTC moment, safe in a storage key. */
const utcStamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/**
 * The storage key of 000 §7 and 001 §7: accommodation images named by the trip id and the UTC date, attraction images
 * attractions/{ride id or "new"}_{date}; a random tail keeps two uploads of the same millisecond apart.
 */
export function imageKey(
  folder: UploadFolder,
  rideId: number | undefined,
  now: Date,
  extension: 'webp' | 'jpg' = 'webp',
): string {
  const owner = rideId === undefined ? 'new' : String(rideId);
  return `${folder}/${owner}_${utcStamp(now)}_${randomBytes(6).toString('hex')}.${extension}`;
}

export function createUploadsService(deps: {
  db: Database;
  storage: Storage;
  heic?: HeicPool;
  now?: () => Date;
}) {
  const repo = createUploadsRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  return {
    /** upload_image_api: checks and shrinks the image, stores it, records it; answers its address. */
    async uploadImage(
      input: UploadImageInput,
      user: SessionUser,
      signal?: AbortSignal,
    ): Promise<UploadImageResponse> {
      if (input.folder === 'accommodation' && input.rideId === undefined) {
        throw new AppError('bad_request', [{ field: 'rideId', code: 'bad_request' }]);
      }
      // The trip names the stored file: only someone who may edit that trip (the one edit policy) stores under it.
      // Asked before the image is decoded, so a refusal costs nothing.
      if (input.rideId !== undefined) {
        const ride = await readTrip(deps.db, input.rideId);
        if (!ride) throw new AppError('not_found', [{ field: 'rideId', code: 'not_found' }]);
        const decision = await decideEditFor(deps.db, ride, user, 'edit');
        if (!decision.allowed) throw new AppError(decision.code, [{ field: 'rideId', code: decision.code }]);
      }
      // A HEIC's decode is the user's in the decoder's fair line, dropped if they hang up (decision 0050).
      const image = await makeStoredImage(input.file, {
        heic: deps.heic,
        asker: { owner: workOwner(user, ''), signal },
      });
      const key = imageKey(input.folder, input.rideId, now());
      const url = await deps.storage.put(key, image.bytes, image.contentType);
      try {
        await repo.insert({
          ownerId: user.id,
          storageKey: key,
          contentType: image.contentType,
          bytes: image.bytes.length,
          width: image.width,
          height: image.height,
          purpose: input.folder === 'accommodation' ? 'accommodation' : 'attraction',
        });
      } catch (err) {
        // Nothing half-stored: a file without its row is removed again.
        await deps.storage.delete(key).catch(() => undefined);
        throw err;
      }
      return {
        ServerMassageCode: 'success',
        url,
        width: image.width,
        height: image.height,
        bytes: image.bytes.length,
        contentType: image.contentType,
      };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
