import type {
  AddUserToRidePrivacyResponse,
  CopyPrivateRideResponse,
  CopyPrivateRideStatusResponse,
  CopyTripResponse,
  OneUserAccessKeyResponse,
  RecordRideShareResponse,
  RemoveTripUserResponse,
  RideKeyFullInformationResponse,
  RideKeyInformationResponse,
  RideSubdomainSettingsResponse,
  UpdateTripKeyFullInformationRequest,
  UpdateTripKeyFullInformationResponse,
  UpdateRideSubdomainSettingsBody,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api';

/**
 * The calls of a planner's private-trip delivery (001 §7; issue 18): the trip's access key and its clients, joining
 * with a key, one-time links, a client's own copy, duplicating and recording a share. The reads depend on who asks,
 * so the signed-in user's token is part of their keys.
 */

/** POST get_assigned_ride_key_full_information: the key as its planner sees it (made on the first read). */
export const accessKeyFullInformationQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: ['ride_key_full_information', rideId, viewer],
    queryFn: ({ signal }) =>
      apiPost<RideKeyFullInformationResponse>(
        'get_assigned_ride_key_full_information',
        { ride_id: rideId },
        signal,
      ),
    // The form is filled once: a refetch on focus must not replace what is being typed.
    refetchOnWindowFocus: false,
  });

/** POST update_assigned_ride_key_full_information: what is sent changes; answers the key as the read does. */
export const updateAccessKeyFullInformation = (body: UpdateTripKeyFullInformationRequest) =>
  apiPost<UpdateTripKeyFullInformationResponse>('update_assigned_ride_key_full_information', body);

/** POST remove_user_from_ride_privacy_api: the client loses access, their place is free again. */
export const removeTripUser = (rideId: number, userId: number) =>
  apiPost<RemoveTripUserResponse>('remove_user_from_ride_privacy_api', { ride_id: rideId, userId });

/** The join page's read of a key: `key` for every viewer's copy (the page reads it again after a refused join). */
export const accessKeyInformationKeys = {
  key: (rideKey: string) => ['ride_key_information', rideKey] as const,
  of: (rideKey: string, viewer: string | null) => [...accessKeyInformationKeys.key(rideKey), viewer] as const,
};

/** POST get_assigned_ride_key_information: what the join page shows for a key (asked again when the session changes). */
export const accessKeyInformationQuery = (rideKey: string, viewer: string | null) =>
  queryOptions({
    queryKey: accessKeyInformationKeys.of(rideKey, viewer),
    queryFn: ({ signal }) =>
      apiPost<RideKeyInformationResponse>(
        'get_assigned_ride_key_information',
        { rideAssignedKey: rideKey },
        signal,
      ),
    retry: false,
  });

/** POST add_user_to_ride_privacy_api: the signed-in user joins; newRideId is the trip to open. */
export const addUserToTripPrivacy = (rideKey: string, subdomain: string | null) =>
  apiPost<AddUserToRidePrivacyResponse>('add_user_to_ride_privacy_api', { rideKeyValue: rideKey, subdomain });

/** POST get_one_user_access_key: a new one-time link for one recipient. */
export const oneUserAccessKey = (rideId: number, recipientDetails: string) =>
  apiPost<OneUserAccessKeyResponse>('get_one_user_access_key', { ride_id: rideId, recipientDetails });

/** GET copy_private_ride_api/{rideId}: a client's own copy of a private trip (uesr_copyed_new_ride). */
export const copyPrivateTrip = (rideId: number) =>
  apiGet<CopyPrivateRideResponse>(`copy_private_ride_api/${rideId}`);

/** GET copy_private_ride_status_api/{rideId}: whether this viewer may make their own copy (and the copy they have). */
export const copyPrivateTripStatusQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: ['copy_private_ride_status', rideId, viewer],
    queryFn: ({ signal }) =>
      apiGet<CopyPrivateRideStatusResponse>(`copy_private_ride_status_api/${rideId}`, signal),
    retry: false,
  });

/** GET add_ride_to_user_api/{rideId}: by the author of a private trip, its duplicate (000 §6; decision 0015). */
export const duplicateTrip = (rideId: number) => apiGet<CopyTripResponse>(`add_ride_to_user_api/${rideId}`);

/** POST record_ride_share_api: the planner shared the trip's link (billing counts it, 002 §3). Never blocks the copy. */
export const recordTripShare = (rideId: number) =>
  apiPost<RecordRideShareResponse>('record_ride_share_api', { ride_id: rideId, channel: 'link' }).catch(
    () => undefined,
  );

/**
 * GET ride_subdomain_settings_api/{rideId}: the trip's closed environment and white-label permissions, for the manager
 * of a sub-domain. Anyone else is refused (403): asked once, never again on that answer.
 */
export const tripSubdomainSettingsQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: ['ride_subdomain_settings', rideId, viewer],
    queryFn: ({ signal }) =>
      apiGet<RideSubdomainSettingsResponse>(`ride_subdomain_settings_api/${rideId}`, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** POST update_ride_subdomain_settings_api/{rideId}: what is sent changes; answers the settings after the change. */
export const updateTripSubdomainSettings = (rideId: number, body: UpdateRideSubdomainSettingsBody) =>
  apiPost<RideSubdomainSettingsResponse>(`update_ride_subdomain_settings_api/${rideId}`, body);
