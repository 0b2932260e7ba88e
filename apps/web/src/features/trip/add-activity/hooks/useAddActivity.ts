import type { PlacementResponse } from '@rides/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api';
import { addAttractionToTrip, addPlaceToTrip } from '../../data/attraction-calls';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { addActivityKeys } from '../api/activity-search';
import type { Candidate } from '../lib/candidates';

/**
 * Adds a result to the trip on a day: our attraction by id, a maps place by its place id. On success the trip's
 * reads and this page's results (their inRide flags) are read again, so the trip page shows the new activity.
 */
export function useAddActivity(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation<PlacementResponse, Error, { candidate: Candidate; date: string }>({
    mutationFn: ({ candidate, date }) => {
      if (candidate.attractionId !== null) return addAttractionToTrip(rideId, candidate.attractionId, date);
      if (candidate.placeId) return addPlaceToTrip(rideId, candidate.placeId, date, candidate.source);
      // mergeCandidates leaves such results out; kept as a clear error rather than a crash.
      return Promise.reject(new ApiError('bad_request', 400));
    },
    onSuccess: async () => {
      await Promise.all([
        invalidateTrip(queryClient, rideId),
        queryClient.invalidateQueries({ queryKey: addActivityKeys.trip(rideId) }),
      ]);
    },
  });
}
