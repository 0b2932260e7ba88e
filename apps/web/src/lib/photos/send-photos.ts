import type { ImageInformationResponse, PhotoPlace, PhotoPlaceData } from '@rides/contract';
import { MAP_DEFAULT_CENTER } from '../../components/map/geometry';
import { errorCode } from '../api';
import { addAttractionFromImage, createAccommodationFromImage, imageInformation } from './photos-api';
import type { DraftItem } from './draft-plan';
import type { PickedPhoto } from './read-photos';
import { shrinkPhoto } from './shrink';
import { stayBody, type PlannedStay } from './stays';

/**
 * Sends the kept photos into a trip, one after the other (001 §4 ADDING_ATRACTIONS_FROM_IMAGES): each is shrunk,
 * read by get_image_information_api (stored), and placed on its day with the place the server chose; a photo with
 * no place found goes in as "add photo and edit later", at the photo's position or the default one (000 §9). One photo's failure is noted and the batch goes on (issue 20 "the rest of the batch goes on").
 */
export interface SendFailure {
  photoId: string;
  code: string;
}

/** The user's answer on the correction step (001 §2's step screen) for a photo the draft could not place. */
export type StepAnswer = { kind: 'place'; place: PhotoPlaceData } | { kind: 'editLater' } | { kind: 'skip' };

/** What the correction step is asked about: the item, and the server's reading of it when it has been sent. */
export interface StepQuestion {
  item: DraftItem;
  info: ImageInformationResponse | null;
}

interface SendOptions {
  rideId: number;
  items: readonly DraftItem[];
  photos: ReadonlyMap<string, PickedPhoto>;
  /** The name of an activity whose place could not be found, from its item (translated by the caller). */
  editLaterName: (item: DraftItem) => string;
  /** After each photo: how many are done. */
  onProgress: (done: number) => void;
  /**
   * The correction step: asked for a photo without a location before anything of it is sent (skip: it never is), and
   * for a photo whose place the server could not name, with its nearby places. Without it: "edit later".
   */
  ask?: (question: StepQuestion) => Promise<StepAnswer>;
  /** When the server asks us to slow down (429), how long to wait before the one retry. */
  retryAfterMs?: number;
  calls?: {
    shrink: typeof shrinkPhoto;
    imageInformation: typeof imageInformation;
    addAttractionFromImage: typeof addAttractionFromImage;
  };
}

/** A suggested place as add_attraction_from_image_to_ride_api takes it. */
export const placeData = (place: PhotoPlace): PhotoPlaceData => ({
  id: place.id,
  source: place.source,
  name: place.displayName.text,
  address: place.address,
  lat: place.geoLocation.latitude,
  lng: place.geoLocation.longitude,
});

/**
 * One photo shrunk in the browser and read by the server as a photo of an activity or of a stay
 * (get_image_information_api, kept: its stored address comes back), with what the browser read of it for what the
 * file lacks; asked once more after `retryAfterMs` when the server was busy.
 */
export async function readOnServer(
  calls: { shrink: typeof shrinkPhoto; imageInformation: typeof imageInformation },
  photo: PickedPhoto,
  rideId: number,
  kind: 'attraction' | 'accommodation',
  retryAfterMs: number,
): Promise<ImageInformationResponse> {
  const { meta, file } = photo;
  const blob = await calls.shrink(file);
  return once(
    () =>
      calls.imageInformation(blob, file.name, {
        rideId,
        kind,
        keep: 'true',
        date_taken: meta.dateTaken ?? undefined,
        offset: meta.offset ?? undefined,
        latitude: meta.gps?.lat,
        longitude: meta.gps?.lng,
      }),
    retryAfterMs,
  );
}

/** The place to send for a photo the server has read: its chosen place, else null (the correction step decides). */
function chosenPlaceData(info: ImageInformationResponse): PhotoPlaceData | null {
  const chosen = info.locationAnalitics.chosenPlace;
  return chosen.success ? placeData(chosen) : null;
}

const [DEFAULT_LAT, DEFAULT_LNG] = MAP_DEFAULT_CENTER;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function once<T>(call: () => Promise<T>, retryAfterMs: number): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (errorCode(error) !== 'too_many_requests') throw error;
    await wait(retryAfterMs);
    return call();
  }
}

export async function sendPhotos(options: SendOptions): Promise<SendFailure[]> {
  const { rideId, items, photos, editLaterName, onProgress, retryAfterMs = 20_000 } = options;
  const ask = options.ask ?? (async (): Promise<StepAnswer> => ({ kind: 'editLater' }));
  const calls = options.calls ?? { shrink: shrinkPhoto, imageInformation, addAttractionFromImage };
  const failures: SendFailure[] = [];
  for (const [i, item] of items.entries()) {
    const photo = photos.get(item.photoId);
    try {
      if (!photo) throw new Error('unknown photo');
      // No location: nothing can be suggested; the user decides before the photo is sent.
      const early = item.point ? null : await ask({ item, info: null });
      if (early?.kind === 'skip') {
        onProgress(i + 1);
        continue;
      }
      const info = await readOnServer(calls, photo, rideId, 'attraction', retryAfterMs);
      const chosen = chosenPlaceData(info);
      const answer: StepAnswer =
        early ?? (chosen ? { kind: 'place', place: chosen } : await ask({ item, info }));
      if (answer.kind === 'skip') {
        onProgress(i + 1);
        continue;
      }
      await once(
        () =>
          calls.addAttractionFromImage({
            ride_id: rideId,
            image_url: info.url,
            // The draft's day: the photo's local date, as the draft placed it; the stop's first local time becomes the
            // activity's time (decision 0043).
            date_taken: item.from ? `${item.date}T${item.from}` : item.date,
            ...(answer.kind === 'place'
              ? { place_data: answer.place }
              : {
                  edit_later: true,
                  // The photo's position, else the default one (000 §9), for the user to move later.
                  place_data: {
                    name: editLaterName(item),
                    lat: item.point?.lat ?? DEFAULT_LAT,
                    lng: item.point?.lng ?? DEFAULT_LNG,
                  },
                }),
          }),
        retryAfterMs,
      );
    } catch (error) {
      failures.push({ photoId: item.photoId, code: errorCode(error) });
    }
    onProgress(i + 1);
  }
  return failures;
}

interface StayOptions {
  rideId: number;
  stays: readonly PlannedStay[];
  photos: ReadonlyMap<string, PickedPhoto>;
  /** The stay's name when no place to stay is found near its photo (translated by the caller). */
  unnamed: (stay: PlannedStay) => string;
  onProgress?: (done: number) => void;
  retryAfterMs?: number;
  calls?: {
    shrink: typeof shrinkPhoto;
    imageInformation: typeof imageInformation;
    createAccommodationFromImage: typeof createAccommodationFromImage;
  };
}

/**
 * The draft's kept nights as stays (issue 20): each planned stay's photo is read as a lodging photo (the hotels near
 * it suggested), then create_and_add_accommodation_from_image_to_ride_api makes the stay over its nights, the photo
 * its image; no hotel found: the stay at the photo's position under a name the user edits later. A stay the server
 * refuses (you_Are_having_double_booking: the trip already has one those nights) is noted and the rest go on.
 */
export async function sendStays(options: StayOptions): Promise<SendFailure[]> {
  const { rideId, stays, photos, unnamed, onProgress, retryAfterMs = 20_000 } = options;
  const calls = options.calls ?? { shrink: shrinkPhoto, imageInformation, createAccommodationFromImage };
  const failures: SendFailure[] = [];
  for (const [i, stay] of stays.entries()) {
    try {
      const photo = photos.get(stay.photoId);
      if (!photo) throw new Error('unknown photo');
      const info = await readOnServer(calls, photo, rideId, 'accommodation', retryAfterMs);
      const place = chosenPlaceData(info) ?? { name: unnamed(stay), lat: stay.lat, lng: stay.lng };
      await once(
        () => calls.createAccommodationFromImage(rideId, stayBody(place, stay, info.url)),
        retryAfterMs,
      );
    } catch (error) {
      failures.push({ photoId: stay.photoId, code: errorCode(error) });
    }
    onProgress?.(i + 1);
  }
  return failures;
}
