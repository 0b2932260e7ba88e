import { useCallback } from 'react';
import type { RideAttractionsResponse } from '@rides/contract';
import { updateAttractionTime } from '../../data/attraction-calls';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { tripAttractionsKeys } from '../../../../lib/trip-keys';
import { isoToPickerDate } from '../../data/wire';
import { useWrite } from '../../../../lib/use-write';
import { moveActivity } from '../lib/calendar-events';

interface SetTimeInput {
  attractionId: number;
  /** ISO date of the day. */
  date: string;
  /** hh:mm:ss A; null: "no time"; left out: the activity keeps its time (a drop on another day). */
  time?: string | null;
}

/**
 * update_attraction_ride_time_api (000 §5: a drop or the clock sets the date as M/D/YYYY; the clock sets the time as
 * hh:mm:ss A, a drop sends none and the activity keeps its own, decision 0043).
 * The cached trip moves at once (the calendar is drawn from it); a refusal puts the cache back as it was, so the drop
 * reverts; either way the trip is read again afterwards. A refusal goes to `onRefusal` (the page says it), not a toast.
 */
export function useSetActivityTime(rideId: number) {
  const { run, busy } = useWrite();
  const setTime = useCallback(
    ({ attractionId, date, time }: SetTimeInput, onRefusal: (error: unknown) => void) =>
      run(() => updateAttractionTime(rideId, attractionId, date, time), {
        optimistic: async (queryClient) => {
          const key = tripAttractionsKeys.of(rideId);
          await queryClient.cancelQueries({ queryKey: key });
          const before = queryClient.getQueryData<RideAttractionsResponse>(key);
          if (before)
            queryClient.setQueryData(
              key,
              moveActivity(before, attractionId, date, isoToPickerDate(date), time),
            );
          return () => {
            if (before) queryClient.setQueryData(key, before);
          };
        },
        settled: (queryClient) => invalidateTrip(queryClient, rideId),
        onError: (error) => {
          onRefusal(error);
          return true;
        },
      }),
    [rideId, run],
  );
  return { setTime, saving: busy };
}
