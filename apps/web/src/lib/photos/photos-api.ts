import type {
  AccommodationBody,
  AccommodationSavedResponse,
  AddAttractionFromImageBody,
  AddAttractionFromImageResponse,
  ImageInformationFields,
  ImageInformationResponse,
  PhotoPlaceNamesResponse,
  PhotoPreviewResponse,
} from '@rides/contract';
import { PHOTO_PLACE_NAMES_MAX } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { apiPost, apiRequest, editPost } from '../api';

/** The photo calls of 001 §7 (issue 20, decision 0037). */

/** What the browser read from the original travels as text fields beside the photo. */
type Fields = { [K in keyof ImageInformationFields]?: string | number | undefined };

/** POST get_image_information_api (multipart): the photo's metadata and suggested places; stored unless keep=false. */
export function imageInformation(
  photo: Blob,
  fileName: string,
  fields: Fields,
): Promise<ImageInformationResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== null) form.append(name, String(value));
  form.append('filename', fileName);
  // The photo last: the server reads the fields first.
  form.append('image', photo, fileName);
  return apiRequest<ImageInformationResponse>('get_image_information_api', { method: 'POST', body: form });
}

/** POST photo_preview (multipart): a small JPEG (data URL) of a photo this browser cannot show (a HEIC). */
export function photoPreview(photo: Blob, fileName: string): Promise<PhotoPreviewResponse> {
  const form = new FormData();
  form.append('image', photo, fileName);
  return apiRequest<PhotoPreviewResponse>('photo_preview', { method: 'POST', body: form });
}

/** POST add_attraction_from_image_to_ride_api: the place as an activity on the photo's day. */
export const addAttractionFromImage = (body: AddAttractionFromImageBody) =>
  editPost<AddAttractionFromImageResponse>(
    Number(body.ride_id),
    'add_attraction_from_image_to_ride_api',
    body,
  );

/** POST create_and_add_accommodation_from_image_to_ride_api/{rideId}: a stay from a lodging photo (double booking: 409). */
export const createAccommodationFromImage = (rideId: number, body: AccommodationBody) =>
  editPost<AccommodationSavedResponse>(
    rideId,
    `create_and_add_accommodation_from_image_to_ride_api/${rideId}`,
    body,
  );

/**
 * POST photo_place_names: the draft's stops named after their nearest place suggestion (issue 30 point 7), before
 * anything is uploaded (only the points travel). The first PHOTO_PLACE_NAMES_MAX stops; the rest keep their times.
 */
export function useStopNames(
  points: readonly { lat: number; lng: number }[],
  language: 'hebrew' | 'english',
) {
  const asked = points.slice(0, PHOTO_PLACE_NAMES_MAX).map((p) => ({ lat: p.lat, lng: p.lng }));
  return useQuery({
    queryKey: ['photo_place_names', language, asked.map((p) => `${p.lat},${p.lng}`).join(';')],
    queryFn: () => apiPost<PhotoPlaceNamesResponse>('photo_place_names', { points: asked, language }),
    enabled: asked.length > 0,
    staleTime: Infinity,
  });
}
