import type {
  AttractionEditorBody,
  CreateAttractionBody,
  CreateAttractionResponse,
  EditableAttractionResponse,
  PlaceAiBody,
  PlaceAiResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, editPost } from '../../../../lib/api';

/** The attraction editor's calls (001 §7; decision 0020). */

/** GET attraction_information_api/{id}: the attraction as its author edits it (others: error_no_access_to_attraction). */
export const attractionInformationQuery = (id: number, viewer: string) =>
  queryOptions({
    queryKey: ['attraction_information', id, viewer],
    queryFn: ({ signal }) => apiGet<EditableAttractionResponse>(`attraction_information_api/${id}`, signal),
    // The form is filled once: a refetch on focus must not replace what is being typed.
    refetchOnWindowFocus: false,
    retry: false,
  });

/** POST create_attraction_and_add_to_ride_api/{rideId}. */
export const createAttraction = (rideId: number, body: CreateAttractionBody) =>
  editPost<CreateAttractionResponse>(rideId, `create_attraction_and_add_to_ride_api/${rideId}`, body);

/** POST update_attraction_api/{id}. */
export const updateAttraction = (id: number, body: AttractionEditorBody) =>
  apiPost<EditableAttractionResponse>(`update_attraction_api/${id}`, body);

/** POST get_place_ai_information: a description in the trip's language (managers). */
export const placeAiInformation = (body: PlaceAiBody) =>
  apiPost<PlaceAiResponse>('get_place_ai_information', body);
