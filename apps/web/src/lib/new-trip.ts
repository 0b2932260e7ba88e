import type { AddRideBody, AddRideResponse } from '@rides/contract';
import { apiPost } from './api';

/**
 * POST add_ride_api: a new trip, its id in the answer. Shared: a trip is created before it is one (the information
 * form's new trip, the trip from photos over the photos' span), so neither feature imports the other for it.
 */
export const addTrip = (body: AddRideBody) => apiPost<AddRideResponse>('add_ride_api', body);
