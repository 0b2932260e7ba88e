import { useCallback, useState } from 'react';
import { ApiError } from '../../../../lib/api';
import { addAttractionToTrip, addPlaceToTrip } from '../../data/attraction-calls';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { useWrite } from '../../../../lib/use-write';
import { addActivityKeys } from '../api/activity-search';
import type { Candidate } from '../lib/candidates';

/**
 * Adds a result to the trip on a day: our attraction by id, a maps place by its place id. On success the trip's
 * reads and this page's results (their inRide flags) are read again, so the trip page shows the new activity.
 * `adding` is the key of the result on its way; a refusal goes to `onRefusal` (the page says it), not to a toast.
 */
export function useAddActivity(rideId: number) {
  const { run } = useWrite();
  const [adding, setAdding] = useState<string | null>(null);
  const add = useCallback(
    async (candidate: Candidate, date: string, onRefusal: (error: unknown) => void) => {
      setAdding(candidate.key);
      try {
        return await run(
          () => {
            if (candidate.attractionId !== null)
              return addAttractionToTrip(rideId, candidate.attractionId, date);
            if (candidate.placeId) return addPlaceToTrip(rideId, candidate.placeId, date, candidate.source);
            // mergeCandidates leaves such results out; kept as a clear error rather than a crash.
            return Promise.reject(new ApiError('bad_request', 400));
          },
          {
            invalidate: (queryClient) =>
              Promise.all([
                invalidateTrip(queryClient, rideId),
                queryClient.invalidateQueries({ queryKey: addActivityKeys.trip(rideId) }),
              ]),
            onError: (error) => {
              onRefusal(error);
              return true;
            },
          },
        );
      } finally {
        // A later add on its way keeps its own mark.
        setAdding((key) => (key === candidate.key ? null : key));
      }
    },
    [rideId, run],
  );
  return { add, adding };
}
