import type { ImageInformationResponse, PhotoPlaceData } from '@rides/contract';
import { MAP_DEFAULT_CENTER } from '../../../components/map/geometry';
import { errorCode } from '../../../lib/api';
import { addAttractionFromImage, imageInformation } from '../api/photos';
import type { DraftItem } from './draft-plan';
import type { PickedPhoto } from './read-photos';
import { shrinkPhoto } from './shrink';

/**
 * Sends the kept photos into a trip, one after the other (001 §4 ADDING_ATRACTIONS_FROM_IMAGES): each is shrunk,
 * read by get_image_information_api (stored), and placed on its day with the place the server chose; a photo with
 * no place found goes in as "add photo and edit later", at the photo's position or the default one (000 §9). One photo's failure is noted and the batch goes on (issue 20 "the rest of the batch goes on").
 */
export interface SendFailure {
  photoId: string;
  code: string;
}

export interface SendOptions {
  rideId: number;
  items: readonly DraftItem[];
  photos: ReadonlyMap<string, PickedPhoto>;
  /** The name of an activity whose place could not be found, from its item (translated by the caller). */
  editLaterName: (item: DraftItem) => string;
  /** After each photo: how many are done. */
  onProgress: (done: number) => void;
  /** When the server asks us to slow down (429), how long to wait before the one retry. */
  retryAfterMs?: number;
  calls?: { shrink: typeof shrinkPhoto; imageInformation: typeof imageInformation; addAttractionFromImage: typeof addAttractionFromImage };
}

/** The place to send for a photo the server has read: its chosen place, else null ("edit later"). */
export function chosenPlaceData(info: ImageInformationResponse): PhotoPlaceData | null {
  const chosen = info.locationAnalitics.chosenPlace;
  if (!chosen.success) return null;
  return {
    id: chosen.id,
    source: chosen.source,
    name: chosen.displayName.text,
    address: chosen.address,
    lat: chosen.geoLocation.latitude,
    lng: chosen.geoLocation.longitude,
  };
}

const [DEFAULT_LAT, DEFAULT_LNG] = MAP_DEFAULT_CENTER;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function once<T>(call: () => Promise<T>, retryAfterMs: number): Promise<T> {
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
  const calls = options.calls ?? { shrink: shrinkPhoto, imageInformation, addAttractionFromImage };
  const failures: SendFailure[] = [];
  for (const [i, item] of items.entries()) {
    const photo = photos.get(item.photoId);
    try {
      if (!photo) throw new Error('unknown photo');
      const { meta, file } = photo;
      const blob = await calls.shrink(file);
      const info = await once(
        () =>
          calls.imageInformation(blob, file.name, {
            rideId,
            kind: 'attraction',
            keep: 'true',
            date_taken: meta.dateTaken ?? undefined,
            offset: meta.offset ?? undefined,
            latitude: meta.gps?.lat,
            longitude: meta.gps?.lng,
          }),
        retryAfterMs,
      );
      const place = chosenPlaceData(info);
      await once(
        () =>
          calls.addAttractionFromImage({
            ride_id: rideId,
            image_url: info.url,
            // The draft's day: the photo's local date, as the draft placed it.
            date_taken: item.date,
            ...(place
              ? { place_data: place }
              : {
                  edit_later: true,
                  // The photo's position, else the default one (000 §9), for the user to move later.
                  place_data: { name: editLaterName(item), lat: item.point?.lat ?? DEFAULT_LAT, lng: item.point?.lng ?? DEFAULT_LNG },
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
