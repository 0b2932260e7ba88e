import type {
  AddExtraInformationBody,
  CopyTripResponse,
  DeleteExtraInformationResponse,
  ExtraInformationResponse,
  LockResponse,
  ResetResponse,
  UpdateExtraInformationBody,
} from '@rides/contract';
import { apiGet, editGet, editPost } from '../../../../lib/api';

/** GET add_ride_to_user_api/{rideId}: the signed-in user's own copy of the trip (decision 0015). */
export const copyTripToUser = (rideId: number) => apiGet<CopyTripResponse>(`add_ride_to_user_api/${rideId}`);

/** POST lock_ride_api/{rideId}: is_locked. */
export const setTripLocked = (rideId: number, locked: boolean) =>
  editPost<LockResponse>(rideId, `lock_ride_api/${rideId}`, { is_locked: locked });

/**
 * GET reset_ride_to_original_order_api/{rideId}: back to the base trip's activities (white-label, non-base, private,
 * unlocked trips, by the owner; ride_reset_error otherwise).
 */
export const resetTripToOriginalOrder = (rideId: number) =>
  editGet<ResetResponse>(rideId, `reset_ride_to_original_order_api/${rideId}`);

/** POST add_extra_information_to_ride: a trip-wide section, or a day's note when `date` is given. */
export const addExtraInformation = (body: AddExtraInformationBody) =>
  editPost<ExtraInformationResponse>(Number(body.ride_id), 'add_extra_information_to_ride', body);

export const updateExtraInformation = (body: UpdateExtraInformationBody) =>
  editPost<ExtraInformationResponse>(Number(body.ride_id), 'update_extra_information_to_ride', body);

export const deleteExtraInformation = (rideId: number, id: number) =>
  editPost<DeleteExtraInformationResponse>(rideId, 'delete_extra_information_to_ride', {
    ride_id: rideId,
    extra_information_id: id,
  });
