import { addDays, distanceMetres, STOP_MERGE_METRES, type TripDraft } from '@rides/contract';
import type { PhotoPlaceData } from '@rides/contract';

/**
 * The draft's nights made into stays (issue 20 "Go beyond", decision 0037): each kept night is where the traveller
 * slept after its day; consecutive kept nights at the same place (within STOP_MERGE_METRES, the draft's own "same
 * place") are one stay, checked in on the first night's day and out the morning after the last.
 */
export interface PlannedStay {
  /** "n:<day>" of each night in the stay (the keys the user keeps or drops). */
  keys: string[];
  checkIn: string;
  checkOut: string;
  lat: number;
  lng: number;
  /** The first night's first photo: the one read for the hotel's suggestion and stored as the stay's image. */
  photoId: string;
  /** 0-based day of the first night. */
  day: number;
}

/** A night's key: what the draft list's checkbox toggles. */
export const nightKey = (day: number) => `n:${day}`;

export function plannedStays(
  draft: Extract<TripDraft, { ok: true }>,
  dropped: ReadonlySet<string>,
): PlannedStay[] {
  const stays: PlannedStay[] = [];
  let open: PlannedStay | null = null;
  draft.days.forEach((day, d) => {
    const night = day.night;
    if (!night || dropped.has(nightKey(d))) {
      open = null;
      return;
    }
    const same: PlannedStay | null = open;
    if (
      same !== null &&
      same.checkOut === day.date &&
      distanceMetres(same.lat, same.lng, night.lat, night.lng) <= STOP_MERGE_METRES
    ) {
      same.keys.push(nightKey(d));
      same.checkOut = addDays(day.date, 1);
      return;
    }
    const stay: PlannedStay = {
      keys: [nightKey(d)],
      checkIn: day.date,
      checkOut: addDays(day.date, 1),
      lat: night.lat,
      lng: night.lng,
      photoId: night.photoIds[0] ?? '',
      day: d,
    };
    stays.push(stay);
    open = stay;
  });
  return stays;
}

/**
 * The accommodation call's fields (create_and_add_accommodation_from_image_to_ride_api) for a place, a range (ISO
 * dates) and the stored photo: the fields of the accommodation form, the image the photo's address.
 */
export function stayBody(
  place: PhotoPlaceData,
  range: { checkIn: string; checkOut: string },
  image: string | null,
) {
  return {
    name: place.name,
    address: place.address ?? null,
    lat: place.lat,
    lng: place.lng,
    image,
    // Y:m:d, as 001 §9 writes a photo stay's range (the server reads every date format the same way).
    check_in_date: range.checkIn.replaceAll('-', ':'),
    check_out_date: range.checkOut.replaceAll('-', ':'),
  };
}
