import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWrite } from '../../../../lib/use-write';
import { copyTripToUser } from '../api/trip-calls';
import { paths } from '../../../../lib/paths';

/**
 * add_ride_to_user_api/{rideId}: the user's own copy (decision 0015), then their copy's page with the spec's message
 * (uesr_copyed_new_ride: update the start date). Asking again answers the copy they already have.
 */
export function useCopyTrip(rideId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useWrite();
  const copy = useCallback(async () => {
    const res = await run(() => copyTripToUser(rideId), {
      success: (copied) => ({
        id: `copied-${rideId}`,
        title: copied.alreadyCopied ? t('trip.copy.alreadyCopied') : undefined,
        message: t('uesr_copyed_new_ride'),
        autoClose: 12_000,
      }),
      failure: { id: `copy-error-${rideId}` },
    });
    if (res) void navigate(paths.trip(res.newRideId));
    return res !== undefined;
  }, [navigate, rideId, run, t]);
  return { copy, busy };
}
