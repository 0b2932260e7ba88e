import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { showToast } from '../../../../lib/toast';
import { copyRideToUser } from '../api/trip-calls';
import { paths } from '../../../../lib/paths';

/**
 * add_ride_to_user_api/{rideId}: the user's own copy (decision 0015), then their copy's page with the spec's message
 * (uesr_copyed_new_ride: update the start date). Asking again answers the copy they already have.
 */
export function useCopyRide(rideId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const copy = useCallback(async () => {
    setBusy(true);
    try {
      const res = await copyRideToUser(rideId);
      navigate(paths.trip(res.newRideId));
      showToast({
        id: `copied-${rideId}`,
        color: 'brand',
        title: res.alreadyCopied ? t('trip.copy.alreadyCopied') : undefined,
        message: t('uesr_copyed_new_ride'),
        autoClose: 12_000,
      });
      return true;
    } catch (error) {
      showToast({ id: `copy-error-${rideId}`, color: 'red', message: t(messageKey(errorCode(error))), autoClose: 8000 });
      return false;
    } finally {
      setBusy(false);
    }
  }, [navigate, rideId, t]);
  return { copy, busy };
}
