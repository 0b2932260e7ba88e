import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  addAttractionBody,
  attractionTimeHeader,
  checkPlaceIdBody,
  checkPlaceIdResponse,
  googleAttractionHeader,
  placementResponse,
  removeAttractionResponse,
  rideAttractionParams,
  tripIdParams,
  tripPlaceParams,
} from '@rides/contract';
import type { AttractionsService } from './attractions.service.js';
import { DATE_DATA, readDataHeader } from '../../lib/data-header.js';
import { editErrors } from './days.routes.js';

/** The activity calls (000 §7), methods and payloads as the spec gives them. HTTP only. */
export async function attractionsRoutes(app: FastifyInstance, opts: { attractions: AttractionsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { attractions } = opts;
  const auth = { preHandler: app.requireUser };
  const errors = { ...editErrors, 500: editErrors[400] };
  /** Every activity call: signed in, in the docs' editing group, answering `ok` (200) or an edit error. */
  const editCall = <S extends { summary: string; params: ZodType; body?: ZodType }, R extends ZodType>(
    schema: S,
    ok: R,
  ) => ({
    ...auth,
    schema: { tags: ['editing'], ...schema, response: { 200: ok, ...errors } },
  });

  api.post(
    '/add_attraction_to_ride_api/:rideId/:attractionId',
    editCall(
      {
        summary: 'Adds one of our attractions on a day (form: date, shouldCopyTheAttraction)',
        params: rideAttractionParams,
        body: addAttractionBody,
      },
      placementResponse,
    ),
    async (request) =>
      attractions.addAttraction(
        request.params.rideId,
        request.params.attractionId,
        request.body,
        request.user,
      ),
  );

  api.get(
    '/add_google_attraction_to_ride_api/:rideId/:placeId',
    editCall(
      {
        summary: 'Adds a maps-service place on a day (Data header {"date":"M/D/YYYY","source"?,"language"?})',
        params: tripPlaceParams,
      },
      placementResponse,
    ),
    async (request) =>
      attractions.addPlace(
        request.params.rideId,
        request.params.placeId,
        readDataHeader(request.headers.data, googleAttractionHeader, DATE_DATA),
        request.user,
      ),
  );

  api.get(
    '/update_attraction_ride_time_api/:rideId/:attractionId',
    editCall(
      {
        summary: 'Sets the day and time of an activity (Data header {"date":"M/D/YYYY","time":"hh:mm:ss A"})',
        params: rideAttractionParams,
      },
      placementResponse,
    ),
    async (request) =>
      attractions.updateTime(
        request.params.rideId,
        request.params.attractionId,
        readDataHeader(request.headers.data, attractionTimeHeader, DATE_DATA),
        request.user,
      ),
  );

  api.get(
    '/remove_attraction_from_ride_api/:rideId/:attractionId',
    editCall(
      { summary: 'Removes an activity from the trip', params: rideAttractionParams },
      removeAttractionResponse,
    ),
    async (request) => attractions.remove(request.params.rideId, request.params.attractionId, request.user),
  );

  api.post(
    '/check_if_user_has_place_id_in_attractions_api/:rideId',
    editCall(
      {
        summary: 'Whether the user has an attraction with this place id, and whether the trip holds it',
        params: tripIdParams,
        body: checkPlaceIdBody,
      },
      checkPlaceIdResponse,
    ),
    async (request) =>
      attractions.checkPlaceId(request.params.rideId, request.body.googlePlaceId, request.user),
  );
}
