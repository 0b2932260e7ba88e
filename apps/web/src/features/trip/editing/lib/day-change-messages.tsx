import type { TripDatesResponse } from '@rides/contract';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../../../lib/i18n';
import { showToast } from '../../../../lib/toast';
import { UNDO_MS } from '../../shared/undo-removal';
import { UndoMessage } from '../../shared/UndoMessage';

/**
 * After a day change: its success message, and when booked accommodation moved with the days (a forced change), the
 * reminder that the hotels themselves must be updated (000 §4). The reminder stays until it is closed. With `undo`
 * (a removed day) the message carries an "undo" button for 10 seconds (issue 5 "Go beyond").
 */
export function announceDayChange(
  t: TFunction,
  rideId: number,
  result: TripDatesResponse,
  successKey: TextKey,
  undo?: () => Promise<unknown>,
): void {
  if (undo) {
    const id = `undo-day-${rideId}-${Date.now()}`;
    showToast({ id, color: 'brand', autoClose: UNDO_MS, message: <UndoMessage toastId={id} text={t(successKey)} onUndo={undo} /> });
  } else {
    showToast({ color: 'brand', message: t(successKey) });
  }
  if (result.accommodationsShifted)
    showToast({
      id: `update-hotels-${rideId}`,
      color: 'yellow',
      title: t('tripEditing.updateHotels.title'),
      message: t('tripEditing.updateHotels.text'),
      autoClose: false,
    });
}
