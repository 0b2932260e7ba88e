import { useEffect, useRef } from 'react';
import type { RideLanguage } from '@rides/contract';
import { changeLanguage, currentLanguage, tripUiLanguage } from '../../../../lib/i18n';

/**
 * The page reads in the trip's language (000 §4: "Language: read from local storage at start, replaced by the
 * trip's language when the trip is loaded"): hebrew -> he / rtl, english -> en / ltr.
 *
 * Choice: we simply switch, as the old product did, and keep the switch after leaving the page. The language
 * switch in the header stays truthful, and a visitor who follows a shared English trip keeps reading English.
 * It is applied once per trip, so a visitor who then uses the language switch on this page is not overridden.
 */
export function useTripLanguage(rideId: number | null, language: RideLanguage | undefined): void {
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (rideId === null || !language || applied.current === rideId) return;
    applied.current = rideId;
    const lng = tripUiLanguage(language);
    if (currentLanguage() !== lng) void changeLanguage(lng);
  }, [rideId, language]);
}
