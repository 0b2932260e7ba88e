import type {
  AccommodationBody,
  AccommodationSavedResponse,
  AddAttractionFromImageBody,
  AddAttractionFromImageResponse,
  ImageInformationFields,
  ImageInformationResponse,
} from '@rides/contract';
import { apiPost, apiRequest } from '../../../lib/api';

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

/** POST add_attraction_from_image_to_ride_api: the place as an activity on the photo's day. */
export const addAttractionFromImage = (body: AddAttractionFromImageBody) =>
  apiPost<AddAttractionFromImageResponse>('add_attraction_from_image_to_ride_api', body);

/** POST create_and_add_accommodation_from_image_to_ride_api/{rideId}: a stay from a lodging photo (double booking: 409). */
export const createAccommodationFromImage = (rideId: number, body: AccommodationBody) =>
  apiPost<AccommodationSavedResponse>(`create_and_add_accommodation_from_image_to_ride_api/${rideId}`, body);
