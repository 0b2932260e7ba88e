import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  moveDayHeader,
  moveDayResponse,
  tripDatesResponse,
  tripDayParams,
  tripIdParams,
  updateDurationBody,
} from '@rides/contract';
import { DATE_DATA, readDataHeader } from '../../lib/data-header.js';
import type { DaysService } from './days.service.js';

export const editErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * The day calls (000 §7). GET as the spec has them; each path also has its /force twin. HTTP only: the contract
 * validates the path (a non-numeric id or day index: 400 bad_request), the service decides and changes.
 */
export async function daysRoutes(app: FastifyInstance, opts: { days: DaysService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { days } = opts;
  const auth = { preHandler: app.requireUser };

  for (const force of [false, true]) {
    const suffix = force ? '/force' : '';
    const forced = force ? ' (forced: ordered accommodation moves too)' : '';
    api.get(
      `/add_day_to_ride_api/:rideId/:dayIndex${suffix}`,
      {
        ...auth,
        schema: {
          tags: ['editing'],
          summary: `Adds an empty day after day dayIndex (0-based); later days move one day on${forced}`,
          params: tripDayParams,
          response: { 200: tripDatesResponse, ...editErrors },
        },
      },
      async (request) => days.addDay(request.params.rideId, request.params.dayIndex, force, request.user),
    );
    api.get(
      `/remove_day_from_ride_api/:rideId/:dayIndex${suffix}`,
      {
        ...auth,
        schema: {
          tags: ['editing'],
          summary: `Removes a day; its activities go to the next day (the day before, for the last)${forced}`,
          params: tripDayParams,
          response: { 200: tripDatesResponse, ...editErrors },
        },
      },
      async (request) =>
        days.removeDay(
          request.params.rideId,
          request.params.dayIndex,
          { keepActivities: true, force },
          request.user,
        ),
    );
    api.get(
      `/remove_day_and_attractions_from_ride_api/:rideId/:dayIndex${suffix}`,
      {
        ...auth,
        schema: {
          tags: ['editing'],
          summary: `Removes a day with its activities${forced}`,
          params: tripDayParams,
          response: { 200: tripDatesResponse, ...editErrors },
        },
      },
      async (request) =>
        days.removeDay(
          request.params.rideId,
          request.params.dayIndex,
          { keepActivities: false, force },
          request.user,
        ),
    );
  }

  api.get(
    '/move_day_attractions_by_date_api/:rideId/:dayIndex',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: 'Moves every activity of a day to the date in the Data header ({"date":"M/D/YYYY"})',
        params: tripDayParams,
        response: { 200: moveDayResponse, ...editErrors },
      },
    },
    async (request) => {
      const { date } = readDataHeader(request.headers.data, moveDayHeader, DATE_DATA);
      return days.moveDayActivities(request.params.rideId, request.params.dayIndex, date, request.user);
    },
  );

  api.post(
    '/update_ride_duration_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: 'New first and last day (rideCheckin, rideCheckout); a new start moves the whole trip',
        params: tripIdParams,
        body: updateDurationBody,
        response: { 200: tripDatesResponse, ...editErrors },
      },
    },
    async (request) => days.updateDuration(request.params.rideId, request.body, request.user),
  );
}
