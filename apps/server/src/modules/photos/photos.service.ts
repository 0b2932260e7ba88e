import {
  PHOTO_PREVIEW_SIDE,
  photoTime,
  usableCoordinates,
  type AddAttractionFromImageBody,
  type AddAttractionFromImageResponse,
  type ImageInformationResponse,
  type PhotoPlaceNamesResponse,
  type PhotoPreviewResponse,
  type LocationAnalitics,
  type PhotoKind,
  type PhotoPlaceData,
  type TripLanguage,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Storage } from '../../providers/storage/index.js';
import { IMAGE_ADDRESS } from '../attraction-editor/attraction-editor.service.js';
import { pickerDate } from '../trips/trips.presenter.js';
import {
  findOwnByPlaceId,
  findPlacement,
  insertAttraction,
  insertPlacement,
  mayUseAttraction,
} from '../trip-editing/attractions.repository.js';
import { assertInTrip, dayIndexOf } from '../trip-editing/day-math.js';
import { nextPosition } from '../trip-editing/days.repository.js';
import { decideEditFor, type TripEditor } from '../trip-editing/edit-transaction.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import { zoneOffsetAt } from '../trip-export/time-zone.js';
import { inspectImage, makeStoredImage, type ImageFormat } from '../uploads/image.js';
import { createUploadsRepository } from '../uploads/uploads.repository.js';
import { imageKey } from '../uploads/uploads.service.js';
import { workOwner } from '../../lib/client-gone.js';
import type { HeicAsker, HeicPool } from './heic-pool.js';
import { readPhotoMetadata } from './photo-exif.js';
import type { PhotoPlaces } from './photo-places.js';

/**
 * Trips from photos, the server's calls (issue 20; 001 §2, §3, §5, §7; decision 0037):
 *  - get_image_information_api: the photo's EXIF read first (date taken, offset, GPS; a GPS of 0,0 or off the Earth is
 *    no location), else what the browser read from the original; the image checked by its bytes like every upload
 *    (decision 0018), HEIC/HEIF decoded one at a time off the main thread, shrunk to a JPEG of at most 1024 px and 1 MB
 *    and stored (unless keep=false); the places near it (photo-places.ts) as locationAnalitics.
 *  - add_attraction_from_image_to_ride_api: the place on the photo's day, through the one locked edit transaction and
 *    the edit policy; like create_attraction_and_add_to_ride_api, a new attraction only on a base trip or by a manager.
 *  - create_and_add_accommodation_from_image_to_ride_api: the accommodations service's create (its rules and the
 *    double booking refusal), see photos.routes.ts.
 */
export interface PhotosDeps {
  db: Database;
  storage: Storage;
  editRide: TripEditor;
  heic: HeicPool;
  places: PhotoPlaces;
  now?: () => Date;
}

export interface ImageInformationInput {
  file: Buffer;
  filename: string;
  rideId?: number | undefined;
  kind: PhotoKind;
  keep: boolean;
  language?: TripLanguage | undefined;
  client: {
    dateTaken?: string | undefined;
    offset?: string | undefined;
    latitude?: number | undefined;
    longitude?: number | undefined;
  };
}

const MEDIA_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heif: 'image/heif',
};

const NO_PLACE: LocationAnalitics = { chosenPlace: { success: false }, nearbyPlaces: [] };

export function createPhotosService(deps: PhotosDeps) {
  const { db, editRide: editTrip } = deps;
  const uploadsRepo = createUploadsRepository(db);
  const now = deps.now ?? (() => new Date());

  /** The trip named by a photo call: one the user may edit (the one edit policy), asked before any decoding. */
  async function editableRide(rideId: number, user: SessionUser) {
    const ride = await readTrip(db, rideId);
    if (!ride) throw new AppError('not_found', [{ field: 'rideId', code: 'not_found' }]);
    const decision = await decideEditFor(db, ride, user, 'edit');
    if (!decision.allowed) throw new AppError(decision.code, [{ field: 'rideId', code: decision.code }]);
    return ride;
  }

  return {
    /**
     * photo_place_names: each draft stop's name, its nearest place suggestion (issue 30 point 7), one point after the
     * other (a draft's stops are at most 200, each a few indexed reads).
     */
    async placeNames(
      points: readonly { lat: number; lng: number }[],
      language: TripLanguage,
      user: SessionUser,
      signal?: AbortSignal,
    ): Promise<PhotoPlaceNamesResponse> {
      const names: (string | null)[] = [];
      for (const p of points) {
        // Nobody waits for the rest once the client hung up (decision 0050): the remaining lookups are not made.
        if (signal?.aborted) throw new AppError('service_unavailable');
        const point = usableCoordinates(p.lat, p.lng);
        names.push(point ? await deps.places.nearestName(point.lat, point.lng, language, user.id) : null);
      }
      return { ServerMassageCode: 'success', names };
    },

    /**
     * A small JPEG of a photo the browser cannot show (a HEIC: decoded by the same one-at-a-time decoder as the stored
     * photos), for the draft's thumbnails (issue 30 point 7). Nothing is stored; the EXIF is not copied.
     */
    async preview(file: Buffer, asker: HeicAsker): Promise<PhotoPreviewResponse> {
      const image = await makeStoredImage(file, {
        format: 'jpeg',
        heic: deps.heic,
        asker,
        maxSide: PHOTO_PREVIEW_SIDE,
      });
      return {
        ServerMassageCode: 'success',
        image: `data:image/jpeg;base64,${image.bytes.toString('base64')}`,
      };
    },

    async imageInformation(
      input: ImageInformationInput,
      user: SessionUser,
      signal?: AbortSignal,
    ): Promise<ImageInformationResponse> {
      const ride = input.rideId === undefined ? undefined : await editableRide(input.rideId, user);
      const { sniffed, meta } = await inspectImage(input.file);
      const exif = await readPhotoMetadata(input.file);
      const clientPoint = usableCoordinates(input.client.latitude, input.client.longitude);
      const gps = exif.gps ?? clientPoint;
      const fromExif = exif.dateTaken !== null || exif.gps !== null || exif.gpsUtc !== null;
      const fromClient = clientPoint !== null || input.client.dateTaken !== undefined;
      // Field by field, EXIF first: the wall time is EXIF's, else the browser's (read from the original before it was
      // shrunk), else the GPS stamps' UTC in the zone at the position (offline). An offset goes with its wall time.
      const takenAt = exif.dateTaken ?? input.client.dateTaken ?? null;
      const offset = exif.dateTaken !== null ? exif.offset : (input.client.offset ?? exif.offset);
      const time = photoTime(
        { id: '', lat: gps?.lat ?? null, lng: gps?.lng ?? null, takenAt, offset, takenAtUtc: exif.gpsUtc },
        zoneOffsetAt,
      );
      const language: TripLanguage = ride?.language ?? input.language ?? 'hebrew';
      const [analytics, stored] = await Promise.all([
        gps ? deps.places.analyse(gps.lat, gps.lng, input.kind, language, user.id) : NO_PLACE,
        input.keep
          ? makeStoredImage(input.file, {
              format: 'jpeg',
              heic: deps.heic,
              asker: { owner: workOwner(user, ''), signal },
            })
          : undefined,
      ]);
      const uploadedAt = now();
      let url: string | null = null;
      if (stored) {
        const key = imageKey(
          input.kind === 'accommodation' ? 'accommodation' : 'attractions',
          input.rideId,
          uploadedAt,
          'jpg',
        );
        url = await deps.storage.put(key, stored.bytes, stored.contentType);
        try {
          await uploadsRepo.insert({
            ownerId: user.id,
            storageKey: key,
            contentType: stored.contentType,
            bytes: stored.bytes.length,
            width: stored.width,
            height: stored.height,
            purpose: 'photo',
            originalName: input.filename.slice(0, 255),
            takenAt: time ? time.wall.replace('T', ' ') : null,
            lat: gps?.lat ?? null,
            lng: gps?.lng ?? null,
          });
        } catch (err) {
          await deps.storage.delete(key).catch(() => undefined);
          throw err;
        }
      }
      return {
        ServerMassageCode: 'success',
        filename: input.filename,
        size: input.file.length,
        type:
          sniffed === 'heif' && meta.compression === 'av1'
            ? 'image/avif'
            : sniffed === 'heif'
              ? 'image/heic'
              : MEDIA_TYPES[sniffed],
        dateTaken: time?.wall ?? null,
        offset,
        location: gps
          ? {
              latitude: Math.abs(gps.lat),
              latitudeRef: gps.lat < 0 ? 'S' : 'N',
              longitude: Math.abs(gps.lng),
              longitudeRef: gps.lng < 0 ? 'W' : 'E',
            }
          : null,
        metadataSource: fromExif ? 'exif' : fromClient ? 'client' : 'none',
        uploadedAt: uploadedAt.toISOString(),
        url,
        width: stored?.width ?? meta.width,
        height: stored?.height ?? meta.height,
        locationAnalitics: analytics,
      };
    },

    /**
     * add_attraction_from_image_to_ride_api: the place on the photo's day of the trip (the first day without a date), at
     * the photo's time taken when it has one (decision 0043).
     */
    async addAttractionFromImage(
      body: Omit<AddAttractionFromImageBody, 'date_taken'> & {
        date_taken?: { date: string; time: string | null } | null;
      },
      user: SessionUser | null,
    ): Promise<AddAttractionFromImageResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const imageUrl = body.image_url ?? null;
      if (imageUrl !== null && !IMAGE_ADDRESS.test(imageUrl))
        throw new AppError('bad_request', [{ field: 'image_url', code: 'bad_request' }]);
      const place = body.place_data as PhotoPlaceData | null | undefined;
      if (!place || (!place.id && !body.edit_later))
        throw new AppError('please_use_auto_compleate', [
          { field: 'place_data', code: 'please_use_auto_compleate' },
        ]);
      const point = usableCoordinates(place.lat, place.lng);
      if (!point)
        throw new AppError('attraction_location_required', [
          { field: 'place_data', code: 'attraction_location_required' },
        ]);
      const rideId = Number(body.ride_id);
      // A refusal costs no lock; decided again under it.
      await editableRide(rideId, user);
      // 'newAttraction': as the editor's form, on a base trip or by a manager (the edit policy).
      return editTrip(rideId, user, 'newAttraction', async (tx, ride, note) => {
        const date = body.date_taken?.date ?? ride.startDate;
        assertInTrip(ride, date);
        const own = place.id ? /^at:([1-9]\d{0,9})$/.exec(place.id) : null;
        let attractionId: number;
        let reused = false;
        if (own && Number(own[1]) <= 2_147_483_647 && (await mayUseAttraction(tx, Number(own[1]), user.id))) {
          // One of our attractions this user may see: placed as it is (its own image stays).
          attractionId = Number(own[1]);
          reused = true;
        } else {
          const googleId = place.source === 'google' && place.id ? place.id : null;
          const existing = googleId ? await findOwnByPlaceId(tx, user.id, googleId) : undefined;
          attractionId =
            existing ??
            (await insertAttraction(tx, {
              authorId: user.id,
              title: place.name,
              address: place.address ?? null,
              text: '',
              lat: point.lat,
              lng: point.lng,
              imageUrl,
              placeId: googleId,
            }));
          reused = existing !== undefined;
        }
        const placed = await findPlacement(tx, rideId, attractionId);
        const plannedDate = placed?.plannedDate ?? date;
        note({ type: 'activities', target: { days: [plannedDate], placements: [attractionId] } });
        if (!placed)
          await insertPlacement(tx, rideId, attractionId, {
            plannedDate: date,
            timeOfDay: body.date_taken?.time ?? null,
            position: await nextPosition(tx, rideId, date),
          });
        return {
          ServerMassageCode: 'success',
          rideId,
          attractionId,
          dayIndex: dayIndexOf(ride, plannedDate),
          plannedDate: pickerDate(plannedDate),
          reused,
        };
      });
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
