import type { RideDatesResponse } from '@rides/contract';
import type { TFunction } from 'i18next';
import { showToast } from '../../../lib/toast';

/**
 * After a day change: its success message, and when booked accommodation moved with the days (a forced change), the
 * reminder that the hotels themselves must be updated (000 §4). The reminder stays until it is closed.
 */
export function announceDayChange(t: TFunction, rideId: number, result: RideDatesResponse, successKey: string): void {
  showToast({ color: 'brand', message: t(successKey) });
  if (result.accommodationsShifted)
    showToast({
      id: `update-hotels-${rideId}`,
      color: 'yellow',
      title: t('tripEditing.updateHotels.title'),
      message: t('tripEditing.updateHotels.text'),
      autoClose: false,
    });
}
