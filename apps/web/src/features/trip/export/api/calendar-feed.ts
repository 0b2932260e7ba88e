import { queryOptions } from '@tanstack/react-query';
import type { CalendarFeedResponse, RevokeCalendarFeedResponse } from '@rides/contract';
import { apiGet, apiRequest } from '../../../../lib/api';

/**
 * ride_calendar_feed_api: the trip's calendar address for this viewer (a private trip's carries their secret token).
 * The key names the viewer (their token) so one person's secret address is never shown to the next on this device.
 */
export const calendarFeedQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: ['ride_calendar_feed', rideId, viewer] as const,
    queryFn: ({ signal }) => apiGet<CalendarFeedResponse>(`ride_calendar_feed_api/${rideId}`, signal),
    staleTime: Infinity,
  });

/** reset_ride_calendar_feed_api: a new secret address; the old one stops working. */
export const resetCalendarFeed = (rideId: number) =>
  apiRequest<CalendarFeedResponse>(`reset_ride_calendar_feed_api/${rideId}`, { method: 'POST' });

/** DELETE trips/{rideId}/calendar-feed: the viewer's address stops working; opening the dialog again makes a new one. */
export const revokeCalendarFeed = (rideId: number) =>
  apiRequest<RevokeCalendarFeedResponse>(`trips/${rideId}/calendar-feed`, { method: 'DELETE' });
